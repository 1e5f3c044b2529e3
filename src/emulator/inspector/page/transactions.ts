// Transactions: the newest of the emulator's listing as it grows (background blocks, triggered transactions), each
// with what it holds at a glance: a native transfer, a call, a contract creation, a token contract as the sender,
// ERC-20, ERC-721 and ERC-1155 transfers, internal transactions, logs and their topics, a failure.
import { getJson, withQuery } from './api.js';
import type { ViewContext } from './view.js';
import { countOf, failure, fill, h, short, shown, table, time, units } from './dom.js';

const PAGE_SIZE = 25;
/** Blocks come every 2 s by default; between them the browser's cache answers (the emulator says 304). */
const POLL_MS = 2_000;
/** How long a transaction that arrived stays marked as new. */
const NEW_FOR_MS = 1_500;
const HEADINGS = ['Time', 'Chain', 'Block', 'Transaction', 'From', 'To', 'What it holds', 'Value', 'Status'];

interface Party {
  address: string;
  name?: string;
  symbol?: string;
}

/** A transaction at a glance, as `GET /_inspector/transactions` answers it (glance.ts). */
interface Glance {
  txHash: string;
  chainId: string;
  chainName?: string;
  nativeSymbol: string;
  blockNumber: string;
  blockTimestampMilliseconds: number;
  txStatus: string;
  value: string;
  from: Party;
  to: Party;
  method: { callType: string; methodHash: string; methodName?: string };
  erc20Transfers: number;
  erc721Transfers: number;
  erc1155Transfers: number;
  internalTransactions: number;
  logTopics: number[];
  contractAddress?: string;
}

/** The kinds a transaction holds, in words: the class and the words of each. */
function kinds(tx: Glance): [string, string][] {
  const found: [string, string][] = [];
  const { callType, methodName, methodHash } = tx.method;
  if (callType === 'NATIVE_TRANSFER') found.push(['native', 'native transfer']);
  else if (callType === 'CONTRACT_CREATION') found.push(['creation', 'contract creation']);
  else found.push(['call', `call ${shown(methodName ? methodName.replace(/\(.*$/s, '') : methodHash)}`]);
  if (tx.from.symbol) found.push(['token', 'token sender']);
  if (tx.erc20Transfers) found.push(['erc20', `ERC-20 \u00d7${tx.erc20Transfers}`]);
  if (tx.erc721Transfers) found.push(['nft', `ERC-721 \u00d7${tx.erc721Transfers}`]);
  if (tx.erc1155Transfers) found.push(['nft', `ERC-1155 \u00d7${tx.erc1155Transfers}`]);
  if (tx.internalTransactions) found.push(['internal', `internal \u00d7${tx.internalTransactions}`]);
  const logs = tx.logTopics;
  if (logs.length === 1) found.push(['log', `log of ${countOf(logs[0] ?? 0, 'topic')}`]);
  else if (logs.length > 1) found.push(['log', `${logs.length} logs of ${logs.join(', ')} topics`]);
  return found;
}

/** A sender or recipient: a token's symbol (or a contract's name) before its address. */
function party(party: Party) {
  const label = party.symbol ?? party.name;
  return [label && h('span', { class: 'label' }, `${shown(label)} `), short(party.address)];
}

export function transactionsView({ main }: ViewContext): () => void {
  const body = h('tbody');
  const summary = h('p', { class: 'summary' }, 'Loading\u2026');
  const problem = h('div');
  let shownHashes = new Set<string>();
  let timer: number | undefined;
  let stopped = false;
  fill(main, h('h1', { tabindex: -1 }, 'Transactions'), summary, problem, table('The newest transactions, across chains', HEADINGS, body));

  async function load() {
    // A hidden tab asks for nothing: the list is brought up to date within a turn of being seen again.
    if (!document.hidden) {
      try {
        const { transactions } = await getJson<{ transactions: Glance[] }>(withQuery('/_inspector/transactions', { pageSize: PAGE_SIZE }));
        const hashes = transactions.map((tx) => `${tx.chainId}:${tx.txHash}`);
        if (hashes.join() !== [...shownHashes].join()) {
          const first = shownHashes.size === 0;
          fill(
            body,
            transactions.map((tx, index) => row(tx, !first && !shownHashes.has(hashes[index] ?? ''))),
          );
          shownHashes = new Set(hashes);
          const marked = [...body.querySelectorAll('tr.new')];
          if (marked.length > 0) window.setTimeout(() => marked.forEach((row) => row.classList.remove('new')), NEW_FOR_MS);
        }
        summary.textContent = `The newest ${transactions.length} transactions across chains, following new blocks; svc tx list pages through them all.`;
        fill(problem);
      } catch (error) {
        fill(problem, failure(`Cannot list the transactions: ${(error as Error).message}`));
      }
    }
    if (!stopped) timer = window.setTimeout(() => void load(), POLL_MS);
  }

  /** @param isNew arrived since the list was last shown */
  function row(tx: Glance, isNew: boolean) {
    const ok = tx.txStatus === '1';
    return h(
      'tr',
      { class: isNew ? 'new' : null, 'data-tx-hash': tx.txHash },
      h('td', {}, time(tx.blockTimestampMilliseconds)),
      h('td', { title: tx.chainId }, shown(tx.chainName ?? tx.chainId)),
      h('td', { class: 'number' }, shown(tx.blockNumber)),
      h('th', { scope: 'row' }, short(tx.txHash)),
      h('td', {}, party(tx.from)),
      h('td', {}, party(tx.to)),
      h(
        'td',
        {},
        h(
          'ul',
          { class: 'kinds' },
          kinds(tx).map(([kind, words]) => h('li', { class: `kind kind-${kind}` }, words)),
        ),
        tx.contractAddress && h('span', { class: 'note' }, 'made ', short(tx.contractAddress)),
      ),
      h('td', { class: 'number' }, `${units(tx.value)} ${shown(tx.nativeSymbol)}`),
      h('td', {}, h('span', { class: `state state-${ok ? 'delivered' : 'failed'}` }, ok ? 'success' : 'failed')),
    );
  }

  void load();
  return () => {
    stopped = true;
    window.clearTimeout(timer);
  };
}
