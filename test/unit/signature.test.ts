// The signature module against RFC 8785's own examples (appendix B numbers, section 3.2.2 strings, 3.2.3 key order),
// and the HMAC against one computed here by hand from a hand-written canonical form.
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { canonicalBytes, secretKey, signBody, verifyBody } from '../../src/signature/index.js';

const canonical = (value: unknown) => canonicalBytes(value).toString('utf8');
const fromBits = (hex: string) => Buffer.from(hex, 'hex').readDoubleBE(0);

describe('canonical JSON (RFC 8785)', () => {
  it('writes the numbers of appendix B in their one form', () => {
    const cases: [string, string][] = [
      ['0000000000000000', '0'],
      ['8000000000000000', '0'],
      ['0000000000000001', '5e-324'],
      ['8000000000000001', '-5e-324'],
      ['7fefffffffffffff', '1.7976931348623157e+308'],
      ['4340000000000000', '9007199254740992'],
      ['444b1ae4d6e2ef50', '1e+21'],
      ['44b52d02c7e14af5', '9.999999999999997e+22'],
      ['44b52d02c7e14af6', '1e+23'],
      ['44b52d02c7e14af7', '1.0000000000000001e+23'],
      ['3eb0c6f7a0b5ed8d', '0.000001'],
      ['3eb0c6f7a0b5ed8c', '9.999999999999997e-7'],
      ['41b3de4355555555', '333333333.3333333'],
    ];
    for (const [bits, text] of cases) expect(canonical(fromBits(bits)), bits).toBe(text);
    expect(() => canonical(fromBits('7ff0000000000000'))).toThrow();
    expect(() => canonical(Number.NaN)).toThrow();
  });

  it('matches the example of section 3.2.2', () => {
    const input = JSON.parse(
      '{"numbers": [333333333.33333329, 1E30, 4.50, 2e-3, 0.000000000000000000000000001],' +
        ' "string": "\\u20ac$\\u000F\\u000aA\'\\u0042\\u0022\\u005c\\\\\\"\\/", "literals": [null, true, false]}',
    );
    expect(canonical(input)).toBe(
      '{"literals":[null,true,false],"numbers":[333333333.3333333,1e+30,4.5,0.002,1e-27],"string":"€$\\u000f\\nA\'B\\"\\\\\\\\\\"/"}',
    );
  });

  it('sorts keys by UTF-16 code units, as section 3.2.3 shows', () => {
    const input = JSON.parse(
      '{"\\u20ac": "Euro Sign", "\\r": "Carriage Return", "\\ufb33": "Hebrew Letter Dalet With Dagesh", "1": "One",' +
        ' "\\ud83d\\ude00": "Emoji: Grinning Face", "\\u0080": "Control", "\\u00f6": "Latin Small Letter O With Diaeresis"}',
    );
    // Object.keys would reorder "1" first (an integer-like key), so the keys are read off the text itself.
    const keysInText = [...canonical(input).matchAll(/[{,]"((?:[^"\\]|\\.)*)":/g)].map((match) => JSON.parse(`"${match[1]}"`) as string);
    expect(keysInText).toEqual(['\r', '1', '\u0080', '\u00f6', '\u20ac', '\ud83d\ude00', '\ufb33']);
    expect(canonicalBytes({ '\u00f6': 1 })).toEqual(Buffer.from([0x7b, 0x22, 0xc3, 0xb6, 0x22, 0x3a, 0x31, 0x7d]));
  });
});

describe('signBody and verifyBody', () => {
  const secret = '8f'.repeat(32);
  const body = { webhookId: 'w-1', event: { transaction: { value: 10, token: 'Ünïcødé 🚀' } }, messageId: 'm-1' };
  const byHand = createHmac('sha256', Buffer.from(secret, 'hex'))
    .update('{"event":{"transaction":{"token":"Ünïcødé 🚀","value":10}},"messageId":"m-1","webhookId":"w-1"}', 'utf8')
    .digest('base64');

  it('signs the canonical form with the secret decoded from hex', () => {
    expect(signBody(secret, body)).toBe(byHand);
  });

  it('uses a secret that is not hex (odd digits, other text) as given: its UTF-8 bytes are the key', () => {
    const canonical = '{"event":{"transaction":{"token":"Ünïcødé 🚀","value":10}},"messageId":"m-1","webhookId":"w-1"}';
    for (const text of ['whsec_Mf9r8GKY', '8f'.repeat(32).slice(1), 'clé 42']) {
      expect(secretKey(text)).toEqual(Buffer.from(text, 'utf8'));
      expect(signBody(text, body)).toBe(createHmac('sha256', Buffer.from(text, 'utf8')).update(canonical, 'utf8').digest('base64'));
    }
    expect(secretKey(secret)).toEqual(Buffer.from(secret, 'hex'));
  });

  it('accepts the body whatever its key order and spacing', () => {
    const reordered =
      '{ "messageId": "m-1", "event": {"transaction": {"token": "\\u00dcn\\u00efc\\u00f8d\\u00e9 🚀", "value": 1e1}}, "webhookId": "w-1" }';
    expect(verifyBody(secret, reordered, byHand)).toEqual({ valid: true });
    expect(verifyBody(secret, Buffer.from(JSON.stringify(body)), byHand)).toEqual({ valid: true });
  });

  it('rejects a changed body, another secret, a missing header, and a body that is not JSON, saying why', () => {
    const changed = JSON.stringify(body).replace('m-1', 'm-2');
    expect(verifyBody(secret, changed, byHand)).toMatchObject({ valid: false, reason: expect.stringMatching(/does not match/) });
    expect(verifyBody('00'.repeat(32), JSON.stringify(body), byHand)).toMatchObject({ valid: false });
    expect(verifyBody(secret, JSON.stringify(body), undefined)).toEqual({ valid: false, reason: 'no x-signature header' });
    expect(verifyBody(secret, '{"a":', byHand)).toEqual({ valid: false, reason: 'the body is not JSON' });
    expect(verifyBody(secret, JSON.stringify(body), byHand.slice(0, -4))).toMatchObject({ valid: false });
  });
});
