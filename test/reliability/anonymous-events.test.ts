// An `anonymous` event is logged without its signature as topic0: no signature can match it, so it is refused
// wherever a declaration becomes a signature (event-signature, --event), with exit 2 and the reason.
import { describe, expect, it } from 'vitest';
import { canonicalEvent, DeclarationError, eventSignature } from '../../src/evm/event-signature.js';
import { runInProcess } from '../helpers/cli.js';
import { json, useRecordingServer } from '../helpers/test-server.js';

const KEY = 'sk_test_anonymous_77d01a';
const ANONYMOUS = [
  'event Anon(uint a) anonymous',
  'event Anon(uint a) anonymous;',
  'Anon(uint256)anonymous',
  '  event  Deposit(address indexed who, uint256 amount)   anonymous  ;  ',
  'event Nested((address,uint)[] items) anonymous',
];

describe('eventSignature', () => {
  it.each(ANONYMOUS)('refuses %j, naming the event and why', (declaration) => {
    expect(() => eventSignature(declaration)).toThrow(DeclarationError);
    expect(() => eventSignature(declaration)).toThrow(/"(Anon|Deposit|Nested)" is declared anonymous: .*topic0/);
  });

  it('still gives the canonical form, which an anonymous event has', () => {
    expect(canonicalEvent('event Anon(uint a) anonymous')).toBe('Anon(uint256)');
  });

  it.each([
    ['a parameter named anonymous', 'event Flag(bool anonymous)', 'Flag(bool)'],
    ['an event named anonymous', 'anonymous(uint256)', 'anonymous(uint256)'],
    ['an indexed parameter named anonymous', 'Flag(address indexed anonymous)', 'Flag(address)'],
  ])('accepts %s', (_name, declaration, canonical) => {
    expect(eventSignature(declaration).canonical).toBe(canonical);
  });
});

describe('svc event-signature', () => {
  it.each(ANONYMOUS)('exits 2 for %j and prints nothing', async (declaration) => {
    const result = await runInProcess(['event-signature', 'Transfer(address,address,uint256)', declaration]);
    expect(result.exitCode).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(
      /^svc: declaration ".*": ".*" is declared anonymous: an anonymous event is logged without its signature as topic0/,
    );
  });

  it('--json too', async () => {
    const result = await runInProcess(['event-signature', '--json', 'event Anon(uint a) anonymous']);
    expect(result.exitCode).toBe(2);
    expect(result.stdout).toBe('');
  });
});

describe('svc webhook create --event', () => {
  const server = useRecordingServer(() => [json({ id: 'wh_1' }, 201)]);

  it.each(ANONYMOUS)('exits 2 for %j before any request', async (declaration) => {
    const result = await runInProcess(
      [
        'webhook',
        'create',
        '--url',
        'https://example.com/hook',
        '--chain-id',
        '43114',
        '--address',
        '0x71c7656ec7ab88b098defb751b7401b5f6d8976f',
        '--event',
        declaration,
      ],
      { baseUrl: server.url, apiKey: KEY },
    );
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('is declared anonymous');
    expect(result.stderr).toContain('--event');
    expect(server.requests).toHaveLength(0);
  });
});
