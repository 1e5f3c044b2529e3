// Generated chain activity: drafts of transactions (native, ERC-20, approvals, swaps, injected) built into blocks of stored transactions.
import type { Erc20Transfer, InternalTransaction, NftTransfer, Transaction, TxLog, AddressInfo } from '../schema/index.js';
import { APPROVAL_SIGNATURE, TRANSFER_SIGNATURE, TRANSFER_SINGLE_SIGNATURE } from '../evm/event-signature.js';
import { keccak256Hex } from '../evm/keccak.js';
import {
  CHAINS,
  DEPOSIT_SIGNATURE,
  EXECUTION_SUCCESS_SIGNATURE,
  METHODS,
  SWAP_SIGNATURE,
  SYNC_SIGNATURE,
  checksum,
  logoUri,
  unknownChain,
} from './chains.js';
import type { ChainInfo, NetworkKind, TokenInfo } from './chains.js';
import type { Prng } from './prng.js';
import { TokenPositions } from './chain/token-positions.js';
import type { PositionMove } from './chain/token-positions.js';
import { ZERO_ADDRESS } from './genesis.js';
import { compareListing } from './transactions/listing-order.js';

/** A log as delivered: a log with fewer than three topics has null where the spec's table has no value to give. */
export type EmittedLog = TxLog;

/** What a notification needs beyond the listing's fields. */
export interface TxDetail {
  input: string;
  maxFeePerGas: string;
  maxPriorityFeePerGas: string;
  receiptCumulativeGasUsed: string;
  receiptRoot: string;
  erc20Transfers: Erc20Transfer[];
  erc721Transfers: NftTransfer[];
  erc1155Transfers: NftTransfer[];
  internalTransactions: InternalTransaction[];
  logs: EmittedLog[];
  /** The contract a contract creation made. */
  contractAddress?: string;
}

/**
 * What a block says of itself beyond its transactions, made with it and kept with it: the same object for every
 * transaction of the block. Transactions kept by an older emulator have none (the chain derives them, see chain/).
 */
export interface BlockFacts {
  parentHash: string;
  baseFeePerGas: string;
  gasLimit: string;
  /** Transactions on the chain up to and including this block, the ones before the emulator's first block counted in. */
  cumulativeTransactions: number;
}

export interface StoredTx {
  /** The three sort keys of the listing. */
  ms: number;
  chainNum: number;
  blockIndex: number;
  network: NetworkKind | null;
  item: Transaction;
  detail: TxDetail;
  /** Lower-case addresses a webhook can match on: from, to, token and internal movers, log emitters. */
  participants: string[];
  /** Lower-case topic0 of every log, for the eventSignatures filter. */
  topic0s: string[];
  /** The block's own facts (absent in transactions kept by an older emulator). */
  block?: BlockFacts;
}

interface TokenMove {
  token: TokenInfo;
  from: string;
  to: string;
  value: bigint;
}

type NftStandard = 'ERC721' | 'ERC1155';

interface NftMove {
  standard: NftStandard;
  collection: TokenInfo;
  from: string;
  to: string;
  tokenId: bigint;
  /** 1 for ERC-721; the amount of that id for ERC-1155. */
  value: bigint;
}

interface InternalCall {
  from: string;
  to: string;
  value: bigint;
  type: string;
}

interface RawLog {
  address: string;
  topics: string[];
  data: string;
}

/** A transaction before it is placed in a block; addresses lower-case. */
interface TxDraft {
  from: string;
  to: string;
  value: bigint;
  failed: boolean;
  callType: 'NATIVE_TRANSFER' | 'CONTRACT_CALL' | 'CONTRACT_CREATION';
  methodName: string;
  methodHash: string;
  input: string;
  gasUsed: number;
  gasLimit: number;
  tokenMoves: TokenMove[];
  internals: InternalCall[];
  /** Logs besides the Transfer log each token move emits. */
  logs: RawLog[];
  /** ERC-721 and ERC-1155 transfers, each with its log. */
  nftMoves?: NftMove[];
  /** Set on a contract creation: the address of the new contract (also the listing's `to`). */
  contractAddress?: string;
}

/** A validated body of `POST /_emulator/transactions`, addresses lower-case. */
export interface InjectionInput {
  chainId: string;
  from?: string;
  to?: string;
  value?: bigint;
  txStatus?: '1' | '0';
  erc20Transfers: {
    from: string;
    to: string;
    value: bigint;
    token?: { address: string; name?: string; symbol?: string; decimals?: number };
  }[];
  internalTransactions: { from: string; to: string; value: bigint; internalTxType: string }[];
  logs: RawLog[];
  erc721Transfers: { from: string; to: string; tokenId: bigint; token?: { address: string; name?: string; symbol?: string } }[];
  erc1155Transfers: {
    from: string;
    to: string;
    tokenId: bigint;
    value: bigint;
    token?: { address: string; name?: string; symbol?: string };
  }[];
  /** A contract creation: the transaction makes a contract (its address derived from the sender and nonce). */
  contractCreation?: boolean;
}

interface ChainState {
  info: ChainInfo;
  tokens: TokenInfo[];
  /** An ERC-721 and an ERC-1155 collection. */
  collections: Record<NftStandard, TokenInfo>;
  tokensByAddress: Map<string, TokenInfo>;
  router: string;
  pair: string;
  /** A smart wallet (a proxy) and the implementation it delegates its calls to. */
  wallet: { proxy: string; implementation: string };
  accounts: string[];
  blockNumber: number;
  /** Strictly increasing per chain, which keeps (ms, chainId, blockIndex) unique across the listing. */
  lastMs: number;
  minDelayExcess: number;
  nonces: Map<string, number>;
  /** The newest block made on the chain: the next one's parent. */
  lastBlockHash: string;
  /** Transactions made on the chain so far, counting from a base the chain's first block number gives. */
  txCount: number;
  /** What each address holds of each token: only what a sender holds is moved, the rest is minted first. */
  positions: TokenPositions;
}

const ACCOUNTS_PER_CHAIN = 160;
/** Liquidity added to a pair short of a token: enough for this many swaps of that size. */
const POOL_DEPTH = 1_000n;
/** The C-Chain's block gas limit, every emulated chain's. */
const BLOCK_GAS_LIMIT = 15_000_000;

type BackgroundKind = 'native' | 'erc20' | 'approve' | 'swap' | 'nft' | 'wallet' | 'creation' | 'tokenSender';

/**
 * How often each kind of background transaction comes, in shares of 100: mostly native and token transfers, as on a
 * busy chain; NFT transfers, smart-wallet calls, contract creations and a token contract as the sender now and then.
 */
const BACKGROUND_KINDS: ReadonlyArray<readonly [BackgroundKind, number]> = [
  ['native', 28],
  ['erc20', 30],
  ['approve', 7],
  ['swap', 14],
  ['nft', 8],
  ['wallet', 6],
  ['creation', 4],
  ['tokenSender', 3],
];
const BACKGROUND_WEIGHTS = BACKGROUND_KINDS.reduce((sum, [, weight]) => sum + weight, 0);
const MAX_UINT256 = (1n << 256n) - 1n;
const NATIVE_METHOD_HASH = '0x';
const NATIVE_METHOD_NAME = 'Native Transfer';
const EXTRA_TOKENS: Omit<TokenInfo, 'address' | 'logoUri'>[] = [
  { name: 'Bridged USDC', symbol: 'USDC.e', decimals: 6 },
  { name: 'Emulated Governance', symbol: 'EGOV', decimals: 18 },
  { name: 'Wrapped BTC', symbol: 'WBTC.e', decimals: 8 },
];

/** Bytecode's usual first bytes: a creation's input starts with them, and the listing shows them as its selector. */
const CREATION_PREFIX = '0x60806040';
const CREATION_METHOD_NAME = 'Contract Creation';
const SAFE_TRANSFER_721 = '0x42842e0e'; // safeTransferFrom(address,address,uint256)
const SAFE_TRANSFER_1155 = '0xf242432a'; // safeTransferFrom(address,address,uint256,uint256,bytes)

/**
 * An address made from text, without drawing from the generator (so adding one leaves every seeded value as it was).
 */
function derivedAddress(text: string): string {
  return hexOf('0x', keccak256Hex(text).slice(-40));
}

/** A 32-byte hash made from text, without drawing from the generator. */
function derivedHash(text: string): string {
  return keccak256Hex(text);
}

/**
 * Padded addresses made before, each kept once: the same few hundred accounts fill the topics of every block, and a
 * copy of each 66-character topic per log was a tenth of a held transaction's memory.
 */
const padded = new Map<string, string>();
const PADDED_LIMIT = 100_000;

/**
 * The one empty list every transaction without transfers, calls or logs holds (frozen: nothing changes a stored
 * transaction): most hold three or four, and a list apiece was a fiftieth of a held transaction's memory.
 */
const NONE: never[] = Object.freeze([]) as unknown as never[];

function orNone<T>(list: T[]): T[] {
  return list.length === 0 ? NONE : list;
}

/** A transaction's lower-case topic0s, one list per distinct set (a few dozen sets recur in every block). */
const sharedTopicLists = new Map<string, string[]>();

function sharedTopics(logs: readonly EmittedLog[]): string[] {
  if (logs.length === 0) return NONE;
  const topics = [...new Set(logs.map((log) => log.topic0.toLowerCase()))];
  const key = topics.join(' ');
  let shared = sharedTopicLists.get(key);
  if (shared === undefined) {
    if (sharedTopicLists.size >= PADDED_LIMIT) sharedTopicLists.clear();
    shared = Object.freeze(topics) as string[];
    sharedTopicLists.set(key, shared);
  }
  return shared;
}

const sharedAddressInfo = new Map<string, AddressInfo>();
const sharedMethods = new Map<string, Transaction['method']>();

/** A transaction's method object, one per kind of call (never changed once made). */
function sharedMethod(draft: TxDraft): Transaction['method'] {
  const key = `${draft.callType} ${draft.methodHash} ${draft.methodName}`;
  let method = sharedMethods.get(key);
  if (method === undefined) {
    method = { callType: draft.callType, methodHash: draft.methodHash, methodName: draft.methodName };
    if (sharedMethods.size >= PADDED_LIMIT) sharedMethods.clear();
    sharedMethods.set(key, method);
  }
  return method;
}

function pad32(hex: string): string {
  let topic = padded.get(hex);
  if (topic === undefined) {
    if (padded.size >= PADDED_LIMIT) padded.clear();
    topic = hexOf('0x', hex.slice(2).toLowerCase().padStart(64, '0'));
    padded.set(hex, topic);
  }
  return topic;
}

/**
 * One flat string of these pieces (two or more). `+` and padStart make a rope: a node per piece, kept with every piece
 * for as long as the transaction that holds it; in a generated history those were a quarter of a transaction's
 * memory. Joining copies the pieces into one string.
 */
function hexOf(...pieces: string[]): string {
  return pieces.join('');
}

function uint256(value: bigint): string {
  return value.toString(16).padStart(64, '0');
}

/** The token amount in whole units as a decimal string: 1500000 with 6 decimals is "1.5". */
export function valueWithDecimals(value: bigint, decimals: number): string {
  if (decimals === 0) return value.toString();
  const digits = value.toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, -decimals);
  const fraction = digits.slice(-decimals).replace(/0+$/, '');
  return fraction === '' ? whole : `${whole}.${fraction}`;
}

/** What the blocks whose records are gone left on one chain, for the generator at a restart (see chain/carried.ts). */
export interface CarriedGeneratorState {
  chainId: string;
  /** The newest of those blocks: the chain goes on after it. */
  head: { number: number; hash: string; ms: number; cumulativeTransactions: number } | undefined;
  /** Each sender's next nonce. */
  nonces: ReadonlyMap<string, number>;
  /** The net token moves, as mints (from the zero address) of each change: what TokenPositions applies. */
  moves: readonly PositionMove[];
}

/**
 * Where a generator stands (its random position and each catalogue chain's counters), to make another generator that
 * goes on exactly as this one will: a cached history is reused only if what follows it stays the same as a fresh one.
 */
/** Where the making of one chain's blocks stood (see ChainDataGenerator.mark()). */
export interface GeneratorMark {
  readonly words: readonly number[];
  readonly chain: ChainState;
  readonly saved: Pick<ChainState, 'blockNumber' | 'lastMs' | 'minDelayExcess' | 'lastBlockHash' | 'txCount'>;
  /** A copy, taken back by the one rewind() to this mark. */
  readonly nonces: Map<string, number>;
}

export interface GeneratorPosition {
  readonly words: readonly number[];
  readonly chains: readonly ChainState[];
}

/**
 * A chain's state for another generator: the counters it changes are its own; the token list, accounts and
 * addresses are never changed after the chain is made, so they are shared.
 */
function copyChain(chain: ChainState): ChainState {
  return { ...chain, nonces: new Map(chain.nonces), positions: chain.positions.copy() };
}

export class ChainDataGenerator {
  private readonly chains = new Map<string, ChainState>();

  /** With `from`, the generator continues from that position (see position()) instead of making its chains. */
  constructor(
    private readonly rng: Prng,
    from?: GeneratorPosition,
  ) {
    if (from) {
      rng.setWords(from.words);
      for (const chain of from.chains) this.chains.set(chain.info.chainId, copyChain(chain));
    } else {
      for (const info of CHAINS) this.chains.set(info.chainId, this.createChain(info));
    }
  }

  /** A copy of where the generator stands, which later generating does not change. */
  position(): GeneratorPosition {
    return { words: this.rng.words(), chains: this.catalogueChains().map(copyChain) };
  }

  /**
   * Goes on from random values no earlier run of the seed drew (`words`), and on each chain after the newest block of
   * the transactions kept from those runs: a restarted emulator never makes a hash or block it made before.
   */
  continueAfter(words: readonly number[], kept: readonly StoredTx[], carried: readonly CarriedGeneratorState[] = []): void {
    this.rng.setWords(words);
    // What blocks whose records are gone carried comes before every kept block (each block counts once: see
    // chain/carried.ts); the kept ones follow in chain order, so an NFT's owner is its last recipient.
    for (const summary of carried) {
      const chain = this.chain(summary.chainId);
      const head = summary.head;
      if (head && head.number >= chain.blockNumber) {
        chain.blockNumber = head.number;
        chain.lastBlockHash = head.hash;
        chain.txCount = Math.max(chain.txCount, head.cumulativeTransactions);
      }
      if (head) chain.lastMs = Math.max(chain.lastMs, head.ms);
      for (const [from, nonce] of summary.nonces) chain.nonces.set(from, Math.max(chain.nonces.get(from) ?? 0, nonce));
      for (const move of summary.moves) chain.positions.apply(move);
    }
    for (const tx of [...kept].sort(chainOrder)) {
      const chain = this.chain(tx.item.chainId);
      const number = Number(tx.item.blockNumber);
      if (number >= chain.blockNumber) {
        chain.blockNumber = number;
        chain.lastBlockHash = tx.item.blockHash;
        if (tx.block) chain.txCount = Math.max(chain.txCount, tx.block.cumulativeTransactions);
      }
      chain.lastMs = Math.max(chain.lastMs, tx.ms);
      // A sender's next nonce follows the last one the chain holds, as a node would have it.
      const from = tx.item.from.address.toLowerCase();
      chain.nonces.set(from, Math.max(chain.nonces.get(from) ?? 0, Number(tx.item.nonce) + 1));
      this.placed(tx);
    }
  }

  /** An injected transaction now in the chain: its sender and recipients hold what it moved. */
  placed(tx: StoredTx): void {
    if (tx.item.txStatus !== '1') return;
    const { positions } = this.chain(tx.item.chainId);
    for (const move of positionMoves(tx)) positions.apply(move);
  }

  /**
   * An injected transaction a reset forgot: what it moved is moved back (its nonce stays used). An ERC-721 token goes
   * to `ownerOf`'s answer, its owner once the transaction is undone (a later transfer may have moved it since).
   */
  forgotten(tx: StoredTx, ownerOf: (collection: string, tokenId: bigint) => string | undefined): void {
    if (tx.item.txStatus !== '1') return;
    const { positions } = this.chain(tx.item.chainId);
    for (const move of positionMoves(tx)) {
      if (move.standard === 'ERC721')
        positions.apply({ ...move, from: ZERO_ADDRESS, to: ownerOf(move.token, move.tokenId!) ?? ZERO_ADDRESS });
      else positions.apply({ ...move, from: move.to, to: move.from });
    }
  }

  /** The chain's state, created on first use for a chain the catalogue does not list. */
  chain(chainId: string): ChainState {
    let state = this.chains.get(chainId);
    if (!state) {
      state = this.createChain(unknownChain(chainId));
      this.chains.set(chainId, state);
    }
    return state;
  }

  catalogueChains(): ChainState[] {
    return CHAINS.map((info) => this.chain(info.chainId));
  }

  /**
   * About `totalTxs` transactions spread over the catalogue chains, the newest block at or before `endMs`, in a
   * TransactionStore's own order (the one listed last first), so adding them to one is a push each, not a splice.
   */
  history(endMs: number, totalTxs: number): StoredTx[] {
    const weightSum = CHAINS.reduce((sum, info) => sum + info.historyWeight, 0);
    const out: StoredTx[] = [];
    for (const chain of this.catalogueChains()) {
      const target = Math.round((totalTxs * chain.info.historyWeight) / weightSum);
      const blockSizes: number[] = [];
      for (let count = 0; count < target;) {
        const size = Math.min(this.rng.int(1, 6), target - count);
        blockSizes.push(size);
        count += size;
      }
      const interval = chain.info.blockIntervalMs;
      blockSizes.forEach((size, k) => {
        const stepsBack = blockSizes.length - 1 - k;
        const jitter = k === blockSizes.length - 1 ? 0 : this.rng.int(0, Math.floor(interval / 3));
        const ms = endMs - stepsBack * interval - jitter;
        chain.blockNumber += this.rng.int(0, 2);
        const drafts = Array.from({ length: size }, () => this.randomDraft(chain, ms));
        out.push(...this.block(chain, ms, drafts));
      });
    }
    return out.sort((a, b) => compareListing(b, a));
  }

  /** The timestamp of the chain's next block: now, or just after its last block if the clock has not moved on. */
  private nextBlockMs(chain: ChainState, now: number): number {
    return Math.max(now, chain.lastMs + 1);
  }

  /**
   * One block of generated activity; `watched` lists (address, eventSignatures) pairs some transactions must touch.
   * A watched address comes in the case its webhook was given it (checksummed, often): drafts hold addresses in lower
   * case, the form a match looks participants up by.
   */
  syntheticBlock(chain: ChainState, now: number, watched: { address: string; eventSignatures: string[] }[]): StoredTx[] {
    const ms = this.nextBlockMs(chain, now);
    const backgroundCount = this.rng.int(1, 4);
    // Where each watched address's transaction goes among the others is drawn first, and the drafts are then made in
    // the block's order: one can spend what an earlier one in the block gave, never what a later one will.
    const slots: ({ address: string; eventSignatures: string[] } | null)[] = Array.from({ length: backgroundCount }, () => null);
    for (const target of watched) slots.splice(this.rng.int(0, slots.length), 0, target);
    const drafts = slots.map((target) => {
      if (!target) return this.randomDraft(chain, ms);
      const draft = this.touchingDraft(chain, ms, target.address.toLowerCase(), target.eventSignatures);
      this.commit(chain, draft);
      return draft;
    });
    return this.block(chain, ms, drafts);
  }

  /**
   * What making a block of the chain changes here (random values, block number and hash, nonces), saved so that an
   * injection refused once made can be taken back with rewind(): the next block takes the number it would have had.
   */
  mark(chainId: string): GeneratorMark {
    const chain = this.chain(chainId);
    const { blockNumber, lastMs, minDelayExcess, lastBlockHash, txCount } = chain;
    return {
      words: this.rng.words(),
      chain,
      saved: { blockNumber, lastMs, minDelayExcess, lastBlockHash, txCount },
      nonces: new Map(chain.nonces),
    };
  }

  /** Back to `mark` (once), nothing made since kept: a refused injection. */
  rewind(mark: GeneratorMark): void {
    this.rng.setWords(mark.words);
    Object.assign(mark.chain, mark.saved);
    mark.chain.nonces = mark.nonces;
  }

  /** The single transaction of an injected block. */
  injectedBlock(input: InjectionInput, now: number): StoredTx {
    const chain = this.chain(input.chainId);
    // What it moves is counted once it is placed (see placed()): an injection can still be refused.
    return this.block(chain, this.nextBlockMs(chain, now), [this.injectedDraft(chain, input)])[0]!;
  }

  private createChain(info: ChainInfo): ChainState {
    const tokens: TokenInfo[] = info.knownTokens.map((token) => {
      const address = token.address === '' ? this.rng.hex(20) : token.address;
      return { ...token, address, logoUri: logoUri(info.chainId, checksum(address)) };
    });
    for (const extra of EXTRA_TOKENS.slice(0, Math.max(0, 3 - tokens.length))) {
      const address = this.rng.hex(20);
      tokens.push({ ...extra, address, logoUri: logoUri(info.chainId, checksum(address)) });
    }
    const collection = (standard: NftStandard, name: string, symbol: string): TokenInfo => {
      const address = derivedAddress(`svc emulator ${standard} collection on ${info.chainId}`);
      return { address, name, symbol, decimals: 0, logoUri: logoUri(info.chainId, checksum(address)) };
    };
    const collections = {
      ERC721: collection('ERC721', 'Emulated Avatars', 'EAVA'),
      ERC1155: collection('ERC1155', 'Emulated Items', 'EITEM'),
    };
    return {
      info,
      tokens,
      collections,
      tokensByAddress: new Map([...tokens, collections.ERC721, collections.ERC1155].map((token) => [token.address, token])),
      router: info.knownRouter ?? this.rng.hex(20),
      pair: this.rng.hex(20),
      wallet: {
        proxy: derivedAddress(`svc emulator wallet on ${info.chainId}`),
        implementation: derivedAddress(`svc emulator wallet implementation on ${info.chainId}`),
      },
      accounts: Array.from({ length: ACCOUNTS_PER_CHAIN }, () => this.rng.hex(20)),
      blockNumber: info.firstBlockNumber,
      lastMs: 0,
      minDelayExcess: this.rng.int(7_100_000, 7_300_000),
      nonces: new Map(),
      lastBlockHash: derivedHash(`svc emulator genesis of ${info.chainId}`),
      txCount: info.firstBlockNumber * 3,
      positions: new TokenPositions(),
    };
  }

  private account(chain: ChainState): string {
    return this.rng.pickSkewed(chain.accounts);
  }

  private otherAccount(chain: ChainState, not: string): string {
    for (;;) {
      const account = this.account(chain);
      if (account !== not) return account;
    }
  }

  /**
   * A transaction of any kind the seed and the operator's models describe, at about the rates a busy chain shows
   * them (BACKGROUND_KINDS): whoever parses the listing or a notification meets every shape, not only in activity
   * made for a watched address.
   */
  private randomDraft(chain: ChainState, blockMs: number): TxDraft {
    const from = this.account(chain);
    let draft: TxDraft;
    switch (this.backgroundKind()) {
      case 'native':
        draft = this.nativeDraft(from, this.otherAccount(chain, from));
        break;
      case 'erc20':
        draft = this.erc20Draft(chain, from, this.otherAccount(chain, from));
        break;
      case 'approve':
        draft = this.approveDraft(chain, from);
        break;
      case 'swap':
        draft = this.swapDraft(chain, from, blockMs);
        break;
      case 'nft':
        draft = this.nftDraft(chain, this.rng.chance(0.6) ? 'ERC721' : 'ERC1155', from, this.otherAccount(chain, from));
        break;
      case 'wallet':
        draft = this.walletDraft(chain, from, this.otherAccount(chain, from));
        break;
      case 'creation':
        draft = this.creationDraft(from);
        break;
      case 'tokenSender':
        draft = this.nativeDraft(this.rng.pick(chain.tokens).address, from);
        break;
    }
    // About one transaction in ten reverts, as the status filter needs both kinds.
    if (this.rng.chance(0.1)) this.revert(draft);
    this.commit(chain, draft);
    return draft;
  }

  /** A draft made final: what it moves is what its parties hold from now on (a reverted one moves nothing). */
  private commit(chain: ChainState, draft: TxDraft): void {
    if (draft.failed) return;
    for (const move of draft.tokenMoves) {
      chain.positions.apply({ standard: 'ERC20', token: move.token.address, from: move.from, to: move.to, value: move.value });
    }
    for (const move of draft.nftMoves ?? []) {
      chain.positions.apply({
        standard: move.standard,
        token: move.collection.address,
        from: move.from,
        to: move.to,
        value: move.value,
        tokenId: move.tokenId,
      });
    }
  }

  private backgroundKind(): BackgroundKind {
    let roll = this.rng.next() * BACKGROUND_WEIGHTS;
    for (const [kind, weight] of BACKGROUND_KINDS) {
      roll -= weight;
      if (roll < 0) return kind;
    }
    return BACKGROUND_KINDS[0]![0];
  }

  /** A successful transaction in which `watched` takes part and, with signatures, a log carries one of them. */
  private touchingDraft(chain: ChainState, blockMs: number, watched: string, eventSignatures: string[]): TxDraft {
    if (eventSignatures.length > 0) {
      const signature = this.rng.pick(eventSignatures);
      if (signature === TRANSFER_SIGNATURE) {
        return this.rng.chance(0.5)
          ? this.erc20Draft(chain, watched, this.account(chain))
          : this.erc20Draft(chain, this.account(chain), watched);
      }
      if (signature === APPROVAL_SIGNATURE) return this.approveDraft(chain, watched);
      return this.customEventDraft(chain, watched, signature);
    }
    const roll = this.rng.next();
    if (roll < 0.3) {
      return this.rng.chance(0.5) ? this.nativeDraft(watched, this.account(chain)) : this.nativeDraft(this.account(chain), watched);
    }
    if (roll < 0.7) {
      return this.rng.chance(0.5)
        ? this.erc20Draft(chain, watched, this.account(chain))
        : this.erc20Draft(chain, this.account(chain), watched);
    }
    if (roll < 0.8) return this.approveDraft(chain, watched);
    if (roll < 0.86) return this.swapDraft(chain, watched, blockMs);
    if (roll < 0.92) {
      const standard = this.rng.chance(0.5) ? 'ERC721' : 'ERC1155';
      return this.rng.chance(0.5)
        ? this.nftDraft(chain, standard, watched, this.account(chain))
        : this.nftDraft(chain, standard, this.account(chain), watched);
    }
    if (roll < 0.96) return this.creationDraft(watched);
    // A token's own contract as the sender (a refund of native coin): the listing names the token on `from` too.
    return this.nativeDraft(this.rng.pick(chain.tokens).address, watched);
  }

  /**
   * An ERC-721 or ERC-1155 transfer from `sender` to `to`: of a token `sender` holds, or, when it holds none, a mint
   * to `to` (sent by `sender`, which still takes part).
   */
  private nftDraft(chain: ChainState, standard: NftStandard, sender: string, to: string): TxDraft {
    const collection = chain.collections[standard];
    let from = sender;
    let tokenId: bigint;
    let value: bigint;
    if (standard === 'ERC721') {
      value = 1n;
      const owned = chain.positions.ownedToken(collection.address, sender);
      if (owned === undefined) from = ZERO_ADDRESS;
      tokenId = owned ?? chain.positions.freshTokenId(collection.address);
    } else {
      tokenId = BigInt(this.rng.int(1, 20));
      value = BigInt(this.rng.int(1, 50));
      if (chain.positions.erc1155(collection.address, tokenId, sender) < value) from = ZERO_ADDRESS;
    }
    const gasUsed = this.rng.int(50_000, 90_000);
    const input =
      standard === 'ERC721'
        ? hexOf(SAFE_TRANSFER_721, pad32(from).slice(2), pad32(to).slice(2), uint256(tokenId))
        : hexOf(
            SAFE_TRANSFER_1155,
            pad32(from).slice(2),
            pad32(to).slice(2),
            uint256(tokenId),
            uint256(value),
            uint256(0xa0n),
            uint256(0n),
          );
    return {
      from: sender,
      to: collection.address,
      value: 0n,
      failed: false,
      callType: 'CONTRACT_CALL',
      methodName:
        standard === 'ERC721' ? 'safeTransferFrom(address,address,uint256)' : 'safeTransferFrom(address,address,uint256,uint256,bytes)',
      methodHash: standard === 'ERC721' ? SAFE_TRANSFER_721 : SAFE_TRANSFER_1155,
      input,
      gasUsed,
      gasLimit: gasUsed + this.rng.int(10_000, 40_000),
      tokenMoves: [],
      internals: [],
      logs: [],
      nftMoves: [{ standard, collection, from, to, tokenId, value }],
    };
  }

  /** A contract creation by `creator`: no recipient but the new contract, whose address is its `to` and `contractAddress`. */
  private creationDraft(creator: string): TxDraft {
    const contractAddress = derivedAddress(`${creator} ${this.rng.hex(8)}`);
    const gasUsed = this.rng.int(300_000, 1_800_000);
    return {
      from: creator,
      to: contractAddress,
      value: 0n,
      failed: false,
      callType: 'CONTRACT_CREATION',
      methodName: CREATION_METHOD_NAME,
      methodHash: CREATION_PREFIX,
      input: hexOf(CREATION_PREFIX, this.rng.hex(64).slice(2)),
      gasUsed,
      gasLimit: gasUsed + this.rng.int(10_000, 100_000),
      tokenMoves: [],
      internals: [],
      logs: [],
      contractAddress,
    };
  }

  private nativeDraft(from: string, to: string): TxDraft {
    return {
      from,
      to,
      // Up to about 10 native units: every sender can pay for hundreds of thousands of them out of its genesis allocation.
      value: BigInt(this.rng.int(1, 99_999)) * 10n ** BigInt(this.rng.int(11, 14)),
      failed: false,
      callType: 'NATIVE_TRANSFER',
      methodName: NATIVE_METHOD_NAME,
      methodHash: NATIVE_METHOD_HASH,
      input: '0x',
      gasUsed: 21_000,
      gasLimit: 21_000,
      tokenMoves: [],
      internals: [],
      logs: [],
    };
  }

  private tokenAmount(token: TokenInfo): bigint {
    return BigInt(this.rng.int(1, 50_000)) * 10n ** BigInt(Math.max(0, token.decimals - 2));
  }

  /** A token transfer from `from` to `recipient`; when `from` holds too little, a mint to `recipient` that `from` sends. */
  private erc20Draft(chain: ChainState, from: string, recipient: string): TxDraft {
    const token = this.rng.pick(chain.tokens);
    const value = this.tokenAmount(token);
    const gasUsed = this.rng.int(34_000, 62_000);
    const method = chain.positions.erc20(token.address, from) >= value ? METHODS.transfer : METHODS.mint;
    return {
      from,
      to: token.address,
      value: 0n,
      failed: false,
      callType: 'CONTRACT_CALL',
      methodName: method.text,
      methodHash: method.selector,
      input: hexOf(method.selector, pad32(recipient).slice(2), uint256(value)),
      gasUsed,
      gasLimit: gasUsed + this.rng.int(10_000, 40_000),
      tokenMoves: [{ token, from: method === METHODS.mint ? ZERO_ADDRESS : from, to: recipient, value }],
      internals: [],
      logs: [],
    };
  }

  private approveDraft(chain: ChainState, owner: string): TxDraft {
    const token = this.rng.pick(chain.tokens);
    const amount = this.rng.chance(0.6) ? MAX_UINT256 : this.tokenAmount(token);
    const gasUsed = this.rng.int(44_000, 47_000);
    return {
      from: owner,
      to: token.address,
      value: 0n,
      failed: false,
      callType: 'CONTRACT_CALL',
      methodName: METHODS.approve.text,
      methodHash: METHODS.approve.selector,
      input: hexOf(METHODS.approve.selector, pad32(chain.router).slice(2), uint256(amount)),
      gasUsed,
      gasLimit: gasUsed + this.rng.int(5_000, 20_000),
      tokenMoves: [],
      internals: [],
      logs: [
        { address: token.address, topics: [APPROVAL_SIGNATURE, pad32(owner), pad32(chain.router)], data: hexOf('0x', uint256(amount)) },
      ],
    };
  }

  /** Native coin in through the router, wrapped, swapped against the pair for another token. */
  private swapDraft(chain: ChainState, user: string, blockMs: number): TxDraft {
    const wrapped = chain.tokens[0]!;
    const bought = this.rng.pick(chain.tokens.slice(1));
    const value = BigInt(this.rng.int(1, 9_999)) * 10n ** 14n;
    const amountOut = this.tokenAmount(bought);
    const deadline = BigInt(Math.floor(blockMs / 1000) + 1200);
    const gasUsed = this.rng.int(120_000, 220_000);
    const method = METHODS.swapExactNativeForTokens;
    const input = hexOf(
      method.selector,
      uint256((amountOut * 99n) / 100n),
      uint256(0x80n),
      pad32(user).slice(2),
      uint256(deadline),
      uint256(2n),
      pad32(wrapped.address).slice(2),
      pad32(bought.address).slice(2),
    );
    return {
      from: user,
      to: chain.router,
      value,
      failed: false,
      callType: 'CONTRACT_CALL',
      methodName: method.text,
      methodHash: method.selector,
      input,
      gasUsed,
      gasLimit: gasUsed + this.rng.int(20_000, 80_000),
      // The deposit mints the wrapped coin to the router, which pays it to the pair; a pair short of the token bought
      // has its liquidity added (minted) first.
      tokenMoves: [
        { token: wrapped, from: ZERO_ADDRESS, to: chain.router, value },
        { token: wrapped, from: chain.router, to: chain.pair, value },
        ...(chain.positions.erc20(bought.address, chain.pair) >= amountOut
          ? []
          : [{ token: bought, from: ZERO_ADDRESS, to: chain.pair, value: amountOut * POOL_DEPTH }]),
        { token: bought, from: chain.pair, to: user, value: amountOut },
      ],
      internals: [
        { from: chain.router, to: wrapped.address, value, type: 'CALL' },
        { from: chain.router, to: chain.pair, value: 0n, type: 'CALL' },
      ],
      // The wrapped token's Deposit (two topics), the pair's Sync (one: its reserves are data) and Swap (three).
      logs: [
        { address: wrapped.address, topics: [DEPOSIT_SIGNATURE, pad32(chain.router)], data: hexOf('0x', uint256(value)) },
        {
          address: chain.pair,
          topics: [SYNC_SIGNATURE],
          data: hexOf('0x', uint256(this.rng.bigint(1n << 100n)), uint256(this.rng.bigint(1n << 100n))),
        },
        {
          address: chain.pair,
          topics: [SWAP_SIGNATURE, pad32(chain.router), pad32(user)],
          data: hexOf('0x', uint256(0n), uint256(value), uint256(amountOut), uint256(0n)),
        },
      ],
    };
  }

  /**
   * An owner has its smart wallet pay someone: the wallet (a proxy) delegates the call to its implementation, then
   * sends native coin out of its own balance, and logs the execution.
   */
  private walletDraft(chain: ChainState, owner: string, payee: string): TxDraft {
    const { proxy, implementation } = chain.wallet;
    const paid = BigInt(this.rng.int(1, 99_999)) * 10n ** BigInt(this.rng.int(12, 13));
    const gasUsed = this.rng.int(70_000, 130_000);
    return {
      from: owner,
      to: proxy,
      value: 0n,
      failed: false,
      callType: 'CONTRACT_CALL',
      methodName: METHODS.execute.text,
      methodHash: METHODS.execute.selector,
      input: hexOf(METHODS.execute.selector, uint256(0x20n), uint256(0x40n), pad32(payee).slice(2), uint256(paid)),
      gasUsed,
      gasLimit: gasUsed + this.rng.int(10_000, 40_000),
      tokenMoves: [],
      internals: [
        { from: proxy, to: implementation, value: 0n, type: 'DELEGATECALL' },
        { from: proxy, to: payee, value: paid, type: 'CALL' },
      ],
      logs: [{ address: proxy, topics: [EXECUTION_SUCCESS_SIGNATURE, this.rng.hex(32)], data: hexOf('0x', uint256(0n)) }],
    };
  }

  /** A call whose log carries an event signature the catalogue does not know, emitted for a webhook that asked for it. */
  private customEventDraft(chain: ChainState, caller: string, signature: string): TxDraft {
    const gasUsed = this.rng.int(50_000, 150_000);
    return {
      from: caller,
      to: chain.pair,
      value: 0n,
      failed: false,
      callType: 'CONTRACT_CALL',
      methodName: METHODS.execute.text,
      methodHash: METHODS.execute.selector,
      input: hexOf(METHODS.execute.selector, uint256(0x20n), uint256(0n)),
      gasUsed,
      gasLimit: gasUsed + this.rng.int(10_000, 50_000),
      tokenMoves: [],
      internals: [],
      logs: [{ address: chain.pair, topics: [signature, pad32(caller)], data: hexOf('0x', uint256(this.rng.bigint(10n ** 24n))) }],
    };
  }

  /** A reverted transaction keeps its call but loses every effect and burns only part of its gas limit. */
  private revert(draft: TxDraft): void {
    draft.failed = true;
    draft.nftMoves = [];
    draft.tokenMoves = [];
    draft.internals = [];
    draft.logs = [];
    if (draft.callType === 'CONTRACT_CALL') draft.gasUsed = this.rng.int(22_000, draft.gasLimit);
  }

  private injectedDraft(chain: ChainState, input: InjectionInput): TxDraft {
    const from = input.from ?? this.account(chain);
    const tokenMoves: TokenMove[] = input.erc20Transfers.map((transfer) => ({
      token: this.resolveToken(chain, transfer.token),
      from: transfer.from,
      to: transfer.to,
      value: transfer.value,
    }));
    const nftMoves: NftMove[] = [
      ...input.erc721Transfers.map((transfer) => ({ standard: 'ERC721' as const, ...transfer, value: 1n })),
      ...input.erc1155Transfers.map((transfer) => ({ standard: 'ERC1155' as const, ...transfer })),
    ].map(({ token, ...move }) => ({ ...move, collection: this.resolveCollection(chain, move.standard, token) }));
    if (input.contractCreation) {
      const draft = this.creationDraft(from);
      return {
        ...draft,
        failed: input.txStatus === '0',
        value: input.value ?? 0n,
        contractAddress: input.txStatus === '0' ? undefined : draft.contractAddress,
      };
    }
    const to = input.to ?? tokenMoves[0]?.token.address ?? nftMoves[0]?.collection.address ?? this.otherAccount(chain, from);
    const internals = input.internalTransactions.map((call) => ({ ...call, type: call.internalTxType }));
    const native = tokenMoves.length === 0 && nftMoves.length === 0 && internals.length === 0 && input.logs.length === 0;
    const singleTransfer = tokenMoves.length === 1 && internals.length === 0 && input.logs.length === 0 ? tokenMoves[0] : undefined;
    const method = singleTransfer ? METHODS.transfer : METHODS.multicall;
    const gasUsed = native ? 21_000 : this.rng.int(60_000, 200_000);
    return {
      from,
      to,
      value: input.value ?? (native ? BigInt(this.rng.int(1, 99_999)) * 10n ** 14n : 0n),
      failed: input.txStatus === '0',
      callType: native ? 'NATIVE_TRANSFER' : 'CONTRACT_CALL',
      methodName: native ? NATIVE_METHOD_NAME : method.text,
      methodHash: native ? NATIVE_METHOD_HASH : method.selector,
      input: native
        ? '0x'
        : singleTransfer
          ? hexOf(method.selector, pad32(singleTransfer.to).slice(2), uint256(singleTransfer.value))
          : hexOf(method.selector, uint256(0x20n), uint256(0n)),
      gasUsed,
      gasLimit: native ? 21_000 : gasUsed + this.rng.int(10_000, 50_000),
      tokenMoves,
      internals,
      logs: input.logs,
      nftMoves,
    };
  }

  /** A collection given in an injection, or the chain's own of that standard. */
  private resolveCollection(
    chain: ChainState,
    standard: NftStandard,
    given?: { address: string; name?: string; symbol?: string },
  ): TokenInfo {
    if (!given) return chain.collections[standard];
    const known = chain.tokensByAddress.get(given.address);
    return {
      address: given.address,
      name: given.name ?? known?.name ?? 'Unknown Collection',
      symbol: given.symbol ?? known?.symbol ?? 'UNKNOWN',
      decimals: 0,
      logoUri: known?.logoUri ?? logoUri(chain.info.chainId, checksum(given.address)),
    };
  }

  /** A token given in an injection, completed from the chain's catalogue when it is a known one. */
  private resolveToken(chain: ChainState, given: InjectionInput['erc20Transfers'][number]['token']): TokenInfo {
    if (!given) return this.rng.pick(chain.tokens);
    const known = chain.tokensByAddress.get(given.address);
    return {
      address: given.address,
      name: given.name ?? known?.name ?? 'Unknown Token',
      symbol: given.symbol ?? known?.symbol ?? 'UNKNOWN',
      decimals: given.decimals ?? known?.decimals ?? 18,
      logoUri: known?.logoUri ?? logoUri(chain.info.chainId, checksum(given.address)),
    };
  }

  /** The listing's address object, one per address (never changed once made): the same accounts recur in every block. */
  private addressInfo(chain: ChainState, address: string): AddressInfo {
    const key = `${chain.info.chainId} ${address}`;
    let info = sharedAddressInfo.get(key);
    if (info === undefined) {
      const token = chain.tokensByAddress.get(address);
      info = token
        ? { name: token.name, symbol: token.symbol, decimals: token.decimals, logoUri: token.logoUri, address: checksum(address) }
        : { address: checksum(address) };
      if (sharedAddressInfo.size >= PADDED_LIMIT) sharedAddressInfo.clear();
      sharedAddressInfo.set(key, info);
    }
    return info;
  }

  private nextNonce(chain: ChainState, from: string): number {
    const nonce = chain.nonces.get(from) ?? this.rng.int(0, 4_000);
    chain.nonces.set(from, nonce + 1);
    return nonce;
  }

  private block(chain: ChainState, ms: number, drafts: TxDraft[]): StoredTx[] {
    chain.blockNumber += 1;
    chain.lastMs = ms;
    chain.minDelayExcess += this.rng.int(-200, 200);
    const blockNumber = String(chain.blockNumber);
    const blockHash = this.rng.hex(32);
    const blockTimestamp = Math.floor(ms / 1000);
    const baseFee = this.rng.int(1_000_000_000, 3_000_000_000);
    const facts: BlockFacts = {
      parentHash: chain.lastBlockHash,
      baseFeePerGas: String(baseFee),
      gasLimit: String(BLOCK_GAS_LIMIT),
      cumulativeTransactions: (chain.txCount += drafts.length),
    };
    chain.lastBlockHash = blockHash;
    let cumulativeGas = 0;
    let logIndex = 0;
    return drafts.map((draft, blockIndex): StoredTx => {
      const txHash = this.rng.hex(32);
      const txType = this.rng.chance(0.8) ? 2 : 0;
      const priorityFee = this.rng.pick([0, 500_000_000, 1_000_000_000, 2_000_000_000]);
      const gasPrice = txType === 2 ? baseFee + priorityFee : baseFee + this.rng.int(0, 5) * 1_000_000_000;
      cumulativeGas += draft.gasUsed;
      const logs: EmittedLog[] = [];
      const erc20Transfers: Erc20Transfer[] = draft.tokenMoves.map((move) => {
        const index = logIndex++;
        logs.push({
          address: checksum(move.token.address),
          topic0: TRANSFER_SIGNATURE,
          topic1: pad32(move.from),
          topic2: pad32(move.to),
          topic3: null,
          data: hexOf('0x', uint256(move.value)),
          transactionIndex: blockIndex,
          logIndex: index,
          removed: false,
        });
        return {
          transactionHash: txHash,
          type: 'ERC20',
          from: checksum(move.from),
          to: checksum(move.to),
          value: move.value.toString(),
          blockTimestamp,
          logIndex: index,
          erc20Token: {
            address: checksum(move.token.address),
            name: move.token.name,
            symbol: move.token.symbol,
            decimals: move.token.decimals,
            valueWithDecimals: valueWithDecimals(move.value, move.token.decimals),
          },
        };
      });
      const nftTransfers: NftTransfer[] = (draft.nftMoves ?? []).map((move) => {
        const index = logIndex++;
        const collection = checksum(move.collection.address);
        // ERC-721's Transfer indexes the token id too (four topics); ERC-1155's TransferSingle carries id and value as data.
        logs.push({
          address: collection,
          ...(move.standard === 'ERC721'
            ? {
                topic0: TRANSFER_SIGNATURE,
                topic1: pad32(move.from),
                topic2: pad32(move.to),
                topic3: hexOf('0x', uint256(move.tokenId)),
                data: '0x',
              }
            : {
                topic0: TRANSFER_SINGLE_SIGNATURE,
                topic1: pad32(move.from),
                topic2: pad32(move.from),
                topic3: pad32(move.to),
                data: hexOf('0x', uint256(move.tokenId), uint256(move.value)),
              }),
          transactionIndex: blockIndex,
          logIndex: index,
          removed: false,
        });
        const token = {
          address: collection,
          name: move.collection.name,
          symbol: move.collection.symbol,
          decimals: 0,
          valueWithDecimals: move.value.toString(),
        };
        const common = {
          transactionHash: txHash,
          from: checksum(move.from),
          to: checksum(move.to),
          value: move.value.toString(),
          tokenId: move.tokenId.toString(),
          blockTimestamp,
          logIndex: index,
        };
        return move.standard === 'ERC721'
          ? { ...common, type: 'ERC721' as const, erc721Token: token }
          : { ...common, type: 'ERC1155' as const, erc1155Token: token };
      });
      for (const raw of draft.logs) {
        logs.push({
          address: checksum(raw.address),
          topic0: raw.topics[0]!,
          ...(raw.topics[1] === undefined ? {} : { topic1: raw.topics[1] }),
          ...(raw.topics[2] === undefined ? {} : { topic2: raw.topics[2] }),
          topic3: raw.topics[3] ?? null,
          data: raw.data,
          transactionIndex: blockIndex,
          logIndex: logIndex++,
          removed: false,
        });
      }
      const internalTransactions: InternalTransaction[] = draft.internals.map((call) => {
        const gasLimit = this.rng.int(2_300, Math.max(2_300, Math.floor(draft.gasLimit / 2)));
        return {
          from: checksum(call.from),
          to: checksum(call.to),
          internalTxType: call.type,
          value: call.value.toString(),
          gasUsed: String(Math.min(gasLimit, this.rng.int(2_300, 40_000))),
          gasLimit: String(gasLimit),
          transactionHash: txHash,
        };
      });
      const item: Transaction = {
        blockNumber,
        blockTimestamp,
        blockTimestampMilliseconds: ms,
        blockMinDelayExcess: chain.minDelayExcess,
        blockHash,
        chainId: chain.info.chainId,
        blockIndex,
        txHash,
        txStatus: draft.failed ? '0' : '1',
        txType,
        gasLimit: String(draft.gasLimit),
        gasUsed: String(draft.gasUsed),
        gasPrice: String(gasPrice),
        nonce: String(this.nextNonce(chain, draft.from)),
        from: this.addressInfo(chain, draft.from),
        to: this.addressInfo(chain, draft.to),
        method: sharedMethod(draft),
        value: draft.value.toString(),
      };
      const participants = new Set<string>([draft.from, draft.to]);
      for (const move of draft.tokenMoves) participants.add(move.from).add(move.to);
      for (const call of draft.internals) participants.add(call.from).add(call.to);
      for (const raw of draft.logs) participants.add(raw.address);
      for (const move of draft.tokenMoves) participants.add(move.token.address);
      for (const move of draft.nftMoves ?? []) participants.add(move.from).add(move.to).add(move.collection.address);
      return {
        ms,
        chainNum: chain.info.chainNum,
        blockIndex,
        network: chain.info.network,
        item,
        detail: {
          input: draft.input,
          maxFeePerGas: String(txType === 2 ? baseFee * 2 + priorityFee : gasPrice),
          maxPriorityFeePerGas: String(txType === 2 ? priorityFee : gasPrice),
          receiptCumulativeGasUsed: String(cumulativeGas),
          receiptRoot: this.rng.hex(32),
          erc20Transfers: orNone(erc20Transfers),
          erc721Transfers: orNone(nftTransfers.filter((transfer) => transfer.type === 'ERC721')),
          erc1155Transfers: orNone(nftTransfers.filter((transfer) => transfer.type === 'ERC1155')),
          internalTransactions: orNone(internalTransactions),
          logs: orNone(logs),
          ...(draft.contractAddress && !draft.failed ? { contractAddress: checksum(draft.contractAddress) } : {}),
        },
        participants: [...participants],
        topic0s: sharedTopics(logs),
        block: facts,
      };
    });
  }
}

/** The token movements a stored transaction made, addresses lower-case. */
function positionMoves(tx: StoredTx): PositionMove[] {
  const { detail } = tx;
  return [
    ...detail.erc20Transfers.map((transfer): PositionMove => ({
      standard: 'ERC20',
      token: transfer.erc20Token.address.toLowerCase(),
      from: transfer.from.toLowerCase(),
      to: transfer.to.toLowerCase(),
      value: BigInt(transfer.value),
    })),
    ...[...detail.erc721Transfers, ...detail.erc1155Transfers].map((transfer): PositionMove => ({
      standard: transfer.type,
      token: (transfer.type === 'ERC721' ? transfer.erc721Token : transfer.erc1155Token).address.toLowerCase(),
      from: transfer.from.toLowerCase(),
      to: transfer.to.toLowerCase(),
      value: BigInt(transfer.value),
      tokenId: BigInt(transfer.tokenId),
    })),
  ];
}

/** Each chain's transactions in the order it made them (chains apart, in no particular order). */
function chainOrder(a: StoredTx, b: StoredTx): number {
  return (
    a.chainNum - b.chainNum ||
    (a.item.chainId < b.item.chainId ? -1 : a.item.chainId > b.item.chainId ? 1 : 0) ||
    Number(a.item.blockNumber) - Number(b.item.blockNumber) ||
    a.blockIndex - b.blockIndex
  );
}
