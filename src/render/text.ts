// Terminal-safe text: service strings lose escape sequences, control and bidi characters before they are shown.

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
