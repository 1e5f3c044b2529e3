// How a received notification is shown by `webhook listen`: one line for people, one TSV row for pipes.
import type { ReceivedNotification } from '../schema/notifications.js';
import { palette } from './table.js';
import { safeText } from './text.js';
import { shortenMiddle } from './width.js';
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
 */
export function notificationLine(shown: ShownMessage, color: boolean): string {
  const chalk = palette(color);
  const tx = shown.message.event.transaction;
  const { erc20, logs } = counts(shown.message);
  const time = shown.receivedAt.toISOString().slice(11, 19);
  const parts = [
    shown.verified ? `${chalk.dim(time)} ${chalk.green('✓')}` : chalk.dim(time),
    safeText(shown.message.webhookId),
    `chain ${safeText(tx.chainId)}`,
    shortenMiddle(safeText(tx.txHash), 13),
    `${shortenMiddle(safeText(tx.from), 13)} → ${shortenMiddle(safeText(tx.to), 13)}`,
    `${erc20} ERC-20, ${logs} log${logs === 1 ? '' : 's'}`,
  ];
  const forward = forwardLabel(shown.forward);
  if (forward) parts.push(shown.forward?.status !== undefined && shown.forward.status < 300 ? chalk.green(forward) : chalk.red(forward));
  if (shown.duplicate) parts.push(chalk.yellow(`duplicate of ${safeText(shown.message.messageId)}`));
  return parts.join('  ') + '\n';
}

/** received-at, webhookId, messageId, chainId, txHash, from, to, ERC-20 count, log count, forward status. */
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
