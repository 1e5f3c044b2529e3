// The files of a data directory, line by line: `<bytes> <checksum> <json>\n`, so a line cut short by a crash or
// damaged on disk is told from a whole one. Each line of a log is one change (a JSON array of entries), kept or lost
// whole; the first line of every file is its header.
import { createHash } from 'node:crypto';
import type { KeptEntry } from './change.js';
import { RawJson } from './change.js';

/** The files' format; a file of a later one is refused rather than misread. 1 was a single journal.jsonl. */
export const KEPT_FORMAT = 2;

export type FileKind = 'svc-emulator-log' | 'svc-emulator-snapshot';

export interface FileHeader {
  kind: FileKind;
  format: number;
  /** A log's number; for a snapshot, the number of the last log it covers. */
  number: number;
  /** A snapshot's count of entries: one that holds fewer lost some (a snapshot is written whole before it counts). */
  entries?: number;
}

const CHECKSUM_DIGITS = 8;
const NEWLINE = 0x0a;

/** A line's JSON as pieces written one after another: text, and the exact bytes of cached JSON (RawJson). */
export type JsonPieces = (string | Buffer)[];

/**
 * Lines encoded one after another into one buffer, reused from line to line and grown only when a line needs more:
 * the data directory writes its logs and snapshots from one each. Buffers made per line are freed only once
 * collected, and freeing a large one raises the C allocator's threshold below which it keeps freed memory for reuse
 * instead of returning it: the process would keep, for good, what the transient buffers of its busiest moment took.
 */
export class LineBuffer {
  private buffer: Buffer;
  private used = 0;

  constructor(initialBytes = 64 * 1024) {
    this.buffer = Buffer.allocUnsafeSlow(initialBytes);
  }

  /** Bytes encoded since the last clear(). */
  get length(): number {
    return this.used;
  }

  /** Appends the line whose JSON is these pieces: `<bytes> <checksum> <json>\n`. */
  append(pieces: readonly (string | Buffer)[]): void {
    let jsonBytes = 0;
    for (const piece of pieces) jsonBytes += typeof piece === 'string' ? Buffer.byteLength(piece) : piece.length;
    const prefixBytes = String(jsonBytes).length + 1 + CHECKSUM_DIGITS + 1;
    this.reserve(prefixBytes + jsonBytes + 1);
    const jsonStart = this.used + prefixBytes;
    let at = jsonStart;
    for (const piece of pieces) at += typeof piece === 'string' ? this.buffer.write(piece, at) : piece.copy(this.buffer, at);
    const sum = createHash('sha1').update(this.buffer.subarray(jsonStart, at)).digest('hex').slice(0, CHECKSUM_DIGITS);
    this.buffer.write(`${jsonBytes} ${sum} `, this.used, 'latin1');
    this.buffer[at] = NEWLINE;
    this.used = at + 1;
  }

  /** The lines appended since the last clear(): a view, valid until the next append() or clear(). */
  contents(): Buffer {
    return this.buffer.subarray(0, this.used);
  }

  clear(): void {
    this.used = 0;
  }

  private reserve(bytes: number): void {
    if (this.used + bytes <= this.buffer.length) return;
    const grown = Buffer.allocUnsafeSlow(Math.max(this.used + bytes, this.buffer.length * 2));
    this.buffer.copy(grown, 0, 0, this.used);
    this.buffer = grown;
  }
}

/** A line from the parts of its JSON: the checksum is the first 8 hex digits of their SHA-1. */
export function encodeLine(jsonParts: readonly (string | Buffer)[]): Buffer {
  const line = new LineBuffer(0);
  line.append(jsonParts);
  return line.contents();
}

/** A file's first line, the header, as JSON. */
export function headerJson(header: FileHeader): string {
  return JSON.stringify(header);
}

export function encodeHeader(header: FileHeader): Buffer {
  return encodeLine([headerJson(header)]);
}

/** The JSON of one entry, `["kind","key",value]`: a RawJson value as its bytes. */
export function entryJson([kind, key, value]: KeptEntry): JsonPieces {
  const head = `[${JSON.stringify(kind)},${JSON.stringify(key)},`;
  if (value instanceof RawJson) return [head, ...value.parts, ']'];
  return [`${head}${JSON.stringify(value ?? null)}]`];
}

/** The JSON of a line holding these entries, in order: a change, or a part of a snapshot. */
export function entriesJson(entries: readonly KeptEntry[]): JsonPieces {
  const pieces: JsonPieces = ['['];
  entries.forEach((entry, index) => {
    if (index > 0) pieces.push(',');
    pieces.push(...entryJson(entry));
  });
  pieces.push(']');
  return pieces;
}

/** One line holding these entries, in order. */
export function encodeEntries(entries: readonly KeptEntry[]): Buffer {
  return encodeLine(entriesJson(entries));
}

/** The JSON of the line at `offset` and where the next begins, or undefined when it is not a whole, intact line. */
export function lineAt(data: Buffer, offset: number): { json: Buffer; next: number } | undefined {
  const end = data.indexOf(0x0a, offset);
  // Stryker disable next-line ConditionalExpression,EqualityOperator: equivalent, the next check refuses the same lines (no newline, or one at `offset`).
  if (end < 0) return undefined;
  const lengthEnd = data.indexOf(0x20, offset);
  if (lengthEnd <= offset || lengthEnd > end) return undefined;
  const lengthText = data.toString('latin1', offset, lengthEnd);
  const jsonStart = lengthEnd + 1 + CHECKSUM_DIGITS + 1;
  if (!/^\d+$/.test(lengthText) || jsonStart > end || data[jsonStart - 1] !== 0x20) return undefined;
  if (Number(lengthText) !== end - jsonStart) return undefined;
  const json = data.subarray(jsonStart, end);
  const sum = createHash('sha1').update(json).digest('hex').slice(0, CHECKSUM_DIGITS);
  if (sum !== data.toString('latin1', lengthEnd + 1, jsonStart - 1)) return undefined;
  return { json, next: end + 1 };
}

export interface ScannedFile<Header = FileHeader> {
  /** The header, or undefined for an empty file (or one whose header line was cut short). */
  header: Header | undefined;
  /** The JSON of each whole line after the header, in order. */
  lines: Buffer[];
  /** Bytes of whole lines from the start: where the file ends once a torn tail is cut off. */
  validBytes: number;
  /** Bytes after the last whole line that no whole line follows: a write cut short, dropped. */
  tornBytes: number;
  /** A line that is not whole with whole lines after it: damage, not a crash. Its offset and the lines after it. */
  damage?: { offset: number; wholeLinesAfter: number };
}

/** The file is not one of a data directory's, or of a later format: why, for the user. */
export class KeptFileError extends Error {}

/**
 * Reads a file's lines, telling a torn tail (dropped) from damage before the last line (reported, not cut). The
 * first line is read by `readHeader` (a file of the earlier format has a header of its own).
 */
export function scanFile<Header = FileHeader>(
  data: Buffer,
  name: string,
  readHeader: (json: Buffer, name: string) => Header = parseHeader as (json: Buffer, name: string) => Header,
): ScannedFile<Header> {
  const lines: Buffer[] = [];
  let offset = 0;
  let header: Header | undefined;
  while (offset < data.length) {
    const line = lineAt(data, offset);
    if (!line) break;
    if (header === undefined) header = readHeader(line.json, name);
    else lines.push(line.json);
    offset = line.next;
  }
  const rest = { header, lines, validBytes: offset, tornBytes: 0 };
  if (offset === data.length) return rest;
  // Whole lines after the bad one mean it was damaged in place: a crash only ever cuts the end of a file.
  let wholeLinesAfter = 0;
  for (let newline = data.indexOf(0x0a, offset); newline >= 0 && newline + 1 < data.length;) {
    const line = lineAt(data, newline + 1);
    if (line) {
      wholeLinesAfter++;
      newline = line.next - 1;
    } else {
      newline = data.indexOf(0x0a, newline + 1);
    }
  }
  // A first line that is whole but not one of ours, with nothing of ours after it: some other file.
  if (header === undefined && data.indexOf(0x0a) >= 0 && wholeLinesAfter === 0) {
    throw new KeptFileError(`${name} is not an emulator data file (its first line is not one)`);
  }
  if (wholeLinesAfter === 0) return { ...rest, tornBytes: data.length - offset };
  return { ...rest, damage: { offset, wholeLinesAfter } };
}

function parseHeader(json: Buffer, name: string): FileHeader {
  let header: Partial<FileHeader> & { kind?: unknown };
  try {
    header = JSON.parse(json.toString('utf8'));
  } catch {
    throw new KeptFileError(`${name} is not an emulator data file`);
  }
  if (header?.kind !== 'svc-emulator-log' && header?.kind !== 'svc-emulator-snapshot') {
    throw new KeptFileError(`${name} is not an emulator data file`);
  }
  if (typeof header.format !== 'number' || header.format > KEPT_FORMAT) {
    throw new KeptFileError(
      `${name} is of a newer format (${String(header.format)}; this svc reads ${KEPT_FORMAT}): use the svc that wrote it, or another --data-dir`,
    );
  }
  if (!Number.isSafeInteger(header.number)) throw new KeptFileError(`${name} is not an emulator data file (its header has no number)`);
  return header as FileHeader;
}

/** The entries of one line. */
export function decodeEntries(json: Buffer): KeptEntry[] {
  return JSON.parse(json.toString('utf8')) as KeptEntry[];
}
