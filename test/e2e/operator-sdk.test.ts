// The operator's own TypeScript SDK (@avalabs/avacloud-sdk, a dev dependency), unchanged and with its response
// validation on, against the emulator: every webhooks operation and the transactions listing (2,000 of it, every
// kind of activity); every delivery of every kind of activity parses with the SDK's payload model and verifies with
// its isValidSignature.
import { AvaCloudSDK } from '@avalabs/avacloud-sdk';
import { WebhookAddressActivityResponse$inboundSchema } from '@avalabs/avacloud-sdk/models/components/webhookaddressactivityresponse.js';
import { isValidSignature } from '@avalabs/avacloud-sdk/utils/isvalidsignature.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { seededHistory } from '../../src/emulator/history-cache.js';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { buildNotification } from '../../src/emulator/notifications.js';
import { HISTORY_TRANSACTIONS, SEEDED_HISTORY_END_MS } from '../../src/emulator/state.js';
import type { StoredWebhook } from '../../src/emulator/webhooks/store.js';
import { call, startReceiver, startTestEmulator, testOptions } from '../helpers/emulator-helpers.js';
import type { Receiver } from '../helpers/emulator-helpers.js';

const KEY = 'sdk-key-0123456789';
const WATCHED = '0x71C7656EC7ab88b098defB751B7401B5f6d8976F';
const OTHER = '0xAb5801a7D398351b8bE11C439e05C5B3259aeC9B';
const TOKEN = '0x5425890298aed601595a70AB815c96711a31Bc65';
const ZERO = '0x0000000000000000000000000000000000000000';
const TRANSFER = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
const pad32 = (address: string) => '0x' + address.slice(2).toLowerCase().padStart(64, '0');

let emulator: RunningEmulator;
let receiver: Receiver;
let sdk: AvaCloudSDK;
/** The SDK's webhooks operations name their own server; a per-call serverURL (a documented option) points them here. */
let here: { serverURL: string };

beforeAll(async () => {
  [emulator, receiver] = await Promise.all([startTestEmulator(), startReceiver()]);
  sdk = new AvaCloudSDK({ serverURL: emulator.url, apiKey: KEY });
  here = { serverURL: emulator.url };
});
afterAll(async () => {
  await Promise.all([emulator.close(), receiver.close()]);
});

describe("the operator's SDK against the emulator, no hook", () => {
  it('every webhooks operation, with the key in the SDK own header (x-glacier-api-key)', async () => {
    const created = await sdk.webhooks.create(
      {
        url: receiver.url,
        chainId: '43113',
        eventType: 'address_activity',
        name: 'sdk',
        includeLogs: true,
        includeInternalTxs: true,
        metadata: { addresses: [WATCHED] },
      },
      here,
    );
    expect(created).toMatchObject({ name: 'sdk', status: 'active', chainId: '43113' });
    expect(created.metadata).toMatchObject({ addresses: [WATCHED] });
    const id = created.id;

    const listed = await sdk.webhooks.list({ pageSize: 10 }, here);
    expect(listed.result.webhooks.map((webhook) => webhook.id)).toContain(id);
    expect(await sdk.webhooks.get({ id }, here)).toMatchObject({ id, name: 'sdk' });
    expect(await sdk.webhooks.update({ id, updateWebhookRequest: { name: 'renamed' } }, here)).toMatchObject({ name: 'renamed' });

    const added = await sdk.webhooks.addresses.add({ id, addressesChangeRequest: { addresses: [OTHER] } }, here);
    expect(added.metadata.addresses).toEqual([WATCHED, OTHER]);
    const addresses = await sdk.webhooks.addresses.list({ id }, here);
    expect(addresses.result).toMatchObject({ addresses: [WATCHED, OTHER], totalAddresses: 2 });
    const removed = await sdk.webhooks.addresses.remove({ id, addressesChangeRequest: { addresses: [OTHER.toLowerCase()] } }, here);
    expect(removed.metadata.addresses).toEqual([WATCHED]);

    const secret = await sdk.webhooks.getSharedSecret(here);
    expect(secret.secret).toMatch(/^[0-9a-f]{64}$/);
    const rotated = await sdk.webhooks.generateOrRotateSharedSecret(here);
    expect(rotated.secret).not.toBe(secret.secret);

    // A webhook of another event type, as the SDK's models define it: created, and the listing of both kinds parses.
    const validators = await sdk.webhooks.create(
      {
        eventType: 'validator_activity',
        url: receiver.url,
        network: 'fuji',
        metadata: {
          keyType: 'nodeId',
          keys: ['NodeID-7Xhw2mDxuDS44j42TCB6U5579esbSt3Lg'],
          subEvents: { validatorActivitySubEvents: ['validator_stake'] },
        },
      },
      here,
    );
    expect(validators).toMatchObject({ eventType: 'validator_activity', status: 'active' });
    const both = await sdk.webhooks.list({ pageSize: 10 }, here);
    expect(both.result.webhooks.map((webhook) => webhook.eventType).sort()).toEqual(['address_activity', 'validator_activity']);
    await sdk.webhooks.deactivate({ id: validators.id }, here);

    expect(await sdk.webhooks.deactivate({ id }, here)).toMatchObject({ id, status: 'inactive' });
    await sdk.webhooks.update({ id, updateWebhookRequest: { status: 'active' } }, here);
  });

  it('the chains, listed and one by one, parse with the chain models', async () => {
    const all = await sdk.data.evm.chains.list({}, here);
    expect(all.chains.map((chain) => chain.chainId)).toEqual(['43114', '432204', '53935', '43113', '432201', '335']);
    const test = await sdk.data.evm.chains.list({ network: 'fuji', feature: 'nftIndexing' }, here);
    expect(test.chains.map((chain) => chain.chainId)).toEqual(['43113']);
    for (const chain of all.chains) {
      const one = await sdk.data.evm.chains.get({ chainId: chain.chainId }, here);
      expect(one).toMatchObject({ chainId: chain.chainId, chainName: chain.chainName, vmName: 'EVM' });
    }
  });

  it('the latest transactions across chains, a page and the next', async () => {
    const first = await sdk.data.evm.transactions.listLatestAllChains({ pageSize: 5 }, here);
    expect(first.result.transactions).toHaveLength(5);
    const second = await first.next();
    expect(second?.result.transactions.length).toBeGreaterThan(0);
  });

  it('2,000 listed transactions: every page parses with the listing model, the notification of each with the payload model', async () => {
    const listed = [];
    for await (const page of await sdk.data.evm.transactions.listLatestAllChains({ pageSize: 100 }, here)) {
      listed.push(...page.result.transactions);
      if (listed.length >= 2_000) break;
    }
    expect(listed).toHaveLength(2_000);
    // The messages those transactions make (the history the emulator lists), logs and internal transactions included.
    const history = new Map(
      seededHistory(testOptions().seed!, SEEDED_HISTORY_END_MS, HISTORY_TRANSACTIONS).history.map((tx) => [tx.item.txHash, tx]),
    );
    const watching = { webhook: { id: '5b7a3c1e-0d4f-4e2a-9b8c-7f6e5d4c3b2a', includeLogs: true, includeInternalTxs: true } };
    for (const item of listed) {
      const message = buildNotification(history.get(item.txHash)!, watching as StoredWebhook, '6c8b4d2f-1e5a-4f3b-8c9d-8a7f6e5d4c3b');
      // The documented difference (README): topic3 null when absent, which the SDK's model refuses.
      const logs = message.event.logs.map(({ topic3, ...log }) => (topic3 === null ? log : { ...log, topic3 }));
      const parsed = WebhookAddressActivityResponse$inboundSchema.safeParse({ ...message, event: { ...message.event, logs } });
      expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    }
  });

  it('every delivery parses with the payload model and verifies with isValidSignature', async () => {
    const secret = (await call(emulator.url, 'GET', '/v1/webhooks:getSharedSecret', { key: KEY })).body.secret as string;
    const before = receiver.requests.length;
    const injections = [
      { chainId: '43113', from: WATCHED, to: OTHER, value: '1000' },
      { chainId: '43113', from: OTHER, to: WATCHED, txStatus: '0' },
      // Token transfers from the zero address (mints: a sender must hold what it sends), the NFT of an id the
      // generated history never makes (its ids stay below 10,000).
      { chainId: '43113', from: OTHER, to: TOKEN, erc20Transfers: [{ from: ZERO, to: WATCHED, value: '5' }] },
      {
        chainId: '43113',
        from: OTHER,
        to: OTHER,
        internalTransactions: [{ from: OTHER, to: WATCHED, value: '7', internalTxType: 'CALL' }],
      },
      { chainId: '43113', erc721Transfers: [{ from: ZERO, to: WATCHED, tokenId: '1000042' }] },
      { chainId: '43113', erc1155Transfers: [{ from: ZERO, to: WATCHED, tokenId: '7', value: '3' }] },
      { chainId: '43113', from: WATCHED, contractCreation: true },
      ...[1, 2, 3, 4].map((count) => ({
        chainId: '43113',
        from: WATCHED,
        to: TOKEN,
        logs: [{ address: TOKEN, topics: [TRANSFER, pad32(WATCHED), pad32(OTHER), pad32(TOKEN)].slice(0, count), data: '0x' }],
      })),
    ];
    for (const body of injections) {
      const injected = await call(emulator.url, 'POST', '/_emulator/transactions', { body });
      expect(injected.status, JSON.stringify(injected.body)).toBe(201);
    }
    await receiver.until(() => (receiver.requests.length >= before + injections.length ? true : undefined));
    const sent = receiver.requests.slice(before).map((request) => JSON.parse(request.rawBody));
    // The kinds the seed lists and the SDK's models shape: ERC-721 and ERC-1155 transfers, a contract creation.
    expect(sent.some((message) => message.event.transaction.erc721Transfers.length === 1)).toBe(true);
    expect(sent.some((message) => message.event.transaction.erc1155Transfers.length === 1)).toBe(true);
    expect(sent.some((message) => /^0x[0-9a-fA-F]{40}$/.test(message.event.transaction.contractAddress ?? ''))).toBe(true);
    // The listing holds them too, and the SDK reads it with its validation on.
    const latest = await sdk.data.evm.transactions.listLatestAllChains({ pageSize: 20 }, here);
    expect(latest.result.transactions.some((transaction) => transaction.method?.callType === 'CONTRACT_CREATION')).toBe(true);
    // isValidSignature logs the signature and digest it compares: kept out of the test's output.
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    try {
      for (const request of receiver.requests.slice(before)) {
        const message = JSON.parse(request.rawBody) as { event: { logs: Array<{ topic3?: string | null }> } };
        // The one documented difference (README): topic3 is null when absent, as the seed shows, and the SDK's model
        // refuses that null. Every other field must pass as sent.
        const asSent = WebhookAddressActivityResponse$inboundSchema.safeParse(message);
        const refused = asSent.success ? [] : asSent.error.issues;
        expect(
          refused.every((issue) => issue.path.at(-1) === 'topic3' && issue.message.includes('received null')),
          JSON.stringify(refused),
        ).toBe(true);
        for (const log of message.event.logs) if (log.topic3 === null) delete log.topic3;
        const parsed = WebhookAddressActivityResponse$inboundSchema.safeParse(message);
        expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
        expect(isValidSignature(secret, request.signature, JSON.parse(request.rawBody))).toBe(true);
      }
    } finally {
      log.mockRestore();
    }
  });
});

describe("the operator's SDK reads the emulated chain", () => {
  const SENDER = '0x2222222222222222222222222222222222222222';
  const RECEIVER = '0x3333333333333333333333333333333333333333';
  const chainId = '43113';
  let hashes: string[];

  beforeAll(async () => {
    // A sender must hold the tokens it sends: they are minted to it first (the NFT of an id the generated history
    // never makes, its ids staying below 10,000, nor the test above), in a transaction the receiver takes no part in.
    const token = { address: TOKEN };
    const mint = {
      chainId,
      from: SENDER,
      to: TOKEN,
      erc20Transfers: [{ from: ZERO, to: SENDER, value: '5', token }],
      erc721Transfers: [{ from: ZERO, to: SENDER, tokenId: '1000043' }],
      erc1155Transfers: [{ from: ZERO, to: SENDER, tokenId: '7', value: '3' }],
    };
    expect((await call(emulator.url, 'POST', '/_emulator/transactions', { body: mint })).status).toBe(201);
    // One transaction of each kind between the two addresses, so every typed listing has an item to parse.
    const injections = [
      { chainId, from: SENDER, to: RECEIVER, value: '1000' },
      { chainId, from: SENDER, to: TOKEN, erc20Transfers: [{ from: SENDER, to: RECEIVER, value: '5', token }] },
      { chainId, from: SENDER, to: RECEIVER, internalTransactions: [{ from: SENDER, to: RECEIVER, value: '7', internalTxType: 'CALL' }] },
      { chainId, from: SENDER, erc721Transfers: [{ from: SENDER, to: RECEIVER, tokenId: '1000043' }] },
      { chainId, from: SENDER, erc1155Transfers: [{ from: SENDER, to: RECEIVER, tokenId: '7', value: '3' }] },
      { chainId, from: SENDER, contractCreation: true },
    ];
    hashes = [];
    for (const body of injections) hashes.push((await call(emulator.url, 'POST', '/_emulator/transactions', { body })).body.txHash);
  });

  it('a transaction, the latest of a chain, and a block with its transactions', async () => {
    for (const txHash of hashes) {
      const tx = await sdk.data.evm.transactions.get({ chainId, txHash }, here);
      expect(tx.nativeTransaction.txHash).toBe(txHash);
    }
    const latest = await sdk.data.evm.transactions.listLatest({ chainId, pageSize: 50 }, here);
    expect(latest.result.transactions.map((tx) => tx.txHash)).toEqual(expect.arrayContaining(hashes));
    const failed = await sdk.data.evm.transactions.listLatest({ chainId, status: 'failed', pageSize: 20 }, here);
    expect(failed.result.transactions.every((tx) => tx.txStatus === '0')).toBe(true);
    const blocks = await sdk.data.evm.blocks.listLatest({ chainId, pageSize: 5 }, here);
    expect((await blocks.next())?.result.blocks.length).toBeGreaterThan(0);
    const block = await sdk.data.evm.blocks.get({ chainId, blockId: blocks.result.blocks[0]!.blockNumber }, here);
    expect(block.blockHash).toBe(blocks.result.blocks[0]!.blockHash);
    const inBlock = await sdk.data.evm.blocks.listTransactions({ chainId, blockId: block.blockHash }, here);
    expect(inBlock.transactions).toHaveLength(block.txCount);
    const all = await sdk.data.evm.blocks.listLatestAllChains({ pageSize: 10, network: 'mainnet' }, here);
    expect(all.result.blocks.every((each) => ['43114', '432204', '53935'].includes(each.chainId))).toBe(true);
  });

  it("an address's history and each typed listing, its chains and deployments", async () => {
    const history = await sdk.data.evm.address.transactions.list({ chainId, address: RECEIVER, sortOrder: 'asc', pageSize: 100 }, here);
    expect(history.result.transactions.map((tx) => tx.nativeTransaction.txHash)).toEqual(hashes.slice(0, 5));
    const request = { chainId, address: RECEIVER, pageSize: 100 };
    expect((await sdk.data.evm.address.transactions.listNative(request, here)).result.transactions.length).toBeGreaterThan(0);
    expect((await sdk.data.evm.address.transactions.listErc20(request, here)).result.transactions).toHaveLength(1);
    expect((await sdk.data.evm.address.transactions.listErc721(request, here)).result.transactions).toHaveLength(1);
    expect((await sdk.data.evm.address.transactions.listErc1155(request, here)).result.transactions).toHaveLength(1);
    expect((await sdk.data.evm.address.transactions.listInternal(request, here)).result.transactions).toHaveLength(1);
    const chains = await sdk.data.evm.address.chains.list({ address: RECEIVER }, here);
    expect(chains.indexedChains?.map((chain) => chain.chainId)).toEqual([chainId]);
    const deployments = await sdk.data.evm.address.contracts.listDeployments({ chainId, address: SENDER }, here);
    const contract = deployments.result.contracts[0]!;
    expect(contract.deploymentDetails?.txHash).toBe(hashes[5]);
    const deployment = await sdk.data.evm.contracts.getDeploymentTransaction({ chainId, address: contract.address }, here);
    expect(deployment.nativeTransaction.txHash).toBe(hashes[5]);
    const transfers = await sdk.data.evm.contracts.listTransfers({ chainId, address: TOKEN, pageSize: 10 }, here);
    expect(transfers.result.transfers.length).toBeGreaterThan(0);
    expect(await sdk.data.healthCheck(here)).toMatchObject({ status: 'ok' });
  });

  it('every transaction of the generated history parses with the detail model', async () => {
    const listed = await sdk.data.evm.transactions.listLatest({ chainId: '43114', pageSize: 100 }, here);
    for (const item of listed.result.transactions) {
      const tx = await sdk.data.evm.transactions.get({ chainId: '43114', txHash: item.txHash }, here);
      expect(tx.nativeTransaction.blockHash).toBe(item.blockHash);
    }
  });
});
