// How a received notification is shown by `webhook listen`: one line for people, one TSV row for pipes.
import type { ReceivedNotification } from '../schema/notifications.js';
import { palette } from './table.js';
import { safeText } from './text.js';
import { displayWidth, shortenMiddle, truncate } from './width.js';
import { tsvRow } from './tsv.js';

export interface ShownMessage {
  message: ReceivedNotification;
  receivedAt: Date;
  duplicate: boolean;
  /** Its signature was checked and is right (`listen --verify`). */
  verified?: boolean;
  forward?: { status?: number; error?: string };
}

function counts(message: ReceivedNotification): { erc20: number; logs: number } {
  const tx = message.event.transaction;
  return {
    erc20: Array.isArray(tx.erc20Transfers) ? tx.erc20Transfers.length : 0,
    logs: Array.isArray(message.event.logs) ? message.event.logs.length : 0,
  };
}

function forwardLabel(forward: ShownMessage['forward']): string {
  if (!forward) return '';
  return forward.status !== undefined ? `forward ${forward.status}` : `forward failed (${forward.error})`;
}

/**
 * `14:05:09  3f2c8a71…  chain 43113  0xab12…9f3e  0x71c7…976f → 0x8ba1…ba72  1 ERC-20, 2 logs`; with --verify a ✓
 * after the time says the signature was checked (two columns, so the line grows as little as possible).
 * Fitted to `width` columns: the webhook id is shortened in the middle first (its ends tell webhooks apart), and a
 * terminal narrower than that gets the line cut, without colour (cutting between escape sequences could leave one open).
 */
export function notificationLine(shown: ShownMessage, color: boolean, width = Number.POSITIVE_INFINITY): string {
  const chalk = palette(color);
  const tx = shown.message.event.transaction;
  const { erc20, logs } = counts(shown.message);
  const time = shown.receivedAt.toISOString().slice(11, 19);
  const forward = forwardLabel(shown.forward);
  const forwardOk = shown.forward?.status !== undefined && shown.forward.status < 300;
  const webhookId = safeText(shown.message.webhookId);
  /** Each part as plain text and as shown, so the width is measured on what takes columns. */
  const parts = (id: string): Array<[plain: string, styled: string]> => {
    const hash = shortenMiddle(safeText(tx.txHash), 13);
    const route = `${shortenMiddle(safeText(tx.from), 13)} → ${shortenMiddle(safeText(tx.to), 13)}`;
    const tally = `${erc20} ERC-20, ${logs} log${logs === 1 ? '' : 's'}`;
    const list: Array<[string, string]> = [
      shown.verified ? [`${time} ✓`, `${chalk.dim(time)} ${chalk.green('✓')}`] : [time, chalk.dim(time)],
      [id, id],
      [`chain ${safeText(tx.chainId)}`, `chain ${safeText(tx.chainId)}`],
      [hash, hash],
      [route, route],
      [tally, tally],
    ];
    if (forward) list.push([forward, forwardOk ? chalk.green(forward) : chalk.red(forward)]);
    if (shown.duplicate) {
      const duplicate = `duplicate of ${safeText(shown.message.messageId)}`;
      list.push([duplicate, chalk.yellow(duplicate)]);
    }
    return list;
  };
  const plainLine = (list: Array<[string, string]>) => list.map(([plain]) => plain).join('  ');
  let chosen = parts(webhookId);
  if (displayWidth(plainLine(chosen)) > width) chosen = parts(shortenMiddle(webhookId, 13));
  const plain = plainLine(chosen);
  if (displayWidth(plain) > width) return truncate(plain, width) + '\n';
  return chosen.map(([, styled]) => styled).join('  ') + '\n';
}

/** The TSV columns of a received notification, in order, as the README's Output section lists them. */
export const NOTIFICATION_TSV_COLUMNS = [
  'received at',
  'webhook id',
  'message id',
  'chain id',
  'tx hash',
  'from',
  'to',
  'ERC-20 transfers',
  'logs',
  'forward status',
] as const;

/** One row of NOTIFICATION_TSV_COLUMNS. */
export function notificationTsv(shown: ShownMessage): string {
  const tx = shown.message.event.transaction;
  const { erc20, logs } = counts(shown.message);
  return tsvRow([
    shown.receivedAt.toISOString(),
    shown.message.webhookId,
    shown.message.messageId,
    tx.chainId,
    tx.txHash,
    tx.from,
    tx.to,
    erc20,
    logs,
    shown.forward ? (shown.forward.status ?? shown.forward.error) : '',
  ]);
}
