// Webhook development offline, through the CLI: `svc emulator start` and `svc webhook listen --json` running,
// webhooks made with `svc webhook create`, activity with `svc emulator trigger`; what listen prints. All of it in this
// process (the same command lines through runCommandLine): what is tested is the filtering and what listen prints,
// and the two servers as processes (their signals and real stdio) are webhook-dev-listen's and process-contract's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createWebhook,
  deliveries,
  injectDirect,
  startEmulatorInProcess,
  startListenInProcess,
  stopAllInProcess,
  svc,
  trigger,
  until,
} from '../helpers/webhook-dev-processes.js';
import type { InProcessEmulator, ListenInProcess } from '../helpers/webhook-dev-processes.js';
import { notificationProblems } from '../helpers/webhook-dev-schema.js';
import { toChecksumAddress } from '../../src/evm/address.js';

const FUJI = '43113';
const C_CHAIN = '43114';
const TRANSFER = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
const APPROVAL = '0x8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925';
const STRANGER = '0x5555555555555555555555555555555555555555';
const STRANGER_2 = '0x6666666666666666666666666666666666666666';
/** The sender of a mint: a transfer from any other address needs its sender to hold the amount. */
const ZERO = '0x0000000000000000000000000000000000000000';
const FUJI_USDC = '0x5425890298aed601595a70AB815c96711a31Bc65';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const HASH32 = /^0x[0-9a-f]{64}$/;

/**
 * A distinct watched address per test, so messages are never mistaken across tests; in its EIP-55 mixed case (a
 * mixed-case address with a wrong checksum is refused as a typo), so the case-insensitive matching is exercised.
 */
let addressCounter = 0;
function watchedAddress(): string {
  addressCounter++;
  return toChecksumAddress(`0xabcdef${String(addressCounter).padStart(34, '0')}`);
}

let emulator: InProcessEmulator;
let listen: ListenInProcess;
/** A webhook that matches everything from BARRIER: once its message is in, earlier deliveries had their chance. */
let barrierWebhookId: string;
const BARRIER = '0xba55000000000000000000000000000000000001';

beforeAll(async () => {
  // Seed 42, the tests' usual one: its history is likely made in this process already (see history-cache.ts).
  [emulator, listen] = await Promise.all([startEmulatorInProcess([], 42), startListenInProcess()]);
  barrierWebhookId = (await createWebhook(emulator.url, ['--url', listen.url, '--chain-id', FUJI, '--address', BARRIER])).id;
});

afterAll(async () => {
  await Promise.all([stopAllInProcess(), emulator?.stop()]);
});

const messagesOf = (webhookId: string) => listen.messages().filter((message) => message?.webhookId === webhookId);

/** Waits for the message with this messageId at listen. */
const received = (messageId: string) => listen.waitForMessage((message) => message.messageId === messageId);

/** Triggers activity only the barrier webhook matches and waits for it at listen. */
async function barrier(): Promise<void> {
  const { messageIds } = await trigger(emulator.url, ['--chain-id', FUJI, '--from', BARRIER]);
  expect(messageIds).toHaveLength(1);
  await received(messageIds[0]!);
}

/** The trigger matched nothing, and after a later delivery went through, listen still has nothing of its tx. */
async function expectNotDelivered(result: { txHash: string; messageIds: string[] }): Promise<void> {
  expect(result.messageIds).toEqual([]);
  await barrier();
  expect(listen.messages().filter((message) => message?.event?.transaction?.txHash === result.txHash)).toEqual([]);
}

describe('filtering: which activity reaches `svc webhook listen`', () => {
  it('delivers a transaction from and one to a watched address, whatever the case of either side', async () => {
    const watched = watchedAddress();
    const webhook = await createWebhook(emulator.url, ['--url', listen.url, '--chain-id', FUJI, '--address', watched]);
    expect(webhook.metadata.addresses).toEqual([watched]);

    const fromIt = await trigger(emulator.url, ['--chain-id', FUJI, '--from', watched.toLowerCase(), '--to', STRANGER]);
    const toIt = await trigger(emulator.url, ['--chain-id', FUJI, '--from', STRANGER, '--to', watched.toUpperCase().replace('0X', '0x')]);
    expect(fromIt.messageIds).toHaveLength(1);
    expect(toIt.messageIds).toHaveLength(1);

    const first = await received(fromIt.messageIds[0]!);
    const second = await received(toIt.messageIds[0]!);
    expect(first.webhookId).toBe(webhook.id);
    expect(first.eventType).toBe('address_activity');
    expect(first.event.transaction.txHash).toBe(fromIt.txHash);
    expect(first.event.transaction.from.toLowerCase()).toBe(watched.toLowerCase());
    expect(first.event.transaction.chainId).toBe(FUJI);
    expect(second.webhookId).toBe(webhook.id);
    expect(second.event.transaction.txHash).toBe(toIt.txHash);
    expect(second.event.transaction.to.toLowerCase()).toBe(watched.toLowerCase());
    expect(messagesOf(webhook.id)).toHaveLength(2);
  });

  it('delivers an ERC-20 transfer from and one to a watched address', async () => {
    const watched = watchedAddress();
    // What the two senders send, minted before the webhook watches (a sender must hold what it sends).
    await trigger(emulator.url, ['--chain-id', FUJI, '--erc20', `${ZERO}:${watched}:2500000000000000000`, '--token', FUJI_USDC]);
    await trigger(emulator.url, ['--chain-id', FUJI, '--erc20', `${ZERO}:${STRANGER_2}:7`, '--token', FUJI_USDC]);
    const webhook = await createWebhook(emulator.url, ['--url', listen.url, '--chain-id', FUJI, '--address', watched]);
    const out = await trigger(emulator.url, [
      '--chain-id',
      FUJI,
      '--from',
      STRANGER,
      '--erc20',
      `${watched}:${STRANGER_2}:2500000000000000000`,
      '--token',
      FUJI_USDC,
    ]);
    const into = await trigger(emulator.url, [
      '--chain-id',
      FUJI,
      '--from',
      STRANGER,
      '--erc20',
      `${STRANGER_2}:${watched.toLowerCase()}:7`,
      '--token',
      FUJI_USDC,
    ]);
    expect(out.messageIds).toHaveLength(1);
    expect(into.messageIds).toHaveLength(1);

    const outMessage = await received(out.messageIds[0]!);
    const intoMessage = await received(into.messageIds[0]!);
    expect(outMessage.webhookId).toBe(webhook.id);
    const [outTransfer] = outMessage.event.transaction.erc20Transfers;
    expect(outTransfer.from.toLowerCase()).toBe(watched.toLowerCase());
    expect(outTransfer.to.toLowerCase()).toBe(STRANGER_2);
    expect(outTransfer.value).toBe('2500000000000000000');
    expect(outTransfer.type).toBe('ERC20');
    expect(outTransfer.transactionHash).toBe(out.txHash);
    const [intoTransfer] = intoMessage.event.transaction.erc20Transfers;
    expect(intoTransfer.to.toLowerCase()).toBe(watched.toLowerCase());
    expect(intoTransfer.value).toBe('7');
  });

  it('delivers a transaction with a log emitted by a watched address (--log); logs stay [] without --include-logs', async () => {
    const watched = watchedAddress();
    const webhook = await createWebhook(emulator.url, ['--url', listen.url, '--chain-id', FUJI, '--address', watched]);
    const result = await trigger(emulator.url, [
      '--chain-id',
      FUJI,
      '--from',
      STRANGER,
      '--to',
      STRANGER_2,
      '--log',
      `${watched.toLowerCase()}:${APPROVAL}`,
    ]);
    expect(result.messageIds).toHaveLength(1);
    const message = await received(result.messageIds[0]!);
    expect(message.webhookId).toBe(webhook.id);
    expect(message.event.transaction.txHash).toBe(result.txHash);
    expect(message.event.logs).toEqual([]);
  });

  it('with --event, delivers only transactions with a log whose topic0 is that signature', async () => {
    const watched = watchedAddress();
    const webhook = await createWebhook(emulator.url, [
      '--url',
      listen.url,
      '--chain-id',
      FUJI,
      '--address',
      watched,
      '--event',
      'event Transfer(address indexed from, address indexed to, uint256 value)',
      '--include-logs',
    ]);
    expect(webhook.metadata.eventSignatures).toEqual([TRANSFER]);

    const noLog = await trigger(emulator.url, ['--chain-id', FUJI, '--from', watched, '--to', STRANGER]);
    const otherTopic = await trigger(emulator.url, ['--chain-id', FUJI, '--from', watched, '--log', `${STRANGER}:${APPROVAL}`]);
    expect(noLog.messageIds).toEqual([]);
    expect(otherTopic.messageIds).toEqual([]);

    // The signature is compared case-insensitively too.
    const transferLog = await trigger(emulator.url, [
      '--chain-id',
      FUJI,
      '--from',
      watched,
      '--log',
      `${STRANGER}:${TRANSFER.toUpperCase().replace('0X', '0x')}`,
    ]);
    const erc20 = await trigger(emulator.url, ['--chain-id', FUJI, '--from', STRANGER, '--erc20', `${ZERO}:${watched}:1`]);
    expect(transferLog.messageIds).toHaveLength(1);
    expect(erc20.messageIds).toHaveLength(1);
    const byLog = await received(transferLog.messageIds[0]!);
    const byTransfer = await received(erc20.messageIds[0]!);
    expect(byLog.event.logs.map((log: any) => log.topic0.toLowerCase())).toContain(TRANSFER);
    expect(byTransfer.event.logs.map((log: any) => log.topic0.toLowerCase())).toContain(TRANSFER);

    await expectNotDelivered(noLog);
    expect(
      messagesOf(webhook.id)
        .map((message) => message.event.transaction.txHash)
        .sort(),
    ).toEqual([transferLog.txHash, erc20.txHash].sort());
  });

  it('does not deliver activity of a watched address on another chain', async () => {
    const watched = watchedAddress();
    await createWebhook(emulator.url, ['--url', listen.url, '--chain-id', FUJI, '--address', watched]);
    const elsewhere = await trigger(emulator.url, ['--chain-id', C_CHAIN, '--from', watched, '--to', watched]);
    expect(elsewhere.txHash).toMatch(HASH32);
    await expectNotDelivered(elsewhere);
  });

  it('does not deliver activity that touches no watched address', async () => {
    const unrelated = await trigger(emulator.url, [
      '--chain-id',
      FUJI,
      '--from',
      STRANGER,
      '--to',
      STRANGER_2,
      '--erc20',
      `${ZERO}:${STRANGER_2}:1`,
    ]);
    await expectNotDelivered(unrelated);
  });
});

describe('include flags and the message shape', () => {
  it('--include-logs and --include-internal-txs fill logs and internalTransactions; without them both are []', async () => {
    const watched = watchedAddress();
    const full = await createWebhook(emulator.url, [
      '--url',
      listen.url,
      '--chain-id',
      FUJI,
      '--address',
      watched,
      '--include-logs',
      '--include-internal-txs',
    ]);
    const bare = await createWebhook(emulator.url, ['--url', listen.url, '--chain-id', FUJI, '--address', watched]);
    expect(full.includeLogs).toBe(true);
    expect(full.includeInternalTxs).toBe(true);
    expect(bare.includeLogs).toBe(false);
    expect(bare.includeInternalTxs).toBe(false);

    // `emulator trigger` has no flag for internal transactions: the control API takes them.
    const result = await injectDirect(emulator.url, {
      chainId: FUJI,
      from: watched,
      to: STRANGER,
      erc20Transfers: [
        // A mint (a sender must hold what it sends).
        { from: ZERO, to: STRANGER_2, value: '1234500', token: { address: STRANGER, name: 'Test USD', symbol: 'TUSD', decimals: 6 } },
      ],
      internalTransactions: [{ from: STRANGER, to: STRANGER_2, value: '5', internalTxType: 'CALL' }],
      logs: [
        {
          address: STRANGER,
          topics: [APPROVAL, `0x${'0'.repeat(24)}${watched.slice(2).toLowerCase()}`, `0x${'0'.repeat(64)}`],
          data: '0x01',
        },
      ],
    });
    expect(result.messageIds).toHaveLength(2);
    const messages = await Promise.all(result.messageIds.map(received));
    const fullMessage = messages.find((message) => message.webhookId === full.id)!;
    const bareMessage = messages.find((message) => message.webhookId === bare.id)!;
    expect(fullMessage).toBeDefined();
    expect(bareMessage).toBeDefined();

    expect(fullMessage.event.logs.length).toBeGreaterThan(0);
    expect(fullMessage.event.logs.map((log: any) => log.topic0)).toContain(APPROVAL);
    expect(fullMessage.event.transaction.internalTransactions).toEqual([
      expect.objectContaining({ internalTxType: 'CALL', value: '5', transactionHash: result.txHash }),
    ]);
    expect(bareMessage.event.logs).toEqual([]);
    expect(bareMessage.event.transaction.internalTransactions).toEqual([]);
    // Transfers are not behind a flag.
    expect(bareMessage.event.transaction.erc20Transfers).toHaveLength(1);
    expect(fullMessage.event.transaction.erc20Transfers[0].erc20Token).toMatchObject({
      symbol: 'TUSD',
      decimals: 6,
      valueWithDecimals: '1.2345',
    });

    // Every field of spec 2.5, with its JSON type, in both messages.
    expect(notificationProblems(fullMessage)).toEqual([]);
    expect(notificationProblems(bareMessage)).toEqual([]);
    expect(fullMessage.messageId).toMatch(UUID);
    expect(fullMessage.messageId).not.toBe(bareMessage.messageId);
  });

  it('the schema check itself catches a missing field and a wrong JSON type', async () => {
    const watched = watchedAddress();
    await createWebhook(emulator.url, ['--url', listen.url, '--chain-id', FUJI, '--address', watched, '--include-logs']);
    const result = await trigger(emulator.url, ['--chain-id', FUJI, '--from', watched, '--erc20', `${ZERO}:${watched}:3`]);
    const message = await received(result.messageIds[0]!);
    expect(notificationProblems(message)).toEqual([]);

    const broken = structuredClone(message);
    delete broken.event.transaction.receiptRoot;
    broken.event.transaction.blockTimestamp = String(broken.event.transaction.blockTimestamp);
    broken.event.logs[0].removed = 'false';
    expect(notificationProblems(broken)).toEqual([
      'message.event.transaction.blockTimestamp: expected integer, got string ' + `"${message.event.transaction.blockTimestamp}"`,
      'message.event.transaction.receiptRoot: missing',
      'message.event.logs[0].removed: expected boolean, got string "false"',
    ]);
  });
});

describe('deactivation', () => {
  it('stops deliveries: a trigger after `svc webhook deactivate --yes` notifies nobody', async () => {
    const watched = watchedAddress();
    const webhook = await createWebhook(emulator.url, ['--url', listen.url, '--chain-id', FUJI, '--address', watched]);
    const before = await trigger(emulator.url, ['--chain-id', FUJI, '--from', watched]);
    expect(before.messageIds).toHaveLength(1);
    await received(before.messageIds[0]!);

    const deactivated = await svc(emulator.url, ['webhook', 'deactivate', webhook.id, '--yes', '--json']);
    expect(deactivated.exitCode).toBe(0);
    expect(JSON.parse(deactivated.stdout)).toMatchObject({ id: webhook.id, status: 'inactive' });

    const after = await trigger(emulator.url, ['--chain-id', FUJI, '--from', watched, '--to', watched]);
    await expectNotDelivered(after);
    expect(messagesOf(webhook.id).map((message) => message.messageId)).toEqual(before.messageIds);
    const records = (await deliveries(emulator.url)).filter((record) => record.webhookId === webhook.id);
    expect(records).toEqual([
      expect.objectContaining({
        messageId: before.messageIds[0],
        webhookId: webhook.id,
        url: listen.url,
        attempts: 1,
        lastStatus: 200,
        state: 'delivered',
      }),
    ]);
  });
});

describe('`svc emulator trigger` output', () => {
  it('piped: one TSV row, the tx hash then the message ids', async () => {
    const watched = watchedAddress();
    const one = await createWebhook(emulator.url, ['--url', listen.url, '--chain-id', FUJI, '--address', watched]);
    const two = await createWebhook(emulator.url, ['--url', listen.url, '--chain-id', FUJI, '--address', watched]);
    const result = await svc(emulator.url, ['emulator', 'trigger', '--chain-id', FUJI, '--from', watched]);
    expect(result.exitCode).toBe(0);
    expect(result.stderr).toBe('');
    expect(result.stdout.endsWith('\n')).toBe(true);
    const rows = result.stdout.trimEnd().split('\n');
    expect(rows).toHaveLength(1);
    const [txHash, ...messageIds] = rows[0]!.split('\t');
    expect(txHash).toMatch(HASH32);
    expect(messageIds).toHaveLength(2);
    for (const messageId of messageIds) expect(messageId).toMatch(UUID);
    const messages = await Promise.all(messageIds.map(received));
    expect(messages.map((message) => message.webhookId).sort()).toEqual([one.id, two.id].sort());
    expect(messages.every((message) => message.event.transaction.txHash === txHash)).toBe(true);

    const nobody = await svc(emulator.url, ['emulator', 'trigger', '--chain-id', FUJI, '--from', STRANGER]);
    expect(nobody.exitCode).toBe(0);
    expect(nobody.stdout).toMatch(/^0x[0-9a-f]{64}\n$/);
  });

  it('--json: the control API body as returned, on one line; the tx is then listed by `svc tx list`', async () => {
    const result = await svc(emulator.url, [
      'emulator',
      'trigger',
      '--chain-id',
      FUJI,
      '--from',
      STRANGER,
      '--value',
      '42',
      '--status',
      'failed',
      '--json',
    ]);
    expect(result.exitCode).toBe(0);
    const body = JSON.parse(result.stdout);
    expect(Object.keys(body).sort()).toEqual(['messageIds', 'txHash']);
    expect(result.stdout).toBe(`${JSON.stringify(body)}\n`);
    expect(body.messageIds).toEqual([]);

    const listed = await svc(emulator.url, ['tx', 'list', '--network', 'fuji', '--status', 'failed', '--json']);
    expect(listed.exitCode).toBe(0);
    const found = JSON.parse(listed.stdout).transactions.find((tx: any) => tx.txHash === body.txHash);
    expect(found).toMatchObject({ chainId: FUJI, txStatus: '0', value: '42' });
  });

  it('refuses bad input before any request (exit 2), and says when no emulator answers (exit 6)', async () => {
    const noChain = await svc(emulator.url, ['emulator', 'trigger', '--from', STRANGER]);
    expect(noChain.exitCode).toBe(2);
    expect(noChain.stderr).toMatch(/^svc: --chain-id is required/);
    const badTransfer = await svc(emulator.url, ['emulator', 'trigger', '--chain-id', FUJI, '--erc20', `${STRANGER}:${STRANGER_2}`]);
    expect(badTransfer.exitCode).toBe(2);
    expect(badTransfer.stderr).toMatch(/^svc: --erc20 value "": must be a whole decimal amount/);
    const badTopic = await svc(emulator.url, ['emulator', 'trigger', '--chain-id', FUJI, '--log', `${STRANGER}:0x1234`]);
    expect(badTopic.exitCode).toBe(2);
    expect(badTopic.stderr).toMatch(/topic0 must be 32 bytes: 0x followed by 64 hex characters/);

    const nothingThere = await svc('http://127.0.0.1:9', ['emulator', 'trigger', '--chain-id', FUJI, '--retries', '0']);
    expect(nothingThere.exitCode).toBe(6);
    expect(nothingThere.stderr).toMatch(/^svc: connection refused/);
    expect(nothingThere.stderr).not.toMatch(/\n\s+at /);
  });
});

describe('the emulator keeps its word in the deliveries list', () => {
  it('every message listen printed was recorded as delivered in one attempt', async () => {
    const printed = listen.messages().filter(Boolean);
    expect(printed.length).toBeGreaterThan(10);
    const records = await until(async () => {
      const all = await deliveries(emulator.url);
      return all.every((record) => record.state === 'delivered') ? all : undefined;
    });
    const byId = new Map(records.map((record) => [record.messageId, record]));
    for (const message of printed) {
      expect(byId.get(message.messageId)).toMatchObject({ webhookId: message.webhookId, state: 'delivered', attempts: 1, lastStatus: 200 });
    }
    // No message was printed twice.
    expect(new Set(printed.map((message) => message.messageId)).size).toBe(printed.length);
    expect(listen.stderrLines.filter((line) => /duplicate/.test(line))).toEqual([]);
    expect(barrierWebhookId).toMatch(UUID);
  });
});
