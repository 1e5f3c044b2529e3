// What the operator's SDK models know and the emulator never sends, and what the emulator sends that they do not
// know: read from the SDK's own zod models, compared with what the emulator really answers and delivers. Each list
// is written down here; a new SDK version that adds (or drops) a field changes a list, and this test fails loudly.
import { EVMAddressActivityResponse$inboundSchema } from '@avalabs/avacloud-sdk/models/components/evmaddressactivityresponse.js';
import { ListNativeTransactionsResponse$inboundSchema } from '@avalabs/avacloud-sdk/models/components/listnativetransactionsresponse.js';
import { WebhookAddressActivityResponse$inboundSchema } from '@avalabs/avacloud-sdk/models/components/webhookaddressactivityresponse.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { API_KEY, call, startReceiver, startTestEmulator, webhookBody } from '../helpers/emulator-helpers.js';
import type { Receiver } from '../helpers/emulator-helpers.js';

interface ZodLike {
  _def?: {
    typeName?: string;
    schema?: ZodLike;
    innerType?: ZodLike;
    getter?: () => ZodLike;
    shape?: () => Record<string, ZodLike>;
    type?: ZodLike;
    options?: ZodLike[];
  };
}

/** Every field path a zod model names: `a.b`, `list[].c`; wrappers (optional, nullable, transforms) looked through. */
function modelPaths(schema: ZodLike, prefix = '', out = new Set<string>()): Set<string> {
  let s: ZodLike | undefined = schema;
  for (;;) {
    const def: ZodLike['_def'] = s?._def;
    if (def?.typeName === 'ZodEffects') s = def.schema;
    else if (def?.typeName === 'ZodOptional' || def?.typeName === 'ZodNullable' || def?.typeName === 'ZodDefault') s = def.innerType;
    else if (def?.typeName === 'ZodLazy') s = def.getter!();
    else break;
  }
  const def = s?._def;
  if (def?.typeName === 'ZodObject') {
    for (const [key, value] of Object.entries(def.shape!())) {
      out.add(prefix + key);
      modelPaths(value, `${prefix}${key}.`, out);
    }
  } else if (def?.typeName === 'ZodArray') modelPaths(def.type!, `${prefix.replace(/\.$/, '')}[].`, out);
  else if (def?.typeName === 'ZodUnion') for (const option of def.options!) modelPaths(option, prefix, out);
  return out;
}

/** Every field path present in JSON values, arrays' elements merged. */
function valuePaths(value: unknown, prefix = '', out = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) valuePaths(item, `${prefix.replace(/\.$/, '')}[].`, out);
  else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      out.add(prefix + key);
      valuePaths(item, `${prefix}${key}.`, out);
    }
  }
  return out;
}

const difference = (a: Set<string>, b: Set<string>) => [...a].filter((path) => !b.has(path)).sort();
const tokenFields = (path: string) => ['address', 'name', 'symbol', 'decimals', 'valueWithDecimals'].map((field) => `${path}.${field}`);

let emulator: RunningEmulator;
let receiver: Receiver;
beforeAll(async () => {
  [emulator, receiver] = await Promise.all([startTestEmulator(), startReceiver()]);
});
afterAll(async () => {
  await Promise.all([emulator.close(), receiver.close()]);
});

describe("the operator's SDK models beside what the emulator sends", () => {
  it('notifications: the fields each side has that the other does not', async () => {
    const watched = '0x71C7656EC7ab88b098defB751B7401B5f6d8976F';
    const other = '0x8ba1f109551bD432803012645Ac136ddd64DBA72';
    await call(emulator.url, 'POST', '/v1/webhooks', {
      key: API_KEY,
      body: webhookBody({
        url: receiver.url,
        chainId: '43113',
        includeLogs: true,
        includeInternalTxs: true,
        metadata: { addresses: [watched] },
      }),
    });
    // Token transfers are mints (from the zero address; a sender must hold what it sends), of an NFT id the
    // generated history never makes (its ids stay below 10,000).
    const zero = '0x0000000000000000000000000000000000000000';
    const kinds = [
      {
        erc20Transfers: [{ from: zero, to: watched, value: '5' }],
        internalTransactions: [{ from: other, to: watched, value: '1', internalTxType: 'CALL' }],
      },
      { erc721Transfers: [{ from: zero, to: watched, tokenId: '1000001' }] },
      { erc1155Transfers: [{ from: zero, to: watched, tokenId: '2', value: '3' }] },
      { from: watched, contractCreation: true },
    ];
    for (const kind of kinds) await call(emulator.url, 'POST', '/_emulator/transactions', { body: { chainId: '43113', ...kind } });
    const messages = await receiver.waitFor(kinds.length);
    const sent = new Set<string>();
    for (const message of messages) valuePaths(message, '', sent);
    const known = modelPaths(WebhookAddressActivityResponse$inboundSchema as ZodLike);

    expect(difference(known, sent)).toEqual(
      [
        // The transfer model is one for the three standards: the token field of another standard is never sent.
        ...(
          [
            ['erc20Transfers', ['erc721Token', 'erc1155Token']],
            ['erc721Transfers', ['erc20Token', 'erc1155Token']],
            ['erc1155Transfers', ['erc20Token', 'erc721Token']],
          ] as const
        ).flatMap(([list, tokens]) =>
          tokens.flatMap((token) => [`event.transaction.${list}[].${token}`, ...tokenFields(`event.transaction.${list}[].${token}`)]),
        ),
        // ERC-20 transfers carry no token id.
        'event.transaction.erc20Transfers[].tokenId',
        // Not in the seed's message, never produced: an access list, the network's token.
        'event.transaction.accessList',
        'event.transaction.accessList[].accessAddresses',
        'event.transaction.accessList[].storageKeys',
        'event.transaction.networkToken',
        'event.transaction.networkToken.tokenName',
        'event.transaction.networkToken.tokenSymbol',
        'event.transaction.networkToken.tokenDecimals',
        'event.transaction.networkToken.valueWithDecimals',
      ].sort(),
    );
    // Everything the emulator sends, the SDK knows.
    expect(difference(sent, known)).toEqual([]);
  });

  it('webhooks and the transactions listing: the same, for the answers of the service', async () => {
    const created = await call(emulator.url, 'POST', '/v1/webhooks', { key: API_KEY, body: webhookBody({ name: 'n', description: 'd' }) });
    const webhookKnown = modelPaths(EVMAddressActivityResponse$inboundSchema as ZodLike);
    const webhookSent = valuePaths(created.body);
    expect(difference(webhookKnown, webhookSent)).toEqual([]);
    expect(difference(webhookSent, webhookKnown)).toEqual([]);

    // A token contract as a sender, so `from` shows its name, symbol, decimals and logo as `to` does.
    const seeded = await call(emulator.url, 'GET', '/v1/transactions?pageSize=100');
    const token = (seeded.body.transactions as Array<{ chainId: string; to: { address: string; symbol?: string } }>).find(
      (tx) => tx.to.symbol,
    );
    await call(emulator.url, 'POST', '/_emulator/transactions', { body: { chainId: token!.chainId, from: token!.to.address } });
    const listing = await call(emulator.url, 'GET', '/v1/transactions?pageSize=100');
    const listingKnown = modelPaths(ListNativeTransactionsResponse$inboundSchema as ZodLike);
    const listingSent = valuePaths(listing.body);
    expect({ neverSent: difference(listingKnown, listingSent), unknownToTheSdk: difference(listingSent, listingKnown) }).toEqual({
      neverSent: [],
      // The seed's listing has these; the SDK's model does not (its parser drops them).
      unknownToTheSdk: ['transactions[].blockMinDelayExcess', 'transactions[].blockTimestampMilliseconds'],
    });
  });
});
