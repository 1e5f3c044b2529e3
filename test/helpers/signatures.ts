// Notifications to sign and tamper with, for the tests of `webhook verify` and `webhook listen --verify`: a full
// message of spec 2.5 with an ERC-20 transfer whose token name is not ASCII, the same value with its keys in another
// order, and the changes a forger or a broken proxy would make.
import { randomUUID } from 'node:crypto';

export const SECRET = '5f3c0a9e1b7d4c2a8e6f0b1d3c5a7e9f2b4d6c8a0e1f3b5d7c9a1e3f5b7d9c0a';
export const OTHER_SECRET = '00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff';
export const UNICODE_TOKEN_NAME = 'Ünïcødé 🚀';

/** A notification message as the service sends it (spec 2.5). */
export function notification(overrides: { messageId?: string; tokenName?: string; value?: string } = {}): Record<string, unknown> {
  const from = '0x71C7656EC7ab88b098defB751B7401B5f6d8976F';
  const to = '0x8ba1f109551bD432803012645Ac136ddd64DBA72';
  const txHash = `0x${'ab'.repeat(32)}`;
  return {
    webhookId: '0f0e0d0c-0b0a-4909-8807-060504030201',
    eventType: 'address_activity',
    messageId: overrides.messageId ?? randomUUID(),
    event: {
      transaction: {
        blockHash: `0x${'cd'.repeat(32)}`,
        blockNumber: '31337001',
        blockTimestamp: 1716000000,
        from,
        to,
        gas: '21000',
        gasPrice: '25000000000',
        maxFeePerGas: '25000000000',
        maxPriorityFeePerGas: '1000000000',
        txHash,
        txStatus: '1',
        input: '0x',
        nonce: '7',
        transactionIndex: 3,
        value: overrides.value ?? '1000000000000000000',
        type: 2,
        chainId: '43113',
        receiptCumulativeGasUsed: '21000',
        receiptGasUsed: '21000',
        receiptEffectiveGasPrice: '25000000000',
        receiptRoot: `0x${'00'.repeat(32)}`,
        erc20Transfers: [
          {
            transactionHash: txHash,
            type: 'ERC20',
            from,
            to,
            value: '2500000000000000000',
            blockTimestamp: 1716000000,
            logIndex: 0,
            erc20Token: {
              address: '0x5425890298aed601595a70AB815c96711a31Bc65',
              name: overrides.tokenName ?? 'USD Coin',
              symbol: 'USDC',
              decimals: 6,
              valueWithDecimals: '2.5',
            },
          },
        ],
        erc721Transfers: [],
        erc1155Transfers: [],
        internalTransactions: [],
      },
      logs: [],
    },
  };
}

/** The same JSON value with every object's keys in reverse order: other bytes, the same canonical JSON. */
export function reorderedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reorderedKeys);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .reverse()
        .map(([key, inner]) => [key, reorderedKeys(inner)]),
    );
  }
  return value;
}

/** The body with one byte changed: the transaction's value "1000…" becomes "1001…", still valid JSON. */
export function changedByOneByte(body: string): string {
  const at = body.indexOf('"1000000000000000000"');
  if (at < 0) throw new Error('the body has no value to change');
  const changed = Buffer.from(body, 'utf8');
  changed[at + 4] = '1'.charCodeAt(0);
  return changed.toString('utf8');
}

/** POSTs a body as the service delivers it, with `x-signature` when given. */
export async function deliver(url: string, body: string, signature?: string): Promise<{ status: number; text: string }> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (signature !== undefined) headers['x-signature'] = signature;
  const response = await fetch(url, { method: 'POST', headers, body });
  return { status: response.status, text: await response.text() };
}
