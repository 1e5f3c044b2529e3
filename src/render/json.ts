// --json output: the service's bytes as returned, one document per line.

const NEWLINE = Buffer.from('\n');

/** The body exactly as returned, ending in one newline so the next document starts on its own line. */
export function asReturned(raw: Buffer): Buffer {
  return raw.length > 0 && raw[raw.length - 1] === 0x0a ? raw : Buffer.concat([raw, NEWLINE]);
}

/** The same JSON value on one line: raw newlines in JSON text are only whitespace between tokens. */
export function asOneLine(raw: Buffer): string {
  return raw.toString('utf8').replace(/[\r\n]+/g, '').trim() + '\n';
}
