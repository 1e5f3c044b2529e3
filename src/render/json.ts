// --json output: the service's bytes as returned, one document per line.

const NEWLINE = Buffer.from('\n');

/** The body exactly as returned, ending in one newline so the next document starts on its own line. */
export function asReturned(raw: Buffer): Buffer {
  return raw.length > 0 && raw[raw.length - 1] === 0x0a ? raw : Buffer.concat([raw, NEWLINE]);
}

/**
 * The same JSON value written compactly on one line: whitespace between tokens removed, strings untouched.
 * Works on the bytes (never parsed and re-serialised), so numbers keep every digit they came with.
 */
export function asOneLine(raw: Buffer): Buffer {
  const out = Buffer.allocUnsafe(raw.length + 1);
  let length = 0;
  let inString = false;
  for (let i = 0; i < raw.length; i++) {
    const byte = raw[i]!;
    if (inString) {
      out[length++] = byte;
      if (byte === 0x5c /* \\ */) out[length++] = raw[++i]!;
      else if (byte === 0x22 /* " */) inString = false;
    } else if (byte !== 0x20 && byte !== 0x0a && byte !== 0x0d && byte !== 0x09) {
      // Whitespace between tokens is dropped; everything else is kept.
      if (byte === 0x22) inString = true;
      out[length++] = byte;
    }
  }
  out[length++] = 0x0a;
  return out.subarray(0, length);
}

/**
 * Where things are in a JSON text, by byte offsets, for printing parts of a body without re-serialising them (which
 * would round numbers past 2^53 and rewrite escapes). Given text JSON.parse accepted; anything else is an error.
 */
export interface ListLayout {
  /** Offset of the list's `[`, and one past its `]`. */
  start: number;
  end: number;
  /** Each element as [start, end). */
  elements: Array<[number, number]>;
}

/**
 * The array held by the top-level member `field` of the object in `raw` (the last such member, the one JSON.parse
 * keeps), or undefined if there is none.
 */
export function listLayout(raw: Buffer, field: string): ListLayout | undefined {
  let found: ListLayout | undefined;
  forEachMember(raw, skipSpace(raw, 0), (key, valueStart, valueEnd) => {
    if (key !== field) return;
    if (raw[valueStart] !== 0x5b /* [ */) {
      found = undefined;
      return;
    }
    const elements: Array<[number, number]> = [];
    let at = skipSpace(raw, valueStart + 1);
    if (raw[at] !== 0x5d /* ] */) {
      for (;;) {
        const end = skipValue(raw, at);
        elements.push([at, end]);
        at = skipSpace(raw, end);
        if (raw[at] === 0x5d) break;
        at = skipSpace(raw, expect(raw, at, 0x2c /* , */));
      }
    }
    found = { start: valueStart, end: valueEnd, elements };
  });
  return found;
}

/** The text of each member of the object that starts at `start` (as sent: a number keeps every digit). */
export function memberTexts(raw: Buffer, start: number): Map<string, string> {
  const texts = new Map<string, string>();
  forEachMember(raw, start, (key, valueStart, valueEnd) => texts.set(key, raw.toString('utf8', valueStart, valueEnd)));
  return texts;
}

function forEachMember(raw: Buffer, start: number, visit: (key: string, valueStart: number, valueEnd: number) => void): void {
  let at = skipSpace(raw, expect(raw, start, 0x7b /* { */));
  if (raw[at] === 0x7d /* } */) return;
  for (;;) {
    const keyEnd = skipString(raw, at);
    const key = decodeKey(raw, at, keyEnd);
    const valueStart = skipSpace(raw, expect(raw, skipSpace(raw, keyEnd), 0x3a /* : */));
    const valueEnd = skipValue(raw, valueStart);
    visit(key, valueStart, valueEnd);
    at = skipSpace(raw, valueEnd);
    if (raw[at] === 0x7d) return;
    at = skipSpace(raw, expect(raw, at, 0x2c));
  }
}

function decodeKey(raw: Buffer, start: number, end: number): string {
  const text = raw.toString('utf8', start + 1, end - 1);
  return text.includes('\\') ? (JSON.parse(raw.toString('utf8', start, end)) as string) : text;
}

function expect(raw: Buffer, at: number, byte: number): number {
  if (raw[at] !== byte) throw new SyntaxError(`expected "${String.fromCharCode(byte)}" at byte ${at}`);
  return at + 1;
}

function skipSpace(raw: Buffer, at: number): number {
  let i = at;
  while (raw[i] === 0x20 || raw[i] === 0x0a || raw[i] === 0x0d || raw[i] === 0x09) i++;
  return i;
}

/** One past the closing quote of the string starting at `at`. */
function skipString(raw: Buffer, at: number): number {
  let i = expect(raw, at, 0x22);
  while (i < raw.length) {
    const byte = raw[i++];
    if (byte === 0x5c) i++;
    else if (byte === 0x22) return i;
  }
  throw new SyntaxError('unterminated string');
}

/** One past the end of the value starting at `at`; nested objects and arrays are skipped with a depth count. */
function skipValue(raw: Buffer, at: number): number {
  const first = raw[at];
  if (first === 0x22) return skipString(raw, at);
  if (first !== 0x7b && first !== 0x5b) {
    let i = at;
    while (i < raw.length && !isDelimiter(raw[i]!)) i++;
    if (i === at) throw new SyntaxError(`expected a value at byte ${at}`);
    return i;
  }
  let depth = 0;
  let i = at;
  while (i < raw.length) {
    const byte = raw[i]!;
    if (byte === 0x22) {
      i = skipString(raw, i);
      continue;
    }
    if (byte === 0x7b || byte === 0x5b) depth++;
    else if ((byte === 0x7d || byte === 0x5d) && --depth === 0) return i + 1;
    i++;
  }
  throw new SyntaxError('unterminated object or array');
}

function isDelimiter(byte: number): boolean {
  return byte === 0x2c || byte === 0x7d || byte === 0x5d || byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;
}
