// The holdings against a model of their own: over a seeded history and random injections (fast-check), every
// address's native balance is its genesis allocation + what it received - what it sent - the gas it paid, never
// negative; ERC-20 and ERC-1155 balances are the sums of their transfers; an ERC-721 token belongs to its last
// recipient; an injection the chain cannot take is refused and changes nothing; a reset undoes what it forgets.
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import type { StoredTx } from '../../src/emulator/chain-data.js';
import { DEFAULT_DELIVERY_TUNING } from '../../src/emulator/deliveries/queue.js';
import { GENESIS_NATIVE_WEI, ZERO_ADDRESS } from '../../src/emulator/genesis.js';
import { BalanceHistory } from '../../src/emulator/holdings/balance-history.js';
import { EmulatorState, InjectionRefused } from '../../src/emulator/state.js';
import type { InjectionInput } from '../../src/emulator/chain-data.js';
import { SHORT_HISTORY } from '../helpers/emulator-helpers.js';

const TUNING = { ...DEFAULT_DELIVERY_TUNING, retryDelayMs: () => 60_000 };
/** A chain only injections make (its every token entered by a mint), and a catalogue chain with its history. */
const CHAINS = ['99999', '43113'];
const PEOPLE = [
  '0x1000000000000000000000000000000000000001',
  '0x2000000000000000000000000000000000000002',
  '0x3000000000000000000000000000000000000003',
];
const TOKENS = ['0x70c0000000000000000000000000000000000001', '0x70c0000000000000000000000000000000000002'];
const COLLECTION = '0xc011000000000000000000000000000000000001';
const ONE = 10n ** 18n;

const states: EmulatorState[] = [];
afterEach(() => {
  for (const state of states.splice(0)) state.close();
});

async function freshState(chainSize?: { historyTransactions: number }): Promise<EmulatorState> {
  const state = new EmulatorState(42, true, TUNING, undefined, chainSize);
  states.push(state);
  await state.begin();
  return state;
}

/** What the chain says each address holds, computed from the listing alone. */
interface Model {
  native: Map<string, bigint>;
  erc20: Map<string, bigint>;
  erc1155: Map<string, bigint>;
  owners: Map<string, string | undefined>;
}

function model(txs: readonly StoredTx[]): Model {
  const held: Model = { native: new Map(), erc20: new Map(), erc1155: new Map(), owners: new Map() };
  const add = (map: Map<string, bigint>, key: string, delta: bigint) => map.set(key, (map.get(key) ?? 0n) + delta);
  const nativeKey = (chainId: string, address: string) => `${chainId} ${address.toLowerCase()}`;
  // store.all() is oldest first; within a chain, blocks ascending.
  for (const { item, detail } of txs) {
    const chainId = item.chainId;
    add(held.native, nativeKey(chainId, item.from.address), -BigInt(item.gasUsed) * BigInt(item.gasPrice));
    if (item.txStatus !== '1') continue;
    add(held.native, nativeKey(chainId, item.from.address), -BigInt(item.value));
    add(held.native, nativeKey(chainId, item.to.address), BigInt(item.value));
    for (const call of detail.internalTransactions) {
      if (call.internalTxType === 'DELEGATECALL' || call.internalTxType === 'STATICCALL') continue;
      add(held.native, nativeKey(chainId, call.from), -BigInt(call.value));
      add(held.native, nativeKey(chainId, call.to), BigInt(call.value));
    }
    for (const transfer of detail.erc20Transfers) {
      const token = transfer.erc20Token.address.toLowerCase();
      add(held.erc20, `${chainId} ${transfer.from.toLowerCase()} ${token}`, -BigInt(transfer.value));
      add(held.erc20, `${chainId} ${transfer.to.toLowerCase()} ${token}`, BigInt(transfer.value));
    }
    for (const transfer of detail.erc1155Transfers) {
      if (transfer.type !== 'ERC1155') continue;
      const id = `${transfer.erc1155Token.address.toLowerCase()} ${transfer.tokenId}`;
      add(held.erc1155, `${chainId} ${transfer.from.toLowerCase()} ${id}`, -BigInt(transfer.value));
      add(held.erc1155, `${chainId} ${transfer.to.toLowerCase()} ${id}`, BigInt(transfer.value));
    }
    for (const transfer of detail.erc721Transfers) {
      if (transfer.type !== 'ERC721') continue;
      const to = transfer.to.toLowerCase();
      held.owners.set(`${chainId} ${transfer.erc721Token.address.toLowerCase()} ${transfer.tokenId}`, to === ZERO_ADDRESS ? undefined : to);
    }
  }
  return held;
}

/**
 * Where the holdings' answers disagree with the model, for every address and token the chain shows: one line each,
 * none when they agree. Plain comparisons, one `expect` on the result: a run checks thousands of balances.
 */
function disagreements(state: EmulatorState): string[] {
  const held = model(state.store.all());
  const holdings = state.holdings;
  const found: string[] = [];
  const compare = (what: string, actual: unknown, expected: unknown) => {
    if (actual !== expected) found.push(`${what}: ${String(actual)}, expected ${String(expected)}`);
  };
  for (const [key, change] of held.native) {
    const [chainId, address] = key.split(' ') as [string, string];
    const balance = holdings.nativeBalance(chainId, address);
    compare(`native ${key}`, balance, GENESIS_NATIVE_WEI + change);
    if (balance < 0n) found.push(`native ${key}: ${balance}, below zero`);
  }
  for (const [key, sum] of held.erc20) {
    const [chainId, address, token] = key.split(' ') as [string, string, string];
    if (address === ZERO_ADDRESS) continue;
    const listed = holdings.erc20Holdings(chainId, address).find((holding) => holding.contract.address === token)?.balance ?? 0n;
    // Balances above zero are listed; on the chain only injections made, none is ever below.
    compare(`erc20 ${key}`, listed, sum > 0n ? sum : 0n);
    if (chainId === '99999' && sum < 0n) found.push(`erc20 ${key}: transfers sum to ${sum}, below zero`);
  }
  for (const [key, sum] of held.erc1155) {
    const [chainId, address, collection, tokenId] = key.split(' ') as [string, string, string, string];
    if (address === ZERO_ADDRESS) continue;
    const listed = holdings
      .erc1155Held(chainId, address)
      .find(({ token }) => token.collection === collection && token.tokenId === BigInt(tokenId));
    compare(`erc1155 ${key}`, listed?.balance ?? 0n, sum > 0n ? sum : 0n);
    if (chainId === '99999' && sum < 0n) found.push(`erc1155 ${key}: transfers sum to ${sum}, below zero`);
  }
  for (const [key, owner] of held.owners) {
    const [chainId, collection, tokenId] = key.split(' ') as [string, string, string];
    compare(`erc721 owner ${key}`, holdings.nftToken(chainId, collection, BigInt(tokenId))?.owner, owner);
    if (
      owner !== undefined &&
      !holdings.erc721Owned(chainId, owner).some((token) => token.collection === collection && token.tokenId === BigInt(tokenId))
    ) {
      found.push(`erc721 ${key}: not among what ${owner} owns`);
    }
  }
  return found;
}

const address = fc.constantFrom(...PEOPLE);
const sender = fc.constantFrom(ZERO_ADDRESS, ...PEOPLE);
/** Amounts around what a mint gives, so that transfers are sometimes covered and sometimes not. */
const amount = fc.bigInt({ min: 0n, max: 20n });
const injection: fc.Arbitrary<InjectionInput> = fc
  .record({
    chainId: fc.constantFrom(...CHAINS),
    from: address,
    to: address,
    // Up to a little over the genesis allocation: some senders cannot pay.
    value: fc.oneof(
      { arbitrary: fc.bigInt({ min: 0n, max: 10n * ONE }), weight: 9 },
      { arbitrary: fc.bigInt({ min: GENESIS_NATIVE_WEI - ONE, max: GENESIS_NATIVE_WEI + ONE }), weight: 1 },
    ),
    failed: fc.integer({ min: 0, max: 4 }).map((roll) => roll === 0),
    kind: fc.constantFrom('native', 'erc20', 'erc721', 'erc1155', 'internal'),
    transferFrom: sender,
    transferTo: address,
    token: fc.constantFrom(...TOKENS),
    amount,
    tokenId: fc.bigInt({ min: 10_000n, max: 10_003n }),
    // A DELEGATECALL given a value moves none: the call runs in its caller's context.
    callType: fc.constantFrom('CALL', 'DELEGATECALL'),
  })
  .map((drawn): InjectionInput => {
    const input: InjectionInput = {
      chainId: drawn.chainId,
      from: drawn.from,
      to: drawn.to,
      value: drawn.value,
      ...(drawn.failed && { txStatus: '0' as const }),
      erc20Transfers: [],
      erc721Transfers: [],
      erc1155Transfers: [],
      internalTransactions: [],
      logs: [],
    };
    const move = { from: drawn.transferFrom, to: drawn.transferTo };
    if (drawn.kind === 'erc20') input.erc20Transfers.push({ ...move, value: drawn.amount, token: { address: drawn.token } });
    if (drawn.kind === 'erc721') input.erc721Transfers.push({ ...move, tokenId: drawn.tokenId, token: { address: COLLECTION } });
    if (drawn.kind === 'erc1155') {
      input.erc1155Transfers.push({ ...move, tokenId: drawn.tokenId, value: drawn.amount, token: { address: COLLECTION } });
    }
    if (drawn.kind === 'internal') {
      input.internalTransactions.push({
        from: drawn.transferTo,
        to: drawn.from,
        value: drawn.amount * ONE,
        internalTxType: drawn.callType,
      });
    }
    return input;
  });

describe('holdings', () => {
  it('agree with a model of the chain over the seeded history and random injections; refused ones change nothing', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(injection, { minLength: 10, maxLength: 40 }), async (injections) => {
        // A short history for the property's many runs: each makes a state of its own, and what a run adds is checked
        // against the whole chain. The full history is checked once (the reset below).
        const state = await freshState(SHORT_HISTORY);
        let accepted = 0;
        let refused = 0;
        const before = state.store.all().length;
        for (const input of injections) {
          try {
            await state.inject(input);
            accepted += 1;
          } catch (error) {
            expect(error).toBeInstanceOf(InjectionRefused);
            refused += 1;
          }
        }
        expect(state.store.all().length).toBe(before + accepted);
        expect(disagreements(state)).toEqual([]);
        return refused + accepted === injections.length;
      }),
      { numRuns: 15, seed: 39 },
    );
  }, 60_000);

  it('refuse a sender short of value and gas, a transfer of what its sender does not hold, a mint of an NFT that exists', async () => {
    const state = await freshState();
    const [alice, bob] = PEOPLE as [string, string];
    const base = {
      chainId: '99999',
      from: alice,
      to: bob,
      erc20Transfers: [],
      erc721Transfers: [],
      erc1155Transfers: [],
      internalTransactions: [],
      logs: [],
    };
    const refusal = async (input: InjectionInput): Promise<string[]> =>
      state.inject(input).then(
        () => [],
        (error: unknown) => (error as InjectionRefused).problems,
      );
    expect(await refusal({ ...base, value: GENESIS_NATIVE_WEI })).toEqual([
      expect.stringMatching(
        /^from 0x1000000000000000000000000000000000000001 holds 1000000000000000000000000 wei on chain 99999, less than the transaction's value \(1000000000000000000000000\) and gas \(\d+ wei\)$/,
      ),
    ]);
    expect(await refusal({ ...base, erc20Transfers: [{ from: alice, to: bob, value: 1n, token: { address: TOKENS[0]! } }] })).toEqual([
      `erc20Transfers[0].from 0x1000000000000000000000000000000000000001 holds 0 of token 0x70C0000000000000000000000000000000000001 on chain 99999, less than 1: mint it first (a transfer from ${ZERO_ADDRESS})`,
    ]);
    // A mint and a transfer of what it minted, in one transaction, in that order: taken.
    await state.inject({
      ...base,
      erc20Transfers: [
        { from: ZERO_ADDRESS, to: alice, value: 5n, token: { address: TOKENS[0]! } },
        { from: alice, to: bob, value: 5n, token: { address: TOKENS[0]! } },
      ],
    });
    await state.inject({ ...base, erc721Transfers: [{ from: ZERO_ADDRESS, to: alice, tokenId: 7n, token: { address: COLLECTION } }] });
    expect(
      await refusal({ ...base, erc721Transfers: [{ from: ZERO_ADDRESS, to: bob, tokenId: 7n, token: { address: COLLECTION } }] }),
    ).toEqual([
      expect.stringContaining(
        'erc721Transfers[0]: token 7 of 0xC011000000000000000000000000000000000001 exists already (owned by 0x1000000000000000000000000000000000000001)',
      ),
    ]);
    expect(await refusal({ ...base, erc721Transfers: [{ from: bob, to: alice, tokenId: 7n, token: { address: COLLECTION } }] })).toEqual([
      expect.stringContaining('its owner is 0x1000000000000000000000000000000000000001'),
    ]);
    // A failed transaction moves nothing, so its transfers need no holding; its sender still pays the gas.
    const gasBefore = state.holdings.nativeBalance('99999', bob);
    await state.inject({
      ...base,
      from: bob,
      txStatus: '0',
      erc20Transfers: [{ from: bob, to: alice, value: 100n, token: { address: TOKENS[1]! } }],
    });
    expect(state.holdings.nativeBalance('99999', bob) < gasBefore).toBe(true);
    expect(state.holdings.erc20Holdings('99999', alice).map((holding) => holding.contract.address)).toEqual([]);
    expect(state.holdings.erc20Holdings('99999', bob).map(({ contract, balance }) => [contract.address, balance])).toEqual([
      [TOKENS[0], 5n],
    ]);
  });

  it('a reset takes back what the injected transactions moved, and the chain after it agrees with the model again', async () => {
    const state = await freshState();
    const [alice, bob] = PEOPLE as [string, string];
    const before = state.holdings.nativeBalance('43113', alice);
    await state.inject({
      chainId: '43113',
      from: alice,
      to: bob,
      value: ONE,
      erc20Transfers: [{ from: ZERO_ADDRESS, to: alice, value: 9n, token: { address: TOKENS[0]! } }],
      erc721Transfers: [{ from: ZERO_ADDRESS, to: bob, tokenId: 123_456n, token: { address: COLLECTION } }],
      erc1155Transfers: [],
      internalTransactions: [],
      logs: [],
    });
    expect(state.holdings.nativeBalance('43113', alice) < before - ONE).toBe(true);
    expect(state.holdings.nftToken('43113', COLLECTION, 123_456n)?.owner).toBe(bob);
    await state.reset();
    expect(state.holdings.nativeBalance('43113', alice)).toBe(before);
    expect(state.holdings.erc20Holdings('43113', alice)).toEqual([]);
    expect(state.holdings.nftToken('43113', COLLECTION, 123_456n)?.owner).toBeUndefined();
    expect(state.holdings.erc721Owned('43113', bob).some((token) => token.tokenId === 123_456n)).toBe(false);
    expect(disagreements(state)).toEqual([]);
  });

  it('a refused injection takes no block number: the next one on its chain takes the number after the last kept', async () => {
    const state = await freshState();
    const [alice, bob] = PEOPLE as [string, string];
    const blockOf = (txHash: string) => state.chain.transaction(txHash)!.block.number;
    const send = (value: bigint, tokens: bigint): InjectionInput => ({
      chainId: '99999',
      from: alice,
      to: bob,
      value,
      erc20Transfers: tokens === 0n ? [] : [{ from: alice, to: bob, value: tokens, token: { address: TOKENS[0]! } }],
      erc721Transfers: [],
      erc1155Transfers: [],
      internalTransactions: [],
      logs: [],
    });
    const first = await state.inject(send(1n, 0n));
    await expect(state.inject(send(1n, 5n))).rejects.toBeInstanceOf(InjectionRefused);
    await expect(state.inject(send(GENESIS_NATIVE_WEI, 0n))).rejects.toBeInstanceOf(InjectionRefused);
    const next = await state.inject(send(2n, 0n));
    expect(blockOf(next.txHash)).toBe(blockOf(first.txHash) + 1);
    expect(Number(state.chain.transaction(next.txHash)!.tx.item.nonce)).toBe(
      Number(state.chain.transaction(first.txHash)!.tx.item.nonce) + 1,
    );
  });

  it('are cumulative: a block leaving the retention window takes nothing back', async () => {
    const state = new EmulatorState(42, true, TUNING, undefined, { retainedTransactions: 100 });
    states.push(state);
    await state.begin();
    const [alice, bob] = PEOPLE as [string, string];
    const move = (from: string, to: string, value: bigint): InjectionInput => ({
      chainId: '99999',
      from: alice,
      to: TOKENS[0]!,
      value: 0n,
      erc20Transfers: [{ from, to, value, token: { address: TOKENS[0]! } }],
      erc721Transfers: [],
      erc1155Transfers: [],
      internalTransactions: [],
      logs: [],
    });
    const mint = await state.inject(move(ZERO_ADDRESS, alice, 9n));
    const afterMint = state.holdings.nativeBalance('99999', alice);
    for (let tick = 1; state.store.all().some((tx) => tx.item.txHash === mint.txHash); tick++) {
      await state.syntheticTick(Date.now() + tick * 1_000);
    }
    expect(state.holdings.erc20Holdings('99999', alice).map(({ balance }) => balance)).toEqual([9n]);
    expect(state.holdings.nativeBalance('99999', alice)).toBe(afterMint);
    await state.inject(move(alice, bob, 9n));
    expect(state.holdings.erc20Holdings('99999', bob).map(({ balance }) => balance)).toEqual([9n]);
    await expect(state.inject(move(alice, bob, 1n))).rejects.toBeInstanceOf(InjectionRefused);
  });

  it('know every token contract a transfer names, and every contract created with its deployment', async () => {
    const state = await freshState();
    // What the holdings answer beside what each transfer and creation says, compared once: thousands of them.
    const answered: unknown[] = [];
    const said: unknown[] = [];
    for (const tx of state.store.all()) {
      const { chainId } = tx.item;
      for (const transfer of tx.detail.erc20Transfers) {
        const known = state.holdings.contract(chainId, transfer.erc20Token.address.toLowerCase());
        const { name, symbol, decimals } = transfer.erc20Token;
        answered.push([transfer.erc20Token.address, known?.ercType, known?.name, known?.symbol, known?.decimals]);
        said.push([transfer.erc20Token.address, 'ERC-20', name, symbol, decimals]);
      }
      for (const transfer of [...tx.detail.erc721Transfers, ...tx.detail.erc1155Transfers]) {
        const token = transfer.type === 'ERC721' ? transfer.erc721Token : transfer.erc1155Token;
        const known = state.holdings.contract(chainId, token.address.toLowerCase());
        answered.push([token.address, known?.ercType, known?.name, known?.symbol]);
        said.push([token.address, transfer.type === 'ERC721' ? 'ERC-721' : 'ERC-1155', token.name, token.symbol]);
      }
      if (tx.detail.contractAddress) {
        answered.push([tx.detail.contractAddress, state.holdings.contract(chainId, tx.detail.contractAddress.toLowerCase())?.deployment]);
        said.push([tx.detail.contractAddress, { txHash: tx.item.txHash, deployer: tx.item.from.address.toLowerCase() }]);
      }
    }
    expect(said.length).toBeGreaterThan(100);
    expect(answered).toEqual(said);
  });
});

describe('a balance through the blocks', () => {
  it('answers at any block, with blocks placed in order or not', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 1, max: 30 }), fc.bigInt({ min: -50n, max: 50n })), { maxLength: 30 }), (changes) => {
        const history = new BalanceHistory();
        for (const [block, delta] of changes) history.add(block, delta);
        const answered = Array.from({ length: 32 }, (_, block) => history.at(block));
        const expected = answered.map((_, block) => changes.filter(([at]) => at <= block).reduce((sum, [, delta]) => sum + delta, 0n));
        expect(answered).toEqual(expected);
        expect(history.latest()).toBe(changes.reduce((sum, [, delta]) => sum + delta, 0n));
      }),
      { seed: 39 },
    );
  });
});
