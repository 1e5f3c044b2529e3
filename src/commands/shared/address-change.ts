// `svc webhook addresses add|remove`: the flags, the input and the batches they share. Every address is read and
// checked before the first request; batches are then made from the set one at a time and sent one at a time, in
// input order, so memory holds the set (25 bytes an address) and one batch, whatever the count.
import type { Command, OptionValues } from '@commander-js/extra-typings';
import type { AddressChange } from '../../api/client.js';
import type { CommandContext } from '../../context.js';
import { InterruptedError, LocalError, OutputError, SvcError, UnshownChangeError } from '../../errors.js';
import { interruption } from '../../interrupt.js';
import type { IO } from '../../io.js';
import { checkWebhookId, parseInteger } from '../../options.js';
import { collect } from './action.js';
import type { FlagsOf } from './action.js';
import { readAddressSet } from './address-input.js';
import type { AddressSet } from './address-set.js';
import { withAdvice } from './hints.js';
import { countOf, formatCount } from '../../render/count.js';

export const BATCH_SIZE_DEFAULT = 500;
export const BATCH_SIZE_MIN = 1;
/** A batch of 10,000 is a ~450 KB body: larger gains nothing and risks a service's or proxy's request-size limit. */
export const BATCH_SIZE_MAX = 10_000;

export interface AddressChangeOptions {
  change: AddressChange;
  webhookId: string;
  addresses: AddressSet;
  batchSize: number;
}

/** The words of each change, for progress, errors and help. */
const WORDS: Record<AddressChange, { doing: string; done: string; past: string; verb: string; onWebhook: string }> = {
  add: { doing: 'Adding addresses', done: 'added', past: 'Added', verb: 'add', onWebhook: 'to webhook' },
  remove: { doing: 'Removing addresses', done: 'removed', past: 'Removed', verb: 'remove', onWebhook: 'from webhook' },
};

/** Declares the flags of `add` and `remove`, keeping the types of what the command declares before and after them. */
export function addAddressChangeOptions<Args extends unknown[], Flags extends OptionValues, Globals extends OptionValues>(
  command: Command<Args, Flags, Globals>,
  change: AddressChange,
) {
  const verb = WORDS[change].verb;
  return command
    .option('--address <addresses>', `an address to ${verb}, 0x + 40 hex; repeatable or comma-separated`, collect, [])
    .option('--addresses-file <path>', 'addresses one per line ("-" for stdin); blank lines and # comments ignored')
    .option(
      '--batch-size <n>',
      `addresses per request, ${BATCH_SIZE_MIN}-${BATCH_SIZE_MAX}; batches are sent one at a time, in input order`,
      String(BATCH_SIZE_DEFAULT),
    );
}

/** The flags of `add` and `remove` as their handlers receive them. */
export type AddressChangeFlags = FlagsOf<ReturnType<typeof addAddressChangeOptions<[], Record<never, never>, Record<never, never>>>>;

/**
 * Every flag checked, then every address read and checked (deduplicated, first spelling kept), before any request.
 * `interrupt` ends a wait for --addresses-file (a FIFO nobody writes, stdin).
 */
export async function parseAddressChangeOptions(
  change: AddressChange,
  id: string,
  flags: AddressChangeFlags,
  io: IO,
  interrupt?: AbortSignal,
): Promise<AddressChangeOptions> {
  const webhookId = checkWebhookId(id);
  const batchSize = parseInteger('--batch-size', flags.batchSize ?? String(BATCH_SIZE_DEFAULT), BATCH_SIZE_MIN, BATCH_SIZE_MAX);
  const addresses = await readAddressSet(flags, io, interrupt);
  return { change, webhookId, addresses, batchSize };
}

/**
 * Sends the batches one at a time and prints the webhook's address count from the last answer (`--json`: each answer
 * as returned, one per line). A failure after some batches were applied says how many, and that running the command
 * again is safe: adding a present address or removing an absent one changes nothing.
 */
export async function runAddressChange(options: AddressChangeOptions, context: CommandContext): Promise<void> {
  const { io, globals } = context;
  const [{ asOneLine, asReturned }, { printAcceptedChange }] = await Promise.all([
    import('../../render/json.js'),
    import('./webhook-output.js'),
  ]);
  const client = await context.client({ needsKey: true });
  const words = WORDS[options.change];
  const total = options.addresses.size;
  const batchCount = Math.ceil(total / options.batchSize);
  const progress = await io.spinner(globals.json);
  let applied = 0;
  let addressCount: number | undefined;
  try {
    for (let batch = 0; batch < batchCount; batch++) {
      const addresses = options.addresses.slice(batch * options.batchSize, (batch + 1) * options.batchSize);
      // The progress line shows only on a terminal: its digits are grouped.
      progress.update(
        `${words.doing}: ${formatCount(applied, true)} of ${formatCount(total, true)} ${words.done}, batch ${batch + 1} of ${batchCount}`,
      );
      try {
        if (context.interrupt.aborted) throw interruption(context.interrupt);
        const answer = await client.changeWebhookAddressBatch(options.change, options.webhookId, addresses, {
          countAddresses: batch === batchCount - 1,
          keepAnswer: globals.json,
        });
        applied += addresses.length;
        addressCount = answer.addressCount;
        if (globals.json && answer.raw) await io.write(batchCount > 1 ? asOneLine(answer.raw) : asReturned(answer.raw));
      } catch (error) {
        throw stoppedAfter(error, { applied, total, batch, batchCount, words, grouped: io.isStderrTTY });
      }
    }
  } finally {
    progress.clear();
  }
  if (globals.json) return;
  const change = {
    done: `${countOf(applied, 'address', io.isStderrTTY)} ${applied === 1 ? 'was' : 'were'} ${words.done} ${words.onWebhook} ${options.webhookId}`,
    notAgain: 'running the command again is safe, and changes nothing more',
    headline: `${words.past} ${countOf(applied, 'address', io.isStderrTTY)} ${words.onWebhook} ${options.webhookId}`,
  };
  // The webhook's count after the change: grouped for a person at a terminal, plain digits for a script.
  await printAcceptedChange(change, context, () => io.write(`${countOf(addressCount ?? 0, 'address', io.isStdoutTTY)}\n`));
}

interface Stop {
  applied: number;
  total: number;
  /** The batch that failed, from 0. */
  batch: number;
  batchCount: number;
  words: (typeof WORDS)[AddressChange];
  /** The message goes to a terminal: digits grouped. */
  grouped: boolean;
}

/**
 * The error a stopped change ends with. A failure of the first batch is the plain error: nothing was applied. After
 * that, it says how many addresses were applied of how many, and that the same command can be run again; an
 * interrupt (Ctrl-C, SIGTERM) says the same in its one line.
 */
function stoppedAfter(error: unknown, stop: Stop): unknown {
  const { applied, total, batch, batchCount, words } = stop;
  const count = (value: number) => formatCount(value, stop.grouped);
  const again = `running the same command again is safe: addresses already ${words.done} change nothing`;
  if (error instanceof InterruptedError) {
    error.hint = `interrupted: ${count(applied)} of ${count(total)} addresses were ${words.done}, and batch ${batch + 1} of ${batchCount} may have been too; ${again}`;
    return error;
  }
  // stdout failed (a full disk, a reader that left) after the answer came: a stopped change must not end quietly with 0.
  if (error instanceof OutputError) {
    if (applied === total) {
      const all = total === 1 ? 'the address was' : `all ${count(total)} addresses were`;
      return new UnshownChangeError(`${all} ${words.done}`, error, again);
    }
    return new LocalError(
      `${count(applied)} of ${count(total)} addresses were ${words.done}, then the command stopped: ${error.message}`,
      again,
    );
  }
  if (!(error instanceof SvcError) || batch === 0) return error;
  // The advice for the failure itself (a 429's, a refused connection's) follows the one about running again.
  withAdvice(error);
  const before = `${count(applied)} of ${count(total)} addresses were ${words.done}, then batch ${batch + 1} of ${batchCount} failed`;
  error.message = `${before}: ${error.message}`;
  error.hint = error.hint ? `${again}; ${error.hint}` : again;
  return error;
}
