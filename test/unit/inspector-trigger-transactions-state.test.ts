// The inspector's Trigger and Transactions views, their state without a browser: the form's values as the body the
// control API takes (or what is wrong with them), the transactions that arrived since the last answer, and each
// transaction's kinds in words.
import { describe, expect, it } from 'vitest';
import { addLabel, GROUPS, triggerRequest, TRANSFER_TOPIC } from '../../src/emulator/inspector/page/trigger-state.js';
import type { TriggerForm } from '../../src/emulator/inspector/page/trigger-state.js';
import { INITIAL_TRANSACTIONS, kinds, transactionsListed } from '../../src/emulator/inspector/page/transactions-state.js';
import type { TransactionGlance } from '../../src/emulator/inspector/page/transactions-state.js';

const CHAINS = new Map([
  ['c-chain', '43114'],
  ['fuji', '43113'],
]);
const A = '0x' + 'a'.repeat(40);
const B = '0x' + 'b'.repeat(40);
const form = (overrides: Partial<TriggerForm> = {}): TriggerForm => ({
  chain: 'fuji',
  from: '',
  to: '',
  value: '',
  failed: false,
  contractCreation: false,
  groups: {},
  ...overrides,
});
const word = (n: number) => '0x' + n.toString(16).padStart(64, '0');

describe('the Trigger view state', () => {
  it('a chain by name or id; an unknown name is named with the ones known', () => {
    expect(triggerRequest(form(), CHAINS)).toEqual({ request: { chainId: '43113' } });
    expect(triggerRequest(form({ chain: 'FUJI' }), CHAINS)).toEqual({ request: { chainId: '43113' } });
    expect(triggerRequest(form({ chain: '99999' }), CHAINS)).toEqual({ request: { chainId: '99999' } });
    expect(triggerRequest(form({ chain: 'atlantis' }), CHAINS)).toEqual({
      problem: 'Chain "atlantis": give its id, or one of the names: c-chain, fuji',
    });
  });

  it('the fields given, a failed status, the entries of each group with their empty fields left out', () => {
    const made = triggerRequest(
      form({
        from: A,
        to: B,
        value: '5',
        failed: true,
        groups: {
          erc20Transfers: [{ from: A, to: B, value: '7' }],
          internalTransactions: [{ from: A, to: B, value: '0', internalTxType: 'DELEGATECALL' }],
          logs: [{ address: A, topic0: TRANSFER_TOPIC, topic1: word(1), topic2: '', topic3: '', data: '' }],
        },
      }),
      CHAINS,
    );
    expect(made).toEqual({
      request: {
        chainId: '43113',
        from: A,
        to: B,
        value: '5',
        txStatus: '0',
        erc20Transfers: [{ from: A, to: B, value: '7' }],
        internalTransactions: [{ from: A, to: B, value: '0', internalTxType: 'DELEGATECALL' }],
        logs: [{ address: A, topics: [TRANSFER_TOPIC, word(1)], data: '0x' }],
      },
    });
  });

  it("a log's topics in order, none skipped; a contract creation leaves out the recipient and the parts", () => {
    expect(
      triggerRequest(form({ groups: { logs: [{ address: A, topic0: TRANSFER_TOPIC, topic1: '', topic2: word(2) }] } }), CHAINS),
    ).toEqual({ problem: 'Log 1: give its topics in order, topic0 first, none skipped' });
    expect(triggerRequest(form({ from: A, to: B, contractCreation: true, groups: { erc20Transfers: [{ from: A }] } }), CHAINS)).toEqual({
      request: { chainId: '43113', from: A, contractCreation: true },
    });
  });

  it('each group is offered by its name', () => {
    expect(GROUPS.map(addLabel)).toEqual([
      'Add an ERC-20 transfer',
      'Add an ERC-721 transfer',
      'Add an ERC-1155 transfer',
      'Add an internal transaction',
      'Add a log',
    ]);
  });
});

const glance = (txHash: string, overrides: Partial<TransactionGlance> = {}): TransactionGlance => ({
  txHash,
  chainId: '43113',
  nativeSymbol: 'AVAX',
  blockNumber: '1',
  blockTimestampMilliseconds: 0,
  txStatus: '1',
  value: '0',
  from: { address: A },
  to: { address: B },
  method: { callType: 'NATIVE_TRANSFER', methodHash: '' },
  erc20Transfers: 0,
  erc721Transfers: 0,
  erc1155Transfers: 0,
  internalTransactions: 0,
  logTopics: [],
  ...overrides,
});

describe('the Transactions view state', () => {
  it('the first answer marks none as new; a later one marks those it did not hold; the same list changes nothing', () => {
    let state = transactionsListed(INITIAL_TRANSACTIONS, [glance('0x2'), glance('0x1')]);
    expect([state.changed, [...state.arrived]]).toEqual([true, []]);
    state = transactionsListed(state, [glance('0x3'), glance('0x2'), glance('0x1')]);
    expect([state.changed, [...state.arrived]]).toEqual([true, ['43113:0x3']]);
    state = transactionsListed(state, [glance('0x3'), glance('0x2'), glance('0x1')]);
    expect(state.changed).toBe(false);
    // The same hash on another chain is another transaction.
    state = transactionsListed(state, [glance('0x3', { chainId: '43114' }), glance('0x3'), glance('0x2')]);
    expect([...state.arrived]).toEqual(['43114:0x3']);
  });

  it('what a transaction holds, in words', () => {
    expect(kinds(glance('0x1'))).toEqual([['native', 'native transfer']]);
    expect(kinds(glance('0x1', { method: { callType: 'CONTRACT_CREATION', methodHash: '0x' } }))).toEqual([
      ['creation', 'contract creation'],
    ]);
    expect(
      kinds(
        glance('0x1', {
          method: { callType: 'CONTRACT_CALL', methodHash: '0xa9059cbb', methodName: 'transfer(address,uint256)' },
          from: { address: A, symbol: 'USDC' },
          erc20Transfers: 2,
          erc721Transfers: 1,
          erc1155Transfers: 3,
          internalTransactions: 4,
          logTopics: [3, 4],
        }),
      ),
    ).toEqual([
      ['call', 'call transfer'],
      ['token', 'token sender'],
      ['erc20', 'ERC-20 \u00d72'],
      ['nft', 'ERC-721 \u00d71'],
      ['nft', 'ERC-1155 \u00d73'],
      ['internal', 'internal \u00d74'],
      ['log', '2 logs of 3, 4 topics'],
    ]);
    expect(kinds(glance('0x1', { method: { callType: 'CONTRACT_CALL', methodHash: '0xdeadbeef' }, logTopics: [1] }))).toEqual([
      ['call', 'call 0xdeadbeef'],
      ['log', 'log of 1 topic'],
    ]);
  });
});
