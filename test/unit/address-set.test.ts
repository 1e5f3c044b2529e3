// The compact address set: first-seen order, case-insensitive identity, the first spelling kept, across growth.
import { describe, expect, it } from 'vitest';
import { AddressSet } from '../../src/commands/shared/address-set.js';
import { numberedAddress } from '../helpers/fixtures.js';

const CHECKSUMMED = '0x71C7656EC7ab88b098defB751B7401B5f6d8976F';

describe('AddressSet', () => {
  it('keeps each address once, case-insensitively, in first-seen order and first spelling', () => {
    const set = new AddressSet();
    expect(set.add(CHECKSUMMED)).toBe(true);
    expect(set.add(numberedAddress(1))).toBe(true);
    expect(set.add(CHECKSUMMED.toLowerCase())).toBe(false);
    expect(set.add('0x' + CHECKSUMMED.slice(2).toUpperCase())).toBe(false);
    expect(set.add('0xABCDEF0000000000000000000000000000000001')).toBe(true);
    expect(set.size).toBe(3);
    expect(set.slice(0, 10)).toEqual([CHECKSUMMED, numberedAddress(1), '0xABCDEF0000000000000000000000000000000001']);
    expect(set.at(0)).toBe(CHECKSUMMED);
  });

  it('200,000 addresses sharing long prefixes: all kept, in order, across chunks and table growth; repeats refused', () => {
    const set = new AddressSet();
    const count = 200_000;
    let added = 0;
    for (let i = 0; i < count; i++) if (set.add(numberedAddress(i))) added++;
    let repeated = 0;
    for (let i = 0; i < count; i += 997) if (!set.add(numberedAddress(i).toUpperCase().replace('0X', '0x'))) repeated++;
    expect(added).toBe(count);
    expect(repeated).toBe(Math.ceil(count / 997));
    expect(set.size).toBe(count);
    expect(set.slice(65_530, 65_540)).toEqual(Array.from({ length: 10 }, (_, i) => numberedAddress(65_530 + i)));
    expect(set.at(count - 1)).toBe(numberedAddress(count - 1));
    expect(set.slice(count - 2, count + 5)).toHaveLength(2);
  });

  it('addPlainLine: a line that is only an address in one case is added from its bytes, anything else is left to text', () => {
    const set = new AddressSet();
    const line = (text: string) => Buffer.from(text);
    const upper = '0xABCDEF0000000000000000000000000000000001';
    expect(set.addPlainLine(line(upper))).toBe('added');
    expect(set.addPlainLine(line(upper.toLowerCase()))).toBe('present');
    expect(set.add(upper.toLowerCase())).toBe(false);
    expect(set.addPlainLine(line(numberedAddress(7)))).toBe('added');
    for (const other of [
      CHECKSUMMED,
      ` ${numberedAddress(8)}`,
      `${numberedAddress(8)} `,
      '0x12',
      numberedAddress(8).replace('0x', '0X'),
      '0x' + 'g'.repeat(40),
      '',
    ]) {
      expect(set.addPlainLine(line(other)), other).toBeUndefined();
    }
    expect(set.size).toBe(2);
    expect(set.slice(0, 2)).toEqual([upper, numberedAddress(7)]);
    // The bytes and the text of one address make one key, case kept from the first.
    expect(set.add('0xabcdef0000000000000000000000000000000002')).toBe(true);
    expect(set.addPlainLine(line('0xABCDEF0000000000000000000000000000000002'))).toBe('present');
    expect(set.at(2)).toBe('0xabcdef0000000000000000000000000000000002');
  });
});
