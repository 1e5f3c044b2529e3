import { describe, expect, it } from 'vitest';
import { countOf, formatCount, partOf, plural } from '../../src/render/count.js';

describe('formatCount', () => {
  it.each([
    [0, '0'],
    [7, '7'],
    [999, '999'],
    [1000, '1,000'],
    [10001, '10,001'],
    [1234567, '1,234,567'],
    [-1234, '-1,234'],
    [1234.5, '1234.5'],
  ])('%d grouped is %s', (value, grouped) => {
    expect(formatCount(value, true)).toBe(grouped);
  });

  it('plain when not grouped', () => {
    expect(formatCount(1234567, false)).toBe('1234567');
  });
});

describe('countOf', () => {
  it('singular for one, plural otherwise, digits as asked', () => {
    expect(countOf(1, 'address', true)).toBe('1 address');
    expect(countOf(0, 'webhook', true)).toBe('0 webhooks');
    expect(countOf(10001, 'address', true)).toBe('10,001 addresses');
    expect(countOf(10001, 'address', false)).toBe('10001 addresses');
    expect(plural('change')).toBe('changes');
  });
});

describe('partOf', () => {
  it('the noun agrees with the whole: 1 of 1 address, 1 of 2 addresses', () => {
    expect(partOf(1, 1, 'address', true)).toBe('1 of 1 address');
    expect(partOf(1, 2, 'address', true)).toBe('1 of 2 addresses');
    expect(partOf(10, 1234, 'address', true)).toBe('10 of 1,234 addresses');
    expect(partOf(10, 1234, 'address', false)).toBe('10 of 1234 addresses');
  });
});
