// `svc balance <address> --chain-id <chain>`: what an address holds on one chain. The native balance by default
// (getNativeBalance), or one listing of the tokens it holds: --erc20 (listErc20Balances), --erc721, --erc1155,
// --collectibles (ERC-721 and ERC-1155 together).
import type { Command } from '@commander-js/extra-typings';
import type { BalanceListing, ChainAddress, Fetched } from '../api/client.js';
import type { PageRequest } from '../api/pages.js';
import type { CommandContext } from '../context.js';
import { UsageError } from '../errors.js';
import type { ShownNft } from '../schema/nfts.js';
import type {
  CollectibleBalancePage,
  Erc1155BalancePage,
  Erc20BalancePage,
  Erc721BalancePage,
  ShownTokenBalance,
} from '../schema/balances.js';
import type { Action, FlagsOf } from './shared/action.js';
import { collect } from './shared/action.js';
import { chainAddressOrDefault, chainIdOption, checkAddress, parseAddress, parseChainAddress } from './shared/evm-input.js';
import type { GivenChainAddress } from './shared/evm-input.js';
import { examples } from './shared/help-text.js';
import { jqOption } from './shared/jq-option.js';
import { NOUN_SUMMARIES } from './nouns.js';
import { addPagingOptions, parsePaging } from './shared/paging.js';
import type { PagingOptions } from './shared/paging.js';

export type BalanceKind = 'native' | BalanceListing;
type NftListing = Exclude<BalanceListing, 'erc20'>;
type NftBalancePage = Erc721BalancePage | Erc1155BalancePage | CollectibleBalancePage;

export interface BalanceOptions {
  /** The address, and --chain-id's id: undefined for the default chain, resolved when the command runs. */
  where: GivenChainAddress;
  kind: BalanceKind;
  /** --contract: the token contracts to keep, each once (ERC-20: any number; the others: one). */
  contracts: string[];
  paging: PagingOptions;
}

/** The listing flags, each the name of its kind. */
const LISTINGS: readonly BalanceListing[] = ['erc20', 'erc721', 'erc1155', 'collectibles'];
const LISTING_FLAGS = LISTINGS.map((kind) => `--${kind}`).join(', ');
/** The paging flags, which only the listings take. */
const PAGING_FLAGS = [
  ['--page-size', 'pageSize'],
  ['--page-token', 'pageToken'],
  ['--limit', 'limit'],
  ['--all', 'all'],
] as const;

/** An address svc's examples use: the emulator's chains fund every address at genesis. */
const EXAMPLE_ADDRESS = '0x71C7656EC7ab88b098defB751B7401B5f6d8976F';

/** The command and its flags, declared once: BalanceFlags is read from here. */
function declareCommand(program: Command) {
  const command = program
    .command('balance')
    .description(NOUN_SUMMARIES.balance)
    .argument('<address>', 'the address whose balances to show, 0x + 40 hex')
    .addOption(chainIdOption())
    .option('--erc20', "its ERC-20 tokens, amounts in each token's units")
    .option('--erc721', 'its ERC-721 tokens (NFTs)')
    .option('--erc1155', 'its ERC-1155 tokens')
    .option('--collectibles', 'its ERC-721 and ERC-1155 tokens together')
    .option(
      '--contract <addresses>',
      'only these token contracts; repeatable or comma-separated with --erc20, one with --erc721, --erc1155 or --collectibles',
      collect,
      [],
    );
  return addPagingOptions(command, 'balances').addOption(jqOption());
}

export type BalanceFlags = FlagsOf<ReturnType<typeof declareCommand>>;

export function register(program: Command, action: Action): void {
  declareCommand(program)
    .addHelpText(
      'after',
      examples([
        ['the native balance on Fuji, in AVAX', `svc balance ${EXAMPLE_ADDRESS} --chain-id fuji`],
        ['every ERC-20 token it holds there', `svc balance ${EXAMPLE_ADDRESS} --chain-id fuji --erc20 --all`],
        ['its NFTs, ERC-721 and ERC-1155 alike', `svc balance ${EXAMPLE_ADDRESS} --chain-id 43113 --collectibles`],
        ['the balance in wei, for a script', `svc balance ${EXAMPLE_ADDRESS} --chain-id fuji --json | jq -r .nativeTokenBalance.balance`],
      ]) +
        "\nAmounts show in each token's units at a terminal; piped or with --json, as the integers the service sent\n" +
        '(in the smallest unit: wei for AVAX).\n',
    )
    .action(action(async ({ args: [address], flags }, context) => run(await parseBalanceOptions(address, flags), context)));
}

export async function parseBalanceOptions(address: string, flags: BalanceFlags): Promise<BalanceOptions> {
  const chosen = LISTINGS.filter((kind) => flags[kind]);
  if (chosen.length > 1) {
    throw new UsageError(
      `--${chosen[0]} and --${chosen[1]}: use one or the other (each lists one kind of token; --collectibles lists NFTs of both kinds)`,
    );
  }
  const kind: BalanceKind = chosen[0] ?? 'native';
  const contracts = await parseContracts(flags.contract, kind);
  const pagingFlag = PAGING_FLAGS.find(([, key]) => flags[key] !== undefined)?.[0];
  if (kind === 'native' && pagingFlag !== undefined) {
    throw new UsageError(`${pagingFlag}: cannot be used without one of ${LISTING_FLAGS} (the native balance is one amount, not a listing)`);
  }
  return {
    where: await parseChainAddress(flags.chainId, 'address', address),
    kind,
    contracts,
    paging: parsePaging(flags),
  };
}

/** --contract's addresses, each once (case-insensitively), checked; as many as the listing can filter on. */
async function parseContracts(given: string[], kind: BalanceKind): Promise<string[]> {
  const contracts: string[] = [];
  const seen = new Set<string>();
  for (const value of given) {
    for (const part of value.split(',')) {
      const address = parseAddress('--contract', part.trim());
      await checkAddress('--contract', address);
      if (seen.has(address.toLowerCase())) continue;
      seen.add(address.toLowerCase());
      contracts.push(address);
    }
  }
  if (contracts.length === 0) return contracts;
  if (kind === 'native')
    throw new UsageError(`--contract: cannot be used without one of ${LISTING_FLAGS} (the native token has no contract)`);
  if (kind !== 'erc20' && contracts.length > 1) {
    throw new UsageError(`--contract: --${kind} takes one contract (the service filters its listing on one), ${contracts.length} given`);
  }
  return contracts;
}

export async function run(options: BalanceOptions, context: CommandContext): Promise<void> {
  const where = await chainAddressOrDefault(options.where, context);
  if (options.kind === 'native') return printNative(where, context);
  const [{ printListing }, { printedOnce, nextPageFooter }] = await Promise.all([
    import('./shared/listing.js'),
    import('./shared/chain-listing.js'),
  ]);
  const client = await context.client({ needsKey: false });
  const { contracts, paging } = options;
  const query = { contracts };
  const footer = (body: { nextPageToken?: string | null }) =>
    nextPageFooter(
      [
        'balance',
        where.address,
        `--chain-id ${where.chainId}`,
        `--${options.kind}`,
        contracts.length > 0 && `--contract ${contracts.join(',')}`,
      ],
      paging,
      body.nextPageToken,
    );
  if (options.kind === 'erc20') {
    const balances = await import('../render/balances.js');
    return printListing<ShownTokenBalance, Erc20BalancePage>(context, {
      paging,
      noun: 'ERC-20 balances',
      listField: 'erc20TokenBalances',
      fetch: (request) => client.listErc20Balances(where, { ...request, ...query }),
      items: (body) => body.erc20TokenBalances,
      nextPageToken: (body) => body.nextPageToken,
      isNew: printedOnce((balance: ShownTokenBalance) => balance.address?.toLowerCase()),
      tsv: balances.tokenBalanceTsv,
      table: balances.tokenBalanceTable,
      footer,
    });
  }
  const nftListings: Record<
    NftListing,
    { noun: string; listField: string; fetch: (request: PageRequest) => Promise<Fetched<NftBalancePage>> }
  > = {
    erc721: {
      noun: 'ERC-721 tokens',
      listField: 'erc721TokenBalances',
      fetch: (request) => client.listErc721Balances(where, { ...request, ...query }),
    },
    erc1155: {
      noun: 'ERC-1155 tokens',
      listField: 'erc1155TokenBalances',
      fetch: (request) => client.listErc1155Balances(where, { ...request, ...query }),
    },
    collectibles: {
      noun: 'collectibles',
      listField: 'collectibleBalances',
      fetch: (request) => client.listCollectibleBalances(where, { ...request, ...query }),
    },
  };
  const listing = nftListings[options.kind];
  const nfts = await import('../render/nfts.js');
  return printListing<ShownNft, NftBalancePage>(context, {
    paging,
    noun: listing.noun,
    listField: listing.listField,
    fetch: listing.fetch,
    // The page was checked against its kind's schema: the list is there.
    items: (body) => (body as unknown as Record<string, ShownNft[]>)[listing.listField]!,
    nextPageToken: (body) => body.nextPageToken,
    isNew: printedOnce((nft: ShownNft) =>
      nft.address === undefined || nft.tokenId === undefined ? undefined : `${nft.address.toLowerCase()}:${nft.tokenId}`,
    ),
    tsv: nfts.nftTsv,
    table: nfts.nftTable,
    footer,
  });
}

/** One amount: the native token's, in its units with its symbol at a terminal. */
async function printNative(where: ChainAddress, context: CommandContext): Promise<void> {
  const { io, globals } = context;
  const { spinning } = await import('./shared/spinning.js');
  const client = await context.client({ needsKey: false });
  const fetched = await spinning(context, 'Fetching balance', () => client.getNativeBalance(where));
  if (globals.json) {
    const { asReturned } = await import('../render/json.js');
    await io.write(asReturned(fetched.raw));
    return;
  }
  const { tokenBalanceTable, tokenBalanceTsv } = await import('../render/balances.js');
  const balance = fetched.data.nativeTokenBalance;
  await io.write(
    io.isStdoutTTY ? await tokenBalanceTable([balance], { width: io.columns, color: io.colorEnabled }) : tokenBalanceTsv(balance),
  );
}
