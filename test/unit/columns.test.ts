// The display width's fast path (src/render/columns.ts) against string-width, which it stands in for: every character
// it counts as one column, strings of them in any order with and without colour, and the text it leaves to
// string-width. Also fitting text to a width along that path (truncate, shortenMiddle), which cuts without segmenting.
import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import columns, { isOneColumnEach } from '../../src/render/columns.js';
import { shortenMiddle, truncate } from '../../src/render/width.js';

/** Every code point of the Basic Multilingual Plane the fast path counts (no surrogate is one). */
const FAST = Array.from({ length: 0x10000 }, (_, code) => String.fromCharCode(code)).filter((char) => isOneColumnEach(char));

/** A small deterministic generator (the same strings every run). */
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state ^ (state >>> 15), 0x2c1b3c6d) + 0x9e3779b9) >>> 0;
    return state / 2 ** 32;
  };
}

describe('columns: the fast path', () => {
  it('counts hundreds of characters beyond ASCII, the ones the CLI draws among them', () => {
    expect(FAST.length).toBeGreaterThan(1_000);
    for (const char of ['…', '→', '✓', '≤', '×', '·', 'µ', '±', '⠋', '─', 'é']) expect(FAST, char).toContain(char);
  });

  it('gives every character it counts the width string-width gives it: one column', () => {
    const differing = FAST.filter((char) => stringWidth(char) !== 1).map((char) => char.codePointAt(0)!.toString(16));
    expect(differing).toEqual([]);
  });

  it('leaves to string-width what it cannot count alone: no column, two, or a grapheme of several', () => {
    // The soft hyphen and zero-width characters take none; CJK and emoji two; a combining mark joins its letter.
    for (const char of ['\u00AD', '\u200B', '\u200D', '\uFE0F', '日', '🚀', '✅', '◽', '\u0301', '\t', '\u0000', '\u009B']) {
      expect(isOneColumnEach(char), `U+${char.codePointAt(0)!.toString(16)}`).toBe(false);
    }
  });

  it('measures strings of them, coloured or not, mixed with anything else, as string-width does', () => {
    const random = generator(7);
    const others = ['日本', '🚀', 'e\u0301', '\u00AD', '👩‍💻', '\t', 'ｶﾞ'];
    const colours = ['\u001B[1m', '\u001B[22m', '\u001B[32m', '\u001B[39m', '\u001B[2K'];
    for (let run = 0; run < 500; run++) {
      let text = '';
      const length = Math.floor(random() * 40);
      for (let i = 0; i < length; i++) {
        const roll = random();
        if (roll < 0.1) text += colours[Math.floor(random() * colours.length)];
        else if (roll < 0.15 && run % 2 === 1) text += others[Math.floor(random() * others.length)];
        else text += FAST[Math.floor(random() * FAST.length)];
      }
      expect(columns(text), JSON.stringify(text)).toBe(stringWidth(text));
    }
  });

  it('cuts such text at the width, without segmenting, as it would cut any other', () => {
    expect(truncate('Fetching transactions → page 12…', 12)).toBe('Fetching tr…');
    expect(shortenMiddle('0x71C7656EC7ab88b098defB751B7401B5f6d8976F', 13)).toBe('0x71C7…d8976F');
    expect(shortenMiddle('0x71C7656EC7ab88b098defB751B7401B5f6d8976F', 0)).toBe('');
    expect(truncate('日本語のテキスト', 5)).toBe('日本…');
    expect(shortenMiddle('日本語のテキストです', 7)).toBe('日…す');
  });
});
