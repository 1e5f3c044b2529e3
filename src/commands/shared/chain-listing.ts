// What the chain-scoped listings share (balance, contract deployments, nft list, token transfers, tx list's transfers): each item printed once however the
// pages shift, and the terminal's footer with the command that prints the next page.
import { shellQuote } from './help-text.js';
import type { PagingOptions } from './paging.js';

/** isNew for a listing: false for an item whose key was printed already in this run; an item with no key is printed. */
export function printedOnce<Item>(key: (item: Item) => string | undefined): (item: Item) => boolean {
  const printed = new Set<string>();
  return (item) => {
    const itemKey = key(item);
    if (itemKey === undefined) return true;
    if (printed.has(itemKey)) return false;
    printed.add(itemKey);
    return true;
  };
}

/** A token transfer's key for printedOnce: its transaction and its place among that transaction's logs. */
export function transferKey(transfer: { txHash?: string; logIndex?: number }): string | undefined {
  return transfer.txHash === undefined || transfer.logIndex === undefined
    ? undefined
    : `${transfer.txHash.toLowerCase()}:${transfer.logIndex}`;
}

/**
 * The footer of one page printed at a terminal when the service has more: the same command line with --page-token.
 * `words` are the command's words and flags as given (already shell-safe), in order.
 */
export function nextPageFooter(
  words: ReadonlyArray<string | false | undefined>,
  paging: PagingOptions,
  nextPageToken: unknown,
): string | undefined {
  if (paging.followPages || typeof nextPageToken !== 'string' || nextPageToken === '') return undefined;
  const line = [...words, paging.pageSize && `--page-size ${paging.pageSize}`, `--page-token ${shellQuote(nextPageToken)}`].filter(Boolean);
  return `\nNext page: svc ${line.join(' ')}\n`;
}
