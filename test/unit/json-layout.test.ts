// What --jq prints on a terminal (src/render/json-layout.ts): jq's layout, gh's colours, text from the service made safe.
import { describe, expect, it } from 'vitest';
import { indentJson, terminalJqValue } from '../../src/render/json-layout.js';

describe('indentJson', () => {
  it('lays compact JSON out as jq does: two spaces, `key: value`, empty objects and arrays on one line, every digit kept', () => {
    expect(indentJson('{"a":[1,{"b":null}],"c":{},"d":[],"e":"x,y:]}","n":123456789012345678901234567890}', false)).toBe(
      '{\n  "a": [\n    1,\n    {\n      "b": null\n    }\n  ],\n  "c": {},\n  "d": [],\n  "e": "x,y:]}",\n  "n": 123456789012345678901234567890\n}',
    );
  });

  it('paints as gh: delimiters bright white, keys bright blue, strings green, booleans yellow, null cyan, numbers plain', () => {
    expect(indentJson('{"k":"v","t":true,"z":null,"n":1}', true)).toBe(
      '\u001b[1;38m{\u001b[0m\n  \u001b[1;34m"k"\u001b[0m\u001b[1;38m:\u001b[0m \u001b[32m"v"\u001b[0m\u001b[1;38m,\u001b[0m\n' +
        '  \u001b[1;34m"t"\u001b[0m\u001b[1;38m:\u001b[0m \u001b[33mtrue\u001b[0m\u001b[1;38m,\u001b[0m\n' +
        '  \u001b[1;34m"z"\u001b[0m\u001b[1;38m:\u001b[0m \u001b[36mnull\u001b[0m\u001b[1;38m,\u001b[0m\n' +
        '  \u001b[1;34m"n"\u001b[0m\u001b[1;38m:\u001b[0m 1\n\u001b[1;38m}\u001b[0m',
    );
  });
});

describe('terminalJqValue', () => {
  it('a string raw, its escape sequences and control characters taken out, its lines kept', () => {
    expect(terminalJqValue('"red\\u001b[31m text\\nline\\u0007two"', true)).toBe('red text\nline two');
  });

  it('other scalars as they are; objects and arrays laid out; a raw C1 control in a string made safe', () => {
    expect(terminalJqValue('12', true)).toBe('12');
    expect(terminalJqValue('["a\u0085b","c\u009b"]', false)).toBe('[\n  "a b",\n  "c "\n]');
  });
});
