// Shell completion: the committed scripts match the generator, `svc completion` is cheap, and each script
// completes in its real shell (bash: COMP_WORDS/COMPREPLY; zsh: a zpty-driven interactive shell; fish: complete -C).
import { describe, expect, it } from 'vitest';
import { execa } from 'execa';
import { missing } from '../helpers/tools.js';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BIN, REPO_ROOT, runInProcess } from '../helpers/cli.js';
import {
  COMPLETION_FILES,
  COMPLETIONS,
  completeInBash,
  completeInFish,
  completeInZsh,
  completeManyInBash,
  completeManyInFish,
  completeManyInZsh,
  wordsAsBashSplits,
} from '../helpers/completion-shells.js';

const FILES = COMPLETION_FILES;
const committed = (shell: keyof typeof FILES) => readFileSync(join(COMPLETIONS, FILES[shell]), 'utf8');

/** What `svc api /v1/ch` completes to: the operator's paths under /v1/chains (the index made from its description). */
const API_CHAIN_PATHS = [
  '/v1/chains',
  '/v1/chains/{chainId}',
  '/v1/chains/{chainId}/addresses/{address}',
  '/v1/chains/{chainId}/addresses/{address}/balances:getNative',
  '/v1/chains/{chainId}/addresses/{address}/balances:listCollectibles',
  '/v1/chains/{chainId}/addresses/{address}/balances:listErc1155',
  '/v1/chains/{chainId}/addresses/{address}/balances:listErc20',
  '/v1/chains/{chainId}/addresses/{address}/balances:listErc721',
  '/v1/chains/{chainId}/addresses/{address}/transactions',
  '/v1/chains/{chainId}/addresses/{address}/transactions:listErc1155',
  '/v1/chains/{chainId}/addresses/{address}/transactions:listErc20',
  '/v1/chains/{chainId}/addresses/{address}/transactions:listErc721',
  '/v1/chains/{chainId}/addresses/{address}/transactions:listInternals',
  '/v1/chains/{chainId}/addresses/{address}/transactions:listNative',
  '/v1/chains/{chainId}/blocks',
  '/v1/chains/{chainId}/blocks/{blockId}',
  '/v1/chains/{chainId}/blocks/{blockId}/transactions',
  '/v1/chains/{chainId}/contracts/{address}/deployments',
  '/v1/chains/{chainId}/contracts/{address}/transactions:getDeployment',
  '/v1/chains/{chainId}/nfts/collections/{address}/tokens',
  '/v1/chains/{chainId}/nfts/collections/{address}/tokens/{tokenId}',
  '/v1/chains/{chainId}/nfts/collections/{address}/tokens/{tokenId}:reindex',
  '/v1/chains/{chainId}/tokens/{address}/transfers',
  '/v1/chains/{chainId}/transactions',
  '/v1/chains/{chainId}/transactions/{txHash}',
];

describe('svc completion <shell>', () => {
  it.each(Object.keys(FILES) as Array<keyof typeof FILES>)('%s: prints exactly the committed script', async (shell) => {
    const result = await runInProcess(['completion', shell]);
    expect(result.exitCode).toBe(0);
    expect(result.stderr).toBe('');
    expect(result.stdout).toBe(committed(shell));
  });

  // A process: the point is the documented regenerate command itself, the built script run by node.
  it('the committed scripts are what the generator writes (regenerate: node dist/completion/generate.js)', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'svc-completions-'));
    const result = await execa('node', [join(REPO_ROOT, 'dist', 'completion', 'generate.js'), directory], { reject: false });
    expect(result.exitCode).toBe(0);
    for (const file of Object.values(FILES)) {
      expect(readFileSync(join(directory, file), 'utf8'), file).toBe(readFileSync(join(COMPLETIONS, file), 'utf8'));
    }
  });

  it('an unknown shell is a usage error naming the choices', async () => {
    const result = await runInProcess(['completion', 'ksh']);
    expect(result.exitCode).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^svc: .*bash, zsh, fish/);
  });

  // These stay processes: they watch what a fresh `node bin/svc.js` runs, which only a new process can show. V8's
  // coverage (NODE_V8_COVERAGE) lists every function that ran: the bundle wraps each package module it holds in a
  // function named after its path ("node_modules/<package>/...") and run on first use; the vendored packages are
  // files of their own (dist/svc-vendor-<package>.cjs).
  // (A checkout whose node_modules is a link elsewhere names the modules by the path it resolved: ../x/node_modules/.)
  const HEAVY = /^(?:[./\w-]*\/)?node_modules\/(conf|ora|chalk|cli-table3)\//;
  const VENDORED = /\/svc-vendor-(conf|ora|cli-table3|jq-web)\.cjs$/;
  interface ScriptCoverage {
    url: string;
    functions: Array<{ functionName: string; ranges: Array<{ count: number }> }>;
  }
  async function heavyModulesLoaded(args: string[]): Promise<string[]> {
    const directory = mkdtempSync(join(tmpdir(), 'svc-loaded-'));
    const coverage = join(directory, 'coverage');
    await execa('node', [BIN, ...args], {
      reject: false,
      env: { NODE_V8_COVERAGE: coverage, SVC_CONFIG_DIR: directory, NO_COLOR: '1' },
    });
    const scripts = readdirSync(coverage)
      .flatMap((file) => (JSON.parse(readFileSync(join(coverage, file), 'utf8')) as { result: ScriptCoverage[] }).result)
      .filter((script) => script.url.startsWith('file:'));
    expect(scripts.some((script) => script.url.endsWith('/dist/svc.js'))).toBe(true);
    const ran = scripts.flatMap((script) => {
      const vendored = VENDORED.exec(script.url);
      if (vendored) return [vendored[1]!];
      return script.functions.filter((fn) => fn.ranges[0]!.count > 0).flatMap((fn) => HEAVY.exec(fn.functionName)?.[1] ?? []);
    });
    return [...new Set(ran)];
  }

  it('loads none of conf, ora, chalk, cli-table3, jq-web', async () => {
    expect(await heavyModulesLoaded(['completion', 'bash'])).toEqual([]);
  });

  it('(the check above can fail: a command line with --jq does load jq-web)', async () => {
    expect(await heavyModulesLoaded(['tx', 'list', '--base-url', 'http://127.0.0.1:1', '--retries', '0', '--jq', '.'])).toContain('jq-web');
  });
});

describe('bash', () => {
  // Every case completes in one bash (each in a subshell of its own); each test checks its own line.
  let batch: Promise<Awaited<ReturnType<typeof completeManyInBash>>> | undefined;
  async function complete(lines: string[][], index: number): Promise<string[]> {
    batch ??= completeManyInBash(lines);
    const { exitCode, stderr, replies } = await batch;
    expect(stderr).toBe('');
    expect(exitCode).toBe(0);
    expect(replies).toHaveLength(lines.length);
    return replies[index]!;
  }

  it('is registered for svc', async () => {
    const result = await execa('bash', ['--norc', '-c', `source ${JSON.stringify(join(COMPLETIONS, FILES.bash))}; complete -p svc`]);
    expect(result.stdout).toBe('complete -F _svc svc');
  });

  const CASES: Array<[string[], string[]]> = [
    [
      ['svc', ''],
      [
        'tx',
        'chain',
        'block',
        'address',
        'token',
        'balance',
        'contract',
        'nft',
        'webhook',
        'event-signature',
        'config',
        'emulator',
        'api',
        'completion',
        'help',
      ],
    ],
    [
      ['svc', 'webhook', ''],
      ['create', 'list', 'get', 'update', 'addresses', 'deactivate', 'activate', 'apply', 'listen', 'verify', 'secret', 'help'],
    ],
    [
      ['svc', 'webhook', 'list', '--status', ''],
      ['active', 'inactive'],
    ],
    [['svc', 'webhook', 'update', 'abc', '--status', 'in'], ['inactive']],
    [
      ['svc', 'webhook', 'update', 'abc', '--no-include-'],
      ['--no-include-logs', '--no-include-internal-txs'],
    ],
    [['svc', 'tx', 'list', '--net'], ['--network']],
    [
      ['svc', 'tx', 'list', '--network', ''],
      ['mainnet', 'fuji', 'testnet'],
    ],
    [['svc', 'tx', 'list', '--network', 'f'], ['fuji']],
    [
      ['svc', '--json', 'tx', 'list', '--status', ''],
      ['failed', 'success'],
    ],
    [
      ['svc', '--base-url', 'http://127.0.0.1:4010', 'tx', ''],
      ['list', 'get', 'help'],
    ],
    // The chain's reads.
    [
      ['svc', 'tx', 'list', '--kind', ''],
      ['native', 'erc20', 'erc721', 'erc1155', 'internal'],
    ],
    [
      ['svc', 'tx', 'list', '--sort-order', ''],
      ['asc', 'desc'],
    ],
    [['svc', 'tx', 'get', '0xab', '--chain-id', 'fu'], ['fuji']],
    [
      ['svc', 'block', ''],
      ['list', 'get', 'help'],
    ],
    [
      ['svc', 'block', 'list', '--chain-id', 'dfk'],
      ['dfk', 'dfk-testnet'],
    ],
    [['svc', 'token', 'transfers', '0xab', '--start'], ['--start-block']],
    [
      ['svc', 'tx', 'list', '--limit', '5', '--st'],
      ['--status', '--start-block'],
    ],
    [['svc', 'tx', 'list', '--ver'], ['--verbose']],
    [
      ['svc', 'completion', ''],
      ['bash', 'zsh', 'fish'],
    ],
    [['svc', 'completion', 'bash', ''], []],
    [
      ['svc', 'config', 'get', ''],
      ['api-key', 'base-url', 'api-key-header', 'chain-id'],
    ],
    [
      ['svc', 'help', ''],
      [
        'tx',
        'chain',
        'block',
        'address',
        'token',
        'balance',
        'contract',
        'nft',
        'webhook',
        'event-signature',
        'config',
        'emulator',
        'api',
        'completion',
      ],
    ],
    // The operator's operations, from the index made from its description.
    [['svc', 'api', '/v1/ch'], API_CHAIN_PATHS],
    [['svc', 'api', '/v1/webhooks:get'], ['/v1/webhooks:getSharedSecret']],
    [
      ['svc', 'api', '--list', '--in'],
      ['--input', '--include'],
    ],
    [['svc', 'help', 'webhook', 'cr'], ['create']],
    [
      ['svc', 'webhook', 'addresses', ''],
      ['list', 'add', 'remove', 'help'],
    ],
    [
      ['svc', 'webhook', 'addresses', 'add', 'some-id', '--ba'],
      ['--batch-size', '--base-url'],
    ],
    [['svc', 'webhook', 'addresses', 'list', 'some-id', '--al'], ['--all']],
    // The default-command forms complete as their command: `addresses <id>` is `addresses list <id>`.
    [['svc', 'webhook', 'addresses', 'some-id', '--al'], ['--all']],
    [['svc', 'webhook', 'addresses', '--page-size', '5', 'some-id', '--li'], ['--limit']],
    [['svc', 'emulator', 'deliveries', '--st'], ['--state']],
    [
      ['svc', 'emulator', 'deliveries', '--state', ''],
      ['delivered', 'retrying', 'failed'],
    ],
    [['svc', 'emulator', 'deliveries', '--fo'], ['--follow']],
    // A chain by name or by id, wherever one is taken.
    [['svc', 'webhook', 'create', '--chain-id', 'f'], ['fuji']],
    [
      ['svc', 'emulator', 'trigger', '--chain-id', '432'],
      ['432204', '432201'],
    ],
    [
      ['svc', 'chain', 'get', 'd'],
      ['dexalot', 'dexalot-testnet', 'dfk', 'dfk-testnet'],
    ],
    [
      ['svc', 'chain', 'list', '--feature', ''],
      ['nftIndexing', 'webhooks', 'teleporter'],
    ],
    // The chain's holdings: their verbs, their flags, and --chain-id by name.
    [
      ['svc', 'balance', '0x71C7656EC7ab88b098defB751B7401B5f6d8976F', '--erc'],
      ['--erc20', '--erc721', '--erc1155'],
    ],
    [['svc', 'balance', '--chain-id', 'fu'], ['fuji']],
    [
      ['svc', 'contract', ''],
      ['get', 'deployments', 'help'],
    ],
    [['svc', 'contract', 'deployments', 'x', '--al'], ['--all']],
    [
      ['svc', 'nft', ''],
      ['list', 'get', 'reindex', 'help'],
    ],
    [['svc', 'nft', 'reindex', 'x', '1', '--chain-id', 'c-'], ['c-chain']],
  ];
  const LINES = CASES.map(([line]) => line);

  it.each(CASES)('%j → %j', async (line, expected) => {
    expect(await complete(LINES, LINES.indexOf(line))).toEqual(expected);
  });

  // As readline splits a line: at ":" too, so a path's ":verb" and a URL's port come in pieces. The reply is for the
  // last piece, the one bash replaces.
  const SPLIT_CASES: Array<[string, string[]]> = [
    ['svc api /v1/webhooks:get', ['getSharedSecret']],
    ['svc api /v1/webhooks:', [':generateOrRotateSharedSecret', ':getSharedSecret']],
    ['svc api /v1/networks/{network}/rewards:list', ['listPending']],
    ['svc api /v1/webhooks:getSharedSecret --me', ['--method']],
    ['svc webhook addresses --base-url http://127.0.0.1:4010 some-id --al', ['--all']],
    ['svc tx list --base-url http://127.0.0.1:4010 --network f', ['fuji']],
  ];

  it('splits at ":" as bash does: the test lines are what readline gives', () => {
    expect(wordsAsBashSplits('svc --base-url http://h:1 tx ')).toEqual(['svc', '--base-url', 'http', ':', '//h', ':', '1', 'tx', '']);
  });

  it.each(SPLIT_CASES)('%s → %j', async (line, expected) => {
    const { exitCode, stderr, replies } = await completeManyInBash([line]);
    expect([exitCode, stderr]).toEqual([0, '']);
    expect(replies[0]).toEqual(expected);
  });
});

describe.skipIf(missing('zsh'))('zsh', () => {
  // Every case completes in one interactive zsh (compinit, the costly part, once); each test checks its own line.
  let batch: Promise<Awaited<ReturnType<typeof completeManyInZsh>>> | undefined;
  async function complete(line: string): Promise<string[]> {
    batch ??= completeManyInZsh(LINES);
    const { exitCode, replies } = await batch;
    expect(exitCode).toBe(0);
    expect(replies).toHaveLength(LINES.length);
    return replies[LINES.indexOf(line)]!;
  }

  it('the script is valid zsh', async () => {
    const result = await execa('zsh', ['-n', join(COMPLETIONS, FILES.zsh)], { reject: false });
    expect(result.stderr).toBe('');
    expect(result.exitCode).toBe(0);
  });

  const CASES: Array<[string, string[]]> = [
    [
      'svc ',
      [
        'tx',
        'chain',
        'block',
        'address',
        'token',
        'balance',
        'contract',
        'nft',
        'webhook',
        'event-signature',
        'config',
        'emulator',
        'api',
        'completion',
        'help',
      ],
    ],
    ['svc webhook create --chain-id f', ['fuji']],
    ['svc chain get dfk', ['dfk', 'dfk-testnet']],
    ['svc api /v1/ch', API_CHAIN_PATHS],
    ['svc tx list --net', ['--network']],
    ['svc tx list --network ', ['mainnet', 'fuji', 'testnet']],
    ['svc --json tx list --status ', ['failed', 'success']],
    ['svc webhook list --status ', ['active', 'inactive']],
    ['svc webhook update abc --status ', ['active', 'inactive']],
    ['svc completion ', ['bash', 'zsh', 'fish']],
    ['svc help tx ', ['list', 'get']],
    ['svc tx list --kind ', ['native', 'erc20', 'erc721', 'erc1155', 'internal']],
    ['svc address chains 0xab --j', ['--json', '--jq']],
    ['svc webhook addresses some-id --al', ['--all']],
    ['svc emulator deliveries --state ', ['delivered', 'retrying', 'failed']],
    ['svc emulator deliveries --fo', ['--follow']],
    ['svc nft ', ['list', 'get', 'reindex', 'help']],
    ['svc balance x --coll', ['--collectibles']],
  ];
  const GLOBALS_AFTER_COMMAND = 'svc tx list --network fuji --';
  const LINES = [...CASES.map(([line]) => line), GLOBALS_AFTER_COMMAND];

  it.each(CASES)('%j → %j', async (line, expected) => {
    expect(await complete(line)).toEqual(expected);
  });

  it('offers the global options after a command, and not an option already given', async () => {
    const candidates = await complete(GLOBALS_AFTER_COMMAND);
    expect(candidates).toEqual(expect.arrayContaining(['--status', '--json', '--base-url', '--no-color']));
    expect(candidates).not.toContain('--network');
  });
});

describe.skipIf(missing('fish'))('fish', () => {
  // Every case completes in one fish; each test checks its own line ("word<TAB>description" each).
  let batch: Promise<Awaited<ReturnType<typeof completeManyInFish>>> | undefined;
  async function complete(line: string): Promise<string[]> {
    batch ??= completeManyInFish(LINES);
    const { exitCode, stderr, replies } = await batch;
    expect(stderr).toBe('');
    expect(exitCode).toBe(0);
    expect(replies).toHaveLength(LINES.length);
    return replies[LINES.indexOf(line)]!;
  }

  const CASES: Array<[string, string[]]> = [
    [
      'svc ',
      [
        'address',
        'api',
        'balance',
        'block',
        'chain',
        'completion',
        'config',
        'contract',
        'emulator',
        'event-signature',
        'help',
        'nft',
        'token',
        'tx',
        'webhook',
      ],
    ],
    ['svc block get 1 --chain-id fu', ['fuji']],
    ['svc emulator trigger --chain-id fu', ['fuji']],
    ['svc chain get dex', ['dexalot', 'dexalot-testnet']],
    ['svc api /v1/ch', API_CHAIN_PATHS],
    ['svc tx list --net', ['--network']],
    ['svc tx list --network ', ['fuji', 'mainnet', 'testnet']],
    ['svc --json tx list --status ', ['failed', 'success']],
    ['svc webhook list --status ', ['active', 'inactive']],
    ['svc webhook update abc --status ', ['active', 'inactive']],
    ['svc completion ', ['bash', 'fish', 'zsh']],
    ['svc completion bash ', []],
    [
      'svc help webhook ',
      ['activate', 'addresses', 'apply', 'create', 'deactivate', 'get', 'list', 'listen', 'secret', 'update', 'verify'],
    ],
    ['svc config set ', ['api-key', 'api-key-header', 'base-url', 'chain-id']],
    ['svc webhook addresses some-id --al', ['--all']],
    ['svc emulator deliveries --state ', ['delivered', 'failed', 'retrying']],
    ['svc emulator deliveries --fo', ['--follow']],
    ['svc contract ', ['deployments', 'get', 'help']],
    ['svc nft get x 1 --chain-id dfk', ['dfk', 'dfk-testnet']],
  ];
  const DESCRIBED = 'svc webhook addresses x --ver';
  const LINES = [...CASES.map(([line]) => line), DESCRIBED];

  it.each(CASES)('%j → %j', async (line, expected) => {
    // fish orders candidates itself, numbers by their value (listErc20 before listErc721 before listErc1155).
    expect((await complete(line)).map((entry) => entry.split('\t')[0]).sort()).toEqual([...expected].sort());
  });

  it('describes candidates, and global options complete after a command', async () => {
    expect(await complete(DESCRIBED)).toContainEqual(expect.stringMatching(/^--verbose\tone stderr line per HTTP exchange/));
  });

  it("describes each of the operator's paths by its operations' summaries", async () => {
    expect(await complete('svc api /v1/ch')).toContain('/v1/chains\tGET: List chains');
  });
});

describe('ids only the service knows: the default-command form and message ids, in every shell', () => {
  // A stand-in `svc` on PATH with the rows the CLI prints piped: webhook list (id, name, ...) and emulator
  // deliveries (created, message id, webhook id, name, url, state, ...); it notes what it was asked.
  const directory = mkdtempSync(join(tmpdir(), 'svc-ids-'));
  const log = join(directory, 'asked.log');
  writeFileSync(
    join(directory, 'svc'),
    `#!/bin/sh
printf '%s\\n' "$*" >> ${JSON.stringify(log)}
case "$*" in
  "webhook list "*) printf 'w-111\\tpayments\\t43113\\nw-222\\trefunds\\t43113\\n' ;;
  "emulator deliveries "*) printf '2026-11-28T10:00:00Z\\tm-aaa\\tw-111\\tpayments\\thttp://x\\tfailed\\t5\\n2026-11-28T10:00:01Z\\tm-bbb\\tw-111\\tpayments\\thttp://x\\tdelivered\\t1\\n' ;;
esac
`,
  );
  chmodSync(join(directory, 'svc'), 0o755);
  const env = { PATH: `${directory}:${process.env.PATH}`, HOME: directory };
  const asked = () => readFileSync(log, 'utf8');

  it('bash: `webhook addresses <TAB>` offers its commands and the webhook ids; `deliveries show` and `redeliver` the message ids', async () => {
    const reply = async (words: string[]) =>
      String((await completeInBash(words, env)).stdout)
        .trim()
        .split('\n');
    expect(await reply(['svc', 'webhook', 'addresses', ''])).toEqual(['list', 'add', 'remove', 'help', 'w-111', 'w-222']);
    expect(await reply(['svc', 'webhook', 'addresses', 'w-2'])).toEqual(['w-222']);
    expect(await reply(['svc', 'emulator', 'deliveries', 'show', ''])).toEqual(['m-aaa', 'm-bbb']);
    expect(await reply(['svc', 'emulator', 'redeliver', 'm-b'])).toEqual(['m-bbb']);
    expect(asked()).toContain('emulator deliveries --limit 100 --timeout 2 --retries 0\n');
  });

  it.skipIf(missing('fish'))('fish: the same, each id with its description (the name, the state)', async () => {
    const reply = async (line: string) =>
      String((await completeInFish(line, env)).stdout)
        .trim()
        .split('\n');
    expect(await reply('svc webhook addresses ')).toEqual(
      expect.arrayContaining(['w-111\tpayments', 'w-222\trefunds', expect.stringMatching(/^list\t/)]),
    );
    expect(await reply('svc emulator deliveries show ')).toEqual(['m-aaa\tfailed', 'm-bbb\tdelivered']);
  });

  it.skipIf(missing('zsh'))('zsh: the same', async () => {
    const addresses = await completeInZsh('svc webhook addresses ', env);
    expect(addresses.candidates).toEqual(expect.arrayContaining(['list', 'add', 'remove', 'w-111', 'w-222']));
    const show = await completeInZsh('svc emulator deliveries show ', env);
    expect(show.candidates).toEqual(expect.arrayContaining(['m-aaa', 'm-bbb']));
  });
});
