// Terminal-safe text: service strings lose escape sequences, control and bidi characters before they are shown.
import { formatCount } from './count.js';
// CSI (ESC [ ... final), OSC (ESC ] ... BEL or ST), other two-character escapes, and 8-bit CSI/OSC forms.
const ESCAPE_SEQUENCE =
  /\u001b\[[0-?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)?|\u001b[@-Z\\-_]|\u009b[0-?]*[ -/]*[@-~]|\u009d[^\u0007\u009c]*(?:\u0007|\u009c)?/g;
// C0/C1 controls (tab and newline included), DEL, and the bidi/zero-width formatting characters that can
// make text read differently from what it is ("Trojan Source").
const UNSAFE_CHARACTER = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\u061c\ufeff]/g;

/** One line of plain, printable text: sequences removed, each unsafe character replaced by a space. */
export function safeText(value: unknown): string {
  if (value === undefined || value === null) return '';
  const text = typeof value === 'string' ? value : String(value);
  return text.replace(ESCAPE_SEQUENCE, '').replace(UNSAFE_CHARACTER, ' ');
}

/**
 * How much text from outside (an error message of the service, a malformed body, a line of a file) one message may
 * quote: enough for any real explanation, and a 5 MB answer does not flood the terminal or a CI log.
 */
export const QUOTED_TEXT_LIMIT = 4096;

/**
 * Text from outside as one message may quote it: made safe as by safeText, then at most `limit` characters, the
 * rest replaced by a note saying how much was cut. Every message that quotes outside text goes through it.
 */
export function quotedText(value: unknown, limit: number = QUOTED_TEXT_LIMIT): string {
  const text = safeText(value);
  if (text.length <= limit) return text;
  // Never half of a surrogate pair: the cut falls before a character, not inside it.
  const end = /[\ud800-\udbff]/.test(text[limit - 1] ?? '') ? limit - 1 : limit;
  return `${text.slice(0, end)}… (${formatCount(text.length - end, true)} more characters cut)`;
}
