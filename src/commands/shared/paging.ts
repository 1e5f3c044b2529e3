// The paging flags of every list command (--page-size, --page-token, --limit, --all) and their rules.
import type { Command, OptionValues } from '@commander-js/extra-typings';
import { UsageError } from '../../errors.js';
import { parseInteger, parsePositiveInteger } from '../../options.js';
import { PAGE_SIZE_MAX, PAGE_SIZE_MIN } from '../../schema/rules.js';
import type { FlagsOf } from './action.js';

export interface PagingOptions {
  pageSize?: number;
  pageToken?: string;
  /** Items to print at most; undefined with --all or for a single page. */
  limit?: number;
  /** True for --limit/--all: follow nextPageToken pages. */
  followPages: boolean;
}

/** Declares the paging flags on a list command, keeping the types of what it declared before and after them. */
export function addPagingOptions<Args extends unknown[], Flags extends OptionValues, Globals extends OptionValues>(
  command: Command<Args, Flags, Globals>,
  noun: string,
) {
  return command
    .option('--page-size <n>', `${noun} per request, 1-100 (default 10 for one page; with --limit/--all the largest needed)`)
    .option('--page-token <token>', 'continue from the nextPageToken of a previous page')
    .option('--limit <n>', `follow pages until n ${noun} are printed`)
    .option('--all', 'follow pages until the service has no more');
}

/** The paging flags as a list command's handler receives them. */
export type PagingFlags = FlagsOf<ReturnType<typeof addPagingOptions<[], Record<never, never>, Record<never, never>>>>;

export function parsePageSize(text: string): number {
  return parseInteger('--page-size', text, PAGE_SIZE_MIN, PAGE_SIZE_MAX);
}

/** A page token as the user pasted it: non-empty, one word. */
export function parsePageToken(text: string): string {
  if (text.trim() === '') throw new UsageError(`--page-token ${JSON.stringify(text)}: is empty; give the nextPageToken of a previous page`);
  if (/[\s\p{Cc}]/u.test(text)) {
    throw new UsageError(
      `--page-token ${JSON.stringify(text)}: must be one word, as the service returned its nextPageToken: this one holds spaces or control characters`,
    );
  }
  return text;
}

export function parsePaging(flags: PagingFlags): PagingOptions {
  if (flags.limit !== undefined && flags.all) {
    throw new UsageError('--limit and --all: use one or the other (--all follows every page, --limit stops after n items)');
  }
  return {
    pageSize: flags.pageSize === undefined ? undefined : parsePageSize(flags.pageSize),
    pageToken: flags.pageToken === undefined ? undefined : parsePageToken(flags.pageToken),
    limit: flags.limit === undefined ? undefined : parsePositiveInteger('--limit', flags.limit),
    followPages: flags.limit !== undefined || Boolean(flags.all),
  };
}
