// Transactions: the newest of the emulator's listing as it grows (background blocks, triggered transactions), each
// with what it holds at a glance: a native transfer, a call, a contract creation, a token contract as the sender,
// ERC-20, ERC-721 and ERC-1155 transfers, internal transactions, logs and their topics, a failure. The state is
// transactions-state.ts; this renders it, asking again every couple of seconds.
import { getJson, withQuery } from './api.js';
import type { Children } from './dom.js';
import { failure, fill, h, short, shown, table, time, units } from './dom.js';
import { INITIAL_TRANSACTIONS, kinds, partyLabel, transactionKey, transactionsListed } from './transactions-state.js';
import type { Party, TransactionGlance } from './transactions-state.js';
import type { ViewContext } from './view.js';

const PAGE_SIZE = 25;
/** Blocks come every 2 s by default; between them the browser's cache answers (the emulator says 304). */
const POLL_MS = 2_000;
/** How long a transaction that arrived stays marked as new. */
const NEW_FOR_MS = 1_500;
/** What matters first: on a narrow screen each row is a card, read in this order. */
const HEADINGS = ['Transaction', 'What it holds', 'Status', 'Value', 'From', 'To', 'Chain', 'Block', 'Time'];

/** A sender or recipient: a token's symbol (or a contract's name) before its address. */
function party(party: Party) {
  const label = partyLabel(party);
  return [label && h('span', { class: 'label' }, `${shown(label)} `), short(party.address)];
}

export function transactionsView({ main }: ViewContext): () => void {
  const body = h('tbody');
  const summary = h('p', { class: 'summary' }, 'Loading\u2026');
  const problem = h('div');
  let state = INITIAL_TRANSACTIONS;
  let timer: number | undefined;
  let stopped = false;
  fill(
    main,
    h('h1', { tabindex: -1 }, 'Transactions'),
    summary,
    problem,
    table('The newest transactions, across chains', HEADINGS, body, 'transactions cards'),
  );

  async function load() {
    // A hidden tab asks for nothing: the list is brought up to date within a turn of being seen again.
    if (!document.hidden) {
      try {
        const { transactions } = await getJson<{ transactions: TransactionGlance[] }>(
          withQuery('/_inspector/transactions', { pageSize: PAGE_SIZE }),
        );
        state = transactionsListed(state, transactions);
        if (state.changed) {
          fill(
            body,
            state.transactions.map((tx) => row(tx, state.arrived.has(transactionKey(tx)))),
          );
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
  function row(tx: TransactionGlance, isNew: boolean) {
    const ok = tx.txStatus === '1';
    const cell = (label: string, attributes: Record<string, string>, ...children: Children[]) =>
      h('td', { 'data-label': label, ...attributes }, ...children);
    return h(
      'tr',
      { class: isNew ? 'new' : null, 'data-tx-hash': tx.txHash },
      h('th', { scope: 'row', 'data-label': 'Transaction' }, short(tx.txHash)),
      cell(
        'What it holds',
        {},
        h(
          'ul',
          { class: 'kinds' },
          kinds(tx).map(([kind, words]) => h('li', { class: `kind kind-${kind}` }, shown(words))),
        ),
        tx.contractAddress && h('span', { class: 'note' }, 'made ', short(tx.contractAddress)),
      ),
      cell('Status', {}, h('span', { class: `state state-${ok ? 'delivered' : 'failed'}` }, ok ? 'success' : 'failed')),
      cell('Value', { class: 'number' }, `${units(tx.value)} ${shown(tx.nativeSymbol)}`),
      cell('From', {}, party(tx.from)),
      cell('To', {}, party(tx.to)),
      cell('Chain', { title: tx.chainId }, shown(tx.chainName ?? tx.chainId)),
      cell('Block', { class: 'number' }, shown(tx.blockNumber)),
      cell('Time', {}, time(tx.blockTimestampMilliseconds)),
    );
  }

  void load();
  return () => {
    stopped = true;
    window.clearTimeout(timer);
  };
}
