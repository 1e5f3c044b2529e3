// The lines of the kept files (`<bytes> <checksum> <json>\n`): a line is read only when it is whole and intact, so
// any damaged byte of one is told from a crash's cut end, and never read as a change.
import { describe, expect, it } from 'vitest';
import { RawJson } from '../../src/emulator/kept/change.js';
import type { KeptEntry } from '../../src/emulator/kept/change.js';
import {
  decodeEntries,
  encodeEntries,
  encodeHeader,
  encodeLine,
  entriesJson,
  KEPT_FORMAT,
  KeptFileError,
  LineBuffer,
  lineAt,
  scanFile,
} from '../../src/emulator/kept/record-file.js';

const header = encodeHeader({ kind: 'svc-emulator-log', format: KEPT_FORMAT, number: 1 });
const change = (name: string) => encodeEntries([['webhook', 'w1', { name }]]);

/** `line` with its length field written as `length` (the checksum and the JSON as they were). */
function withLength(line: Buffer, length: string): Buffer {
  const space = line.indexOf(0x20);
  return Buffer.concat([Buffer.from(length), line.subarray(space)]);
}

describe('a line of a kept file', () => {
  it('is read whole, from any offset, with where the next one begins', () => {
    const first = change('first');
    const second = change('second');
    const data = Buffer.concat([first, second]);
    expect(lineAt(data, 0)).toEqual({ json: Buffer.from('[["webhook","w1",{"name":"first"}]]'), next: first.length });
    expect(lineAt(data, first.length)).toEqual({ json: Buffer.from('[["webhook","w1",{"name":"second"}]]'), next: data.length });
  });

  it('is not read when any one of its bytes is changed, its separators and the newline included', () => {
    const line = change('flipped');
    for (let index = 0; index < line.length; index++) {
      for (const mask of [0x01, 0x10, 0x40]) {
        const damaged = Buffer.from(line);
        damaged[index] = damaged[index]! ^ mask;
        expect(lineAt(damaged, 0), `byte ${index} ^ ${mask}`).toBeUndefined();
      }
    }
  });

  it('is not read when cut short anywhere, nor from an empty file', () => {
    const line = change('cut');
    for (let bytes = 0; bytes < line.length; bytes++) expect(lineAt(line.subarray(0, bytes), 0)).toBeUndefined();
  });

  it('is not read when its length is not plain decimal digits, even one that JavaScript reads as the same number', () => {
    const line = change('length');
    const length = String(line.indexOf(0x0a) - line.indexOf(0x20) - 10);
    expect(lineAt(withLength(line, length), 0)).toBeDefined();
    for (const written of [`+${length}`, `${length}.0`, `0x${Number(length).toString(16)}`, `${Number(length) / 10}e1`, ` ${length}`, '']) {
      expect(lineAt(withLength(line, written), 0), written).toBeUndefined();
    }
  });
});

describe('a kept file scanned', () => {
  it('drops a cut end (no whole line after it) and counts the whole lines after a damaged one', () => {
    const lines = [change('a'), change('b'), change('c')];
    const whole = Buffer.concat([header, ...lines]);
    const cut = scanFile(whole.subarray(0, whole.length - 4), 'log');
    expect(cut.lines).toHaveLength(2);
    expect(cut.validBytes).toBe(header.length + lines[0]!.length + lines[1]!.length);
    expect(cut.tornBytes).toBe(lines[2]!.length - 4);
    expect(cut.damage).toBeUndefined();

    const damaged = Buffer.from(whole);
    damaged[header.length + 3] = damaged[header.length + 3]! ^ 0x01;
    const scanned = scanFile(damaged, 'log');
    expect(scanned.lines).toHaveLength(0);
    expect(scanned.validBytes).toBe(header.length);
    expect(scanned.damage).toEqual({ offset: header.length, wholeLinesAfter: 2 });
    expect(scanned.tornBytes).toBe(0);

    // Damage in the one before the last: one whole line after it, however short.
    const beforeLast = Buffer.from(whole);
    const inSecond = header.length + lines[0]!.length + 3;
    beforeLast[inSecond] = beforeLast[inSecond]! ^ 0x01;
    expect(scanFile(beforeLast, 'log').damage).toEqual({ offset: header.length + lines[0]!.length, wholeLinesAfter: 1 });
  });

  it('reads a file that is whole to its end with nothing torn, and an empty one as holding nothing', () => {
    const whole = Buffer.concat([header, change('a')]);
    expect(scanFile(whole, 'log')).toEqual({
      header: { kind: 'svc-emulator-log', format: KEPT_FORMAT, number: 1 },
      lines: [Buffer.from('[["webhook","w1",{"name":"a"}]]')],
      validBytes: whole.length,
      tornBytes: 0,
    });
    expect(scanFile(Buffer.alloc(0), 'log')).toEqual({ header: undefined, lines: [], validBytes: 0, tornBytes: 0 });
  });

  it('refuses a file whose header is not a kept file’s, of a later format, or without a number', () => {
    const headed = (json: string) => Buffer.concat([encodeLine([Buffer.from(json)]), change('a')]);
    expect(() => scanFile(headed('{"kind":"other","format":2,"number":1}'), 'f')).toThrow(KeptFileError);
    expect(() => scanFile(headed('null'), 'f')).toThrow(KeptFileError);
    expect(() => scanFile(headed(`{"kind":"svc-emulator-log","format":${KEPT_FORMAT + 1},"number":1}`), 'f')).toThrow(/newer format/);
    expect(() => scanFile(headed('{"kind":"svc-emulator-log","number":1}'), 'f')).toThrow(/newer format/);
    expect(() => scanFile(headed('{"kind":"svc-emulator-snapshot","format":2}'), 'f')).toThrow(/has no number/);
    expect(scanFile(headed('{"kind":"svc-emulator-snapshot","format":2,"number":3}'), 'f').header?.number).toBe(3);
    // A first line that is whole but not framed as ours, with nothing of ours after it: some other file.
    expect(() => scanFile(Buffer.from('hello\n'), 'f')).toThrow(/not an emulator data file/);
  });
});

describe('lines encoded into one reused buffer', () => {
  it('are each read back whole, through growth and clears, with text of several bytes a character and raw JSON', () => {
    const lines = new LineBuffer(16);
    const entries: KeptEntry[][] = [
      [['webhook', 'w1', { name: 'é ✓ 𝄞' }]],
      [
        ['webhook', 'w2', { name: 'x'.repeat(200) }],
        ['addresses', 'w2/0', new RawJson([Buffer.from('["0xab",'), Buffer.from('"0xcd"]')])],
      ],
      [['webhook', 'w3', null]],
    ];
    for (const round of [0, 1]) {
      lines.clear();
      for (const change of entries) lines.append(entriesJson(change));
      const data = Buffer.from(lines.contents());
      let offset = 0;
      const read = entries.map(() => {
        const line = lineAt(data, offset)!;
        offset = line.next;
        return decodeEntries(line.json);
      });
      expect(offset, `round ${round}`).toBe(data.length);
      expect(read).toEqual([entries[0], [entries[1]![0], ['addresses', 'w2/0', ['0xab', '0xcd']]], entries[2]]);
      // The same bytes as a line made alone.
      expect(data).toEqual(Buffer.concat(entries.map((change) => encodeEntries(change))));
    }
  });
});
