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
    } else if (byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09) {
    } else {
      if (byte === 0x22) inString = true;
      out[length++] = byte;
    }
  }
  out[length++] = 0x0a;
  return out.subarray(0, length);
}
