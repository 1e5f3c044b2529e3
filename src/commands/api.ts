// `svc api <path>`: any operation of the service, with the key, base URL, profile, retries and paging of every other
// command (as `gh api` reaches all of GitHub's); `svc api --list` prints the operator's operations.
import type { Command } from '@commander-js/extra-typings';
import type { HttpMethod, HttpResponse } from '../api/http.js';
import type { CommandContext } from '../context.js';
import { ApiError, ResponseShapeError, unreadableFileError, UsageError } from '../errors.js';
import { OfferedValuesArgument } from '../completion/offered-values.js';
import { safeText } from '../render/text.js';
import { OPERATIONS } from '../schema/operations.js';
import { collect } from './shared/action.js';
import type { Action, FlagsOf } from './shared/action.js';
import { examples } from './shared/help-text.js';
import { jqOption } from './shared/jq-option.js';
import { unfilteredIO } from './shared/jq-output.js';
import { NOUN_SUMMARIES } from './nouns.js';
import { jsonBody, parseField, placeholderValues, queryParameters } from './shared/request-fields.js';
import type { Field, ReadValue } from './shared/request-fields.js';

export const METHODS: readonly HttpMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

export interface ApiRequestOptions {
  kind: 'request';
  method: HttpMethod;
  /** As given: starts with `/`, may carry a query string. */
  path: string;
  fields: Field[];
  /** --input: the body from this file, `-` for stdin; the fields then go in the query string. */
  input?: string;
  /** Names in lower case. */
  headers: Record<string, string>;
  paginate: boolean;
  slurp: boolean;
  include: boolean;
  silent: boolean;
}

export interface ApiListOptions {
  kind: 'list';
  /** Only the operations whose method, path, operationId or summary hold it (any case). */
  word?: string;
}

export type ApiOptions = ApiRequestOptions | ApiListOptions;

/** Each path of the operator's description once, and its operations' summaries: what completion offers. */
function operationPaths(): [paths: string[], summaries: string[]] {
  const byPath = new Map<string, string[]>();
  for (const [method, path, , summary] of OPERATIONS) byPath.set(path, [...(byPath.get(path) ?? []), `${method}: ${summary}`]);
  return [[...byPath.keys()], [...byPath.values()].map((summaries) => summaries.join('; '))];
}

/** The command and its flags, declared once: ApiFlags is read from here. */
function declareCommand(program: Command) {
  return program
    .command('api')
    .description(NOUN_SUMMARIES.api)
    .addArgument(
      new OfferedValuesArgument(
        '[path]',
        'the operation\'s path from /v1 on, its {placeholders} filled in ("/v1/chains/43114/blocks"); may carry a query string. With --list: a word to look for',
        ...operationPaths(),
      ),
    )
    .option('-X, --method <method>', `${METHODS.join(', ')} (default: GET, or POST when fields or --input are given)`)
    .option(
      '-f, --raw-field <key=value>',
      'a string field, repeatable: a query parameter for GET, a member of the JSON body otherwise; nested keys as gh api reads them: "a[b][c]=x", "list[]=x" adds to an array, "list[]" an empty one',
      collect,
      [],
    )
    .option(
      '-F, --field <key=value>',
      "a typed field, repeatable, keys as for -f: numbers, true, false, null and JSON objects or arrays as JSON, @path for a file's contents (@- stdin); a key given twice is an error",
      collect,
      [],
    )
    .option('--input <path>', 'the request body as is, from a file (- for stdin); the fields then go in the query string')
    .option('-H, --header <name:value>', 'a request header, repeatable', collect, [])
    .option('--paginate', 'follow nextPageToken until the last page, one JSON document per page, one a line (GET only)')
    .option('--slurp', 'with --paginate, print every page in one JSON array')
    .option('-i, --include', 'print the status line and the headers before the body')
    .option('--silent', 'print nothing on success')
    .addOption(jqOption())
    .option(
      '--list',
      "print the operator's operations (method, path, summary), marking those the bundled emulator models; [path] is then a word to look for",
    );
}

export type ApiFlags = FlagsOf<ReturnType<typeof declareCommand>>;

export function register(program: Command, action: Action): void {
  declareCommand(program)
    .addHelpText(
      'after',
      examples([
        ['what the service offers about balances', 'svc api --list balance'],
        [
          'the latest transactions on the test network, hashes only (no jq needed)',
          "svc api '/v1/transactions?network=fuji' --jq '.transactions[].txHash'",
        ],
        ['every page of a listing in one array', 'svc api /v1/webhooks --paginate --slurp > webhooks.json'],
        [
          'fields are query parameters of a GET, a JSON body otherwise (and then POST is the default)',
          'svc api -X GET /v1/webhooks -f status=active',
        ],
        [
          'change a webhook: a JSON body from typed fields',
          'svc api -X PATCH /v1/webhooks/3f2c8a71-5d0e-4f6b-9a43-2b7c1e9d8f60 -f name=payments -F includeLogs=true',
        ],
        [
          'create a webhook from fields: nested keys and arrays as gh api writes them',
          "svc api /v1/webhooks -f url=https://example.com/hook -f chainId=43113 -f eventType=address_activity -f 'metadata[addresses][]=0x71C7656EC7ab88b098defB751B7401B5f6d8976F'",
        ],
        ['the status line and headers too', 'svc api -i /v1/webhooks:getSharedSecret'],
      ]) +
        '\nA GET is retried like every read (429, 5xx, network errors); POST, PUT, PATCH and DELETE are sent at most once.\n' +
        'Exit codes as for every command: 3 for 404, 4 for 401 or 403, 1 for 5xx and 501 (not emulated by `svc emulator start`).\n',
    )
    .action(action(({ args: [path], flags }, context) => run(parseApiOptions(path, flags), context)));
}

/** Flags that make a request, by what the user typed: none of them goes with --list. */
const REQUEST_FLAGS: Array<[flag: string, given: (flags: ApiFlags) => boolean]> = [
  ['-X', (flags) => flags.method !== undefined],
  ['-f', (flags) => flags.rawField.length > 0],
  ['-F', (flags) => flags.field.length > 0],
  ['--input', (flags) => flags.input !== undefined],
  ['-H', (flags) => flags.header.length > 0],
  ['--paginate', (flags) => Boolean(flags.paginate)],
  ['--slurp', (flags) => Boolean(flags.slurp)],
  ['-i', (flags) => Boolean(flags.include)],
  ['--silent', (flags) => Boolean(flags.silent)],
];

export function parseApiOptions(path: string | undefined, flags: ApiFlags): ApiOptions {
  if (flags.list) {
    const request = REQUEST_FLAGS.find(([, given]) => given(flags));
    if (request) throw new UsageError(`--list prints the operations and sends nothing: ${request[0]} has no use with it`);
    return { kind: 'list', word: path };
  }
  if (path === undefined) {
    throw new UsageError('missing path: svc api <path>, e.g. svc api /v1/chains', 'svc api --list prints every operation of the service');
  }
  const fields = [
    ...flags.rawField.map((text) => parseField('-f', text, false)),
    ...flags.field.map((text) => parseField('-F', text, true)),
  ];
  const method = flags.method === undefined ? (fields.length > 0 || flags.input !== undefined ? 'POST' : 'GET') : parseMethod(flags.method);
  const options: ApiRequestOptions = {
    kind: 'request',
    method,
    path: parsePath(path),
    fields,
    input: flags.input,
    headers: parseHeaders(flags.header),
    paginate: Boolean(flags.paginate),
    slurp: Boolean(flags.slurp),
    include: Boolean(flags.include),
    silent: Boolean(flags.silent),
  };
  // A key given twice, or as a value and an object: refused now, before any file is read or request sent.
  if (fieldsInQuery(options)) queryParameters(fields, placeholderValues(fields));
  else jsonBody(fields, placeholderValues(fields));
  if (options.paginate && method !== 'GET') {
    throw new UsageError(`--paginate follows the pages of a GET listing: not with ${method}`);
  }
  if (options.slurp && !options.paginate) throw new UsageError('--slurp: only with --paginate (it prints every page in one array)');
  if (options.include && options.slurp)
    throw new UsageError("-i and --slurp: -i prints each page's headers, --slurp one array of all pages: use one");
  if (options.include && flags.jq !== undefined)
    throw new UsageError('-i and --jq: the status line and headers are not JSON for jq to read: use one');
  if (options.silent && flags.jq !== undefined)
    throw new UsageError('--silent and --jq: --silent prints nothing for jq to filter: use one');
  if (flags.input === '' || (flags.input === '-' && fields.some((field) => field.value.kind === 'file' && field.value.path === '-'))) {
    throw new UsageError(
      flags.input === ''
        ? '--input "": must name a file, or - for stdin'
        : '--input - and -F key=@-: stdin can be read once: use a file for one of them',
    );
  }
  return options;
}

export function parseMethod(text: string): HttpMethod {
  const method = text.toUpperCase();
  if (!(METHODS as readonly string[]).includes(method)) throw new UsageError(`-X "${text}": must be one of ${METHODS.join(', ')}`);
  return method as HttpMethod;
}

/** The path as it is appended to the base URL: from `/` on, one line, its placeholders filled in. */
export function parsePath(text: string): string {
  if (!text.startsWith('/')) {
    throw new UsageError(`path "${text}": must start with / (the operation's path from /v1 on, e.g. /v1/chains)`);
  }
  if (/[\s\p{Cc}#]/u.test(text)) throw new UsageError(`path ${JSON.stringify(text)}: must hold no spaces, control characters or "#"`);
  const placeholder = /\{([^}]*)\}/.exec(text);
  if (placeholder) throw new UsageError(`path "${text}": put a value in place of ${placeholder[0]}`);
  return text;
}

export function parseHeaders(texts: readonly string[]): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const text of texts) {
    const colon = text.indexOf(':');
    const name = colon < 0 ? '' : text.slice(0, colon).trim();
    if (colon < 0 || !/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name)) {
      // Only the first word is repeated: the rest may be a credential typed without its colon.
      throw new UsageError(
        `-H "${safeText(text.split(/[\s:]/)[0]!.slice(0, 40))}…": must be "name: value", the name a token (letters, digits, -)`,
      );
    }
    const value = text.slice(colon + 1).trim();
    if (/[\r\n\0]/.test(value)) throw new UsageError(`-H "${name}": the value must be one line`);
    headers[name.toLowerCase()] = value;
  }
  return headers;
}

export async function run(options: ApiOptions, context: CommandContext): Promise<void> {
  if (options.kind === 'list') return list(options, context);
  try {
    await send(options, context);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    // As gh api: the service's answer on stdout (for a script to read its fields), the one-line error on stderr.
    if (error.answer) {
      // jq filters what succeeded: an error's body is printed as it came, as gh prints it.
      const io = unfilteredIO(context.io);
      if (options.include) await io.write(await head(error.status, error.answer.headers));
      if (!options.silent && error.answer.body.length > 0)
        await io.write((await import('../render/json.js')).asReturned(error.answer.body));
    }
    // A path typed by hand: more often a mistyped operation than a wrong base URL (the advice of other commands).
    if (error.status === 404) error.hint ??= 'check the path: svc api --list shows the operations of the service';
    throw error;
  }
}

async function send(options: ApiRequestOptions, context: CommandContext): Promise<void> {
  const [query, body] = await requestParts(options, context);
  const client = await context.client({ needsKey: false });
  const request = { method: options.method, path: options.path, query, body, headers: options.headers };
  const { io } = context;
  if (!options.paginate) {
    const response = await client.call(request);
    if (options.include) await io.write(await head(response.status, response.headers));
    if (!options.silent && response.body.length > 0) await io.write((await import('../render/json.js')).asReturned(response.body));
    return;
  }
  const [{ paginate }, { asOneLine }] = await Promise.all([import('../api/pages.js'), import('../render/json.js')]);
  // Each page's token is sent by paging, once: a token given in the path or a field is the first page's.
  const [path, pathToken] = takePageToken(options.path);
  const firstToken = query.find(([name]) => name === 'pageToken')?.[1] ?? pathToken;
  const otherParameters = query.filter(([name]) => name !== 'pageToken');
  const slurped: Buffer[] = [];
  const pages = paginate(
    { firstPageToken: firstToken, followPages: true },
    // Only the token changes from page to page: the page size is the user's to give (-f pageSize=100), since
    // operations differ in the most they allow.
    ({ pageToken }) =>
      client.call({ ...request, path, query: pageToken === undefined ? otherParameters : [...otherParameters, ['pageToken', pageToken]] }),
    pageFacts,
    () => Infinity,
  );
  for await (const response of pages) {
    if (options.include) await io.write(await head(response.status, response.headers));
    if (options.silent) continue;
    const line = asOneLine(response.body);
    if (options.slurp) slurped.push(line.subarray(0, -1));
    else await io.write(line);
  }
  // One document once every page has come: an error half-way leaves nothing half-printed.
  if (options.slurp)
    await io.write(
      Buffer.concat([Buffer.from('['), ...slurped.flatMap((page, at) => (at === 0 ? [page] : [COMMA, page])), Buffer.from(']\n')]),
    );
}

const COMMA = Buffer.from(',');

/** The path without a pageToken in its query string, and that token. */
function takePageToken(path: string): [string, string | undefined] {
  const queryStart = path.indexOf('?');
  if (queryStart < 0) return [path, undefined];
  const parameters = new URLSearchParams(path.slice(queryStart + 1));
  const token = parameters.get('pageToken');
  if (token === null) return [path, undefined];
  parameters.delete('pageToken');
  const rest = parameters.toString();
  return [path.slice(0, queryStart) + (rest === '' ? '' : '?' + rest), token];
}

/**
 * The query parameters and the body: fields go in the query for a GET and beside --input, in a JSON body otherwise
 * (built from the text given, so a number keeps every digit); files named by -F and --input are read here, before
 * anything is sent.
 */
async function requestParts(options: ApiRequestOptions, context: CommandContext): Promise<[Array<[string, string]>, Buffer | undefined]> {
  const values = await Promise.all(options.fields.map((field) => readFieldValue(field, context)));
  if (fieldsInQuery(options)) {
    const body = options.input === undefined ? undefined : await readInput(options.input, context);
    return [queryParameters(options.fields, values), body];
  }
  if (options.fields.length === 0) return [[], undefined];
  return [[], Buffer.from(jsonBody(options.fields, values))];
}

/** Fields are query parameters of a GET, and beside a body given whole (--input); they make the body otherwise. */
function fieldsInQuery(options: Pick<ApiRequestOptions, 'method' | 'input'>): boolean {
  return options.method === 'GET' || options.input !== undefined;
}

/** A field's value with its file read: what -F key=@path stands for. */
async function readFieldValue(field: Field, context: CommandContext): Promise<ReadValue> {
  if (field.value.kind !== 'file') return field.value;
  const path = field.value.path;
  const bytes = await readBytes(field.flag, field.text, path, context);
  return { kind: 'string', text: bytes.toString('utf8') };
}

function readInput(path: string, context: CommandContext): Promise<Buffer> {
  return readBytes('--input', path, path, context);
}

/** The most of a body svc sends from a file: the largest the service takes (a creation of 100,000+ addresses) and more. */
const MAX_INPUT_BYTES = 64 * 1024 * 1024;

async function readBytes(flag: string, shown: string, path: string, context: CommandContext): Promise<Buffer> {
  const { readInputFileBytes, readStreamBytes } = await import('../io.js');
  const limits = { interrupt: context.interrupt, maxBytes: MAX_INPUT_BYTES };
  try {
    return path === '-' ? await readStreamBytes(context.io.in, limits) : await readInputFileBytes(path, limits);
  } catch (error) {
    if (context.interrupt.aborted) throw error;
    throw unreadableFileError(flag, shown, error, {
      terminal: 'it is a terminal; use a file, or - with the input piped in',
      tooLarge: `larger than ${MAX_INPUT_BYTES / 1024 / 1024} MiB`,
    });
  }
}

/** What paging relies on in a page: a JSON object whose nextPageToken, if any, is a string. */
function pageFacts(response: HttpResponse): { itemCount: number; nextPageToken: unknown } {
  let page: unknown;
  try {
    page = JSON.parse(response.body.toString('utf8'));
  } catch {
    throw new ResponseShapeError(`unexpected response: HTTP ${response.status} with a page that is not JSON, so it cannot be paged`);
  }
  if (typeof page !== 'object' || page === null || Array.isArray(page)) {
    throw new ResponseShapeError(`unexpected response: HTTP ${response.status} with a page that is not a JSON object`);
  }
  const { nextPageToken } = page as { nextPageToken?: unknown };
  if (nextPageToken !== undefined && nextPageToken !== null && typeof nextPageToken !== 'string') {
    throw new ResponseShapeError('unexpected response: "nextPageToken" is not a string');
  }
  // The page's items, wherever its list is: what tells a run of empty pages.
  const itemCount = Object.values(page).reduce<number>((count, value) => count + (Array.isArray(value) ? value.length : 0), 0);
  return { itemCount, nextPageToken };
}

/** The status line and headers, as -i prints them before the body. */
async function head(status: number, headers: HttpResponse['headers']): Promise<string> {
  const { STATUS_CODES } = await import('node:http');
  const lines = [`HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}`.trimEnd()];
  for (const [name, value] of Object.entries(headers)) {
    for (const one of Array.isArray(value) ? value : [value]) if (one !== undefined) lines.push(`${name}: ${one}`);
  }
  return lines.join('\n') + '\n\n';
}

async function list(options: ApiListOptions, context: CommandContext): Promise<void> {
  const { io, globals } = context;
  const { EMULATED_OPERATIONS } = await import('../schema/emulated-operations.js');
  const word = options.word?.toLowerCase();
  const shown = OPERATIONS.filter((operation) => word === undefined || operation.some((field) => field.toLowerCase().includes(word)));
  const emulated = (operationId: string) => EMULATED_OPERATIONS.has(operationId);
  if (globals.json) {
    const entries = shown.map(([method, path, operationId, summary]) => ({
      method,
      path,
      operationId,
      summary,
      emulated: emulated(operationId),
    }));
    await io.write(JSON.stringify(entries) + '\n');
    return;
  }
  if (shown.length === 0) {
    io.warn(`No operations match "${options.word}".`);
    return;
  }
  if (!io.isStdoutTTY) {
    // The mark last, so the columns before it keep their places for `cut`.
    await io.write(
      shown.map(([method, path, operationId, summary]) => `${method}\t${path}\t${summary}\t${emulated(operationId)}\n`).join(''),
    );
    return;
  }
  const pathWidth = Math.max(...shown.map(([, path]) => path.length));
  const lines = shown.map(
    ([method, path, operationId, summary]) =>
      `${emulated(operationId) ? '*' : ' '} ${method.padEnd(7)}${path.padEnd(pathWidth + 2)}${summary}\n`,
  );
  await io.write(lines.join('') + '\n* modelled by the bundled emulator (svc emulator start); it answers the others with 501\n');
}
