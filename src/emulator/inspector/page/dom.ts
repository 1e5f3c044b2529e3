// Building the page's elements, and the forms its values are shown in. Whatever a receiver, a payload or a user
// wrote goes into the page as text (textContent, attribute values), never as HTML: nothing in this page parses HTML.

export type Child = Node | string | number | null | undefined | false;
/** A child, or a list of them (lists in it flattened too). */
export type Children = Child | (Child | Child[])[];
export type Attributes = Record<string, string | number | boolean | null | undefined | EventListener>;

/**
 * An element: attributes as given (true: present and empty; false, null or undefined: absent; a function under an
 * `on...` name: a listener), then its children (text, or nodes; null, undefined and false left out).
 */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Attributes = {},
  ...children: Children[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (typeof value === 'function') element.addEventListener(name.slice(2), value);
    else if (value === true) element.setAttribute(name, '');
    else if (value !== false && value !== null && value !== undefined) element.setAttribute(name, String(value));
  }
  append(element, children);
  return element;
}

export function append(parent: Element, children: Children[]): void {
  for (const child of children.flat(2) as Child[]) {
    if (child === null || child === undefined || child === false) continue;
    parent.append(typeof child === 'number' ? String(child) : child);
  }
}

/** Replaces an element's children. */
export function fill(parent: Element, ...children: Children[]): void {
  parent.replaceChildren();
  append(parent, children);
}

/**
 * Controls and bidirectional overrides in text from outside, as visible escapes: an answer cannot hide a part of
 * itself, or make what follows read backwards. Line breaks and tabs stay.
 */
const HIDDEN_CHARACTERS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** Text from outside, safe to read: line ends as "\n", controls shown as escapes. */
export function shown(text: string): string {
  return text
    .replace(/\r\n/g, '\n')
    .replace(HIDDEN_CHARACTERS, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** A URL as it may be shown: a user name and password it carries replaced by `***` (as svc prints webhook URLs). */
export function shownUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.username === '' && parsed.password === '') return shown(url);
    return shown(url.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/?#]*@/i, '$1***@'));
  } catch {
    return shown(url.replace(/^(.*:\/\/)?.*@/, '$1***@'));
  }
}

const two = (n: number) => String(n).padStart(2, '0');

/**
 * A moment as local time: the time of day for today, with the date for other days; the exact instant on hover.
 * @param when ISO 8601, or milliseconds
 */
export function time(when: string | number): HTMLElement {
  const date = new Date(when);
  if (Number.isNaN(date.getTime())) return h('span', {}, String(when));
  const day = `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}`;
  const clock = `${two(date.getHours())}:${two(date.getMinutes())}:${two(date.getSeconds())}`;
  const today = new Date().toDateString() === date.toDateString();
  return h('time', { datetime: date.toISOString(), title: date.toISOString() }, today ? clock : `${day} ${clock}`);
}

/** A long hex value shortened to its ends, its whole on hover and for screen readers. */
export function short(hex: string, className = 'hex'): HTMLElement {
  const text = shown(hex);
  const cut = text.length > 14 ? `${text.slice(0, 8)}\u2026${text.slice(-4)}` : text;
  return h(
    'span',
    { class: className, title: text },
    h('span', { 'aria-hidden': 'true' }, cut),
    h('span', { class: 'visually-hidden' }, text),
  );
}

/**
 * A whole amount of the smallest unit in units of `decimals`, trailing zeros trimmed (as svc tx list shows it).
 * @param amount decimal
 */
export function units(amount: string, decimals = 18): string {
  if (!/^\d+$/.test(amount)) return shown(amount);
  const digits = amount.padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals).replace(/^0+(?=\d)/, '');
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole;
}

/** A count with its noun, singular or plural. */
export function countOf(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

/** Says something to screen readers without moving them (the page's polite live region). */
export function announce(text: string): void {
  const region = document.getElementById('announcer');
  if (!region) return;
  // The same words twice are read twice only if the region changes in between.
  region.textContent = '';
  window.setTimeout(() => (region.textContent = text), 50);
}

/**
 * A table that scrolls sideways on a narrow screen, reachable by keyboard to do so.
 * @param label what the table holds
 * @param className the table's own, for its column widths
 */
export function table(label: string, headings: string[], body: HTMLTableSectionElement, className = ''): HTMLElement {
  return h(
    'div',
    { class: `table-wrap ${className}`.trim(), role: 'region', 'aria-label': label, tabindex: 0 },
    h(
      'table',
      {},
      h('caption', { class: 'visually-hidden' }, label),
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          headings.map((text) => h('th', { scope: 'col' }, text)),
        ),
      ),
      body,
    ),
  );
}

/** A message saying what went wrong, read out at once. */
export function failure(message: string | string[]): HTMLElement {
  const lines = Array.isArray(message) ? message : [message];
  return h(
    'div',
    { class: 'failure', role: 'alert' },
    lines.length === 1
      ? shown(lines[0] ?? '')
      : h(
          'ul',
          {},
          lines.map((line) => h('li', {}, shown(line))),
        ),
  );
}
