// Cuts a stream of JSON texts (what a command prints with --json: one document, or one per line) into whole
// documents, so each can be handed to jq as soon as it is complete.

const SPACE = new Set([0x20, 0x0a, 0x0d, 0x09]);

/** Feeds on bytes as they are written; gives back each document once its last byte has come. */
export class JsonDocuments {
  private pending: Uint8Array[] = [];
  /** Open objects and arrays of the document being read. */
  private depth = 0;
  private inString = false;
  private escaped = false;
  /** A top-level number, `true`, `false` or `null` is being read: it ends at the next space or the stream's end. */
  private inScalar = false;

  /** The documents that `chunk` completes, in order. */
  push(chunk: Uint8Array): Uint8Array[] {
    const complete: Uint8Array[] = [];
    let start = 0;
    for (let i = 0; i < chunk.length; i++) {
      const byte = chunk[i]!;
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (byte === 0x5c) this.escaped = true;
        else if (byte === 0x22) {
          this.inString = false;
          if (this.depth === 0) start = this.take(chunk, start, i + 1, complete);
        }
        continue;
      }
      if (this.inScalar) {
        if (SPACE.has(byte) || byte === 0x7b || byte === 0x5b || byte === 0x22) {
          this.inScalar = false;
          start = this.take(chunk, start, i, complete);
          i--;
        }
        continue;
      }
      if (byte === 0x22) this.inString = true;
      else if (byte === 0x7b || byte === 0x5b) this.depth++;
      else if (byte === 0x7d || byte === 0x5d) {
        this.depth--;
        if (this.depth <= 0) {
          this.depth = 0;
          start = this.take(chunk, start, i + 1, complete);
        }
      } else if (this.depth === 0 && SPACE.has(byte)) {
        // Between documents (nothing is pending there): part of neither.
        start = i + 1;
      } else if (this.depth === 0) this.inScalar = true;
    }
    if (start < chunk.length) this.pending.push(chunk.subarray(start));
    return complete;
  }

  /** What is left once the stream ends: a last scalar, or the start of a document that never ended (jq says what is wrong). */
  end(): Uint8Array | undefined {
    if (this.pending.length === 0) return undefined;
    const rest = Buffer.concat(this.pending);
    this.pending = [];
    return rest.some((byte) => !SPACE.has(byte)) ? rest : undefined;
  }

  /** Ends the document at `end` of `chunk` (with what was pending before it); returns where the next one may start. */
  private take(chunk: Uint8Array, start: number, end: number, complete: Uint8Array[]): number {
    const tail = chunk.subarray(start, end);
    complete.push(this.pending.length === 0 ? tail : Buffer.concat([...this.pending, tail]));
    this.pending = [];
    return end;
  }
}
