// `svc config list`: every effective setting with where it comes from (flag, env, profile, default).
import type { Command } from '@commander-js/extra-typings';
import type { CommandContext } from '../../context.js';
import type { Action } from '../shared/action.js';
import { examples } from '../shared/help-text.js';
import { jqOption } from '../shared/jq-option.js';

export function register(config: Command, action: Action): void {
  config
    .command('list')
    .description('Show every setting in effect and its source: flag, env, profile or default')
    .addHelpText('after', examples([['what a CI job will use', 'SVC_PROFILE=ci svc config list']]))
    .addOption(jqOption())
    .action(action((_, context) => run(context)));
}

export async function run(context: CommandContext): Promise<void> {
  const [{ resolveSettings, resolveChainId, displayUrl, maskKey }, { tsvRow }] = await Promise.all([
    import('../../settings/resolve.js'),
    import('../../render/tsv.js'),
  ]);
  const { io } = context;
  const settings = resolveSettings({ profile: context.globals.profile, baseUrl: context.globals.baseUrl }, io.env);
  const rows: Array<[string, string, string]> = [
    ['profile', settings.profile.value, settings.profile.source],
    ['base-url', displayUrl(settings.baseUrl.value), settings.baseUrl.source],
    ['api-key', settings.apiKey ? maskKey(settings.apiKey.value) : '', settings.apiKey?.source ?? 'default'],
    ['api-key-header', settings.apiKeyHeader.value, settings.apiKeyHeader.source],
  ];
  const chainId = resolveChainId({ profile: context.globals.profile }, io.env);
  rows.push(['chain-id', chainId?.value ?? '', chainId?.source ?? 'default']);
  if (context.globals.json) {
    const document = Object.fromEntries(rows.map(([key, value, source]) => [key, { value: value === '' ? null : value, source }]));
    await io.write(JSON.stringify(document) + '\n');
  } else if (io.isStdoutTTY) {
    const { renderTable } = await import('../../render/table.js');
    const shown = rows.map(([key, value, source]) => [key, value === '' ? '(not set)' : value, source]);
    await io.write(
      renderTable(
        [
          { header: 'SETTING', shrink: 'none' },
          { header: 'VALUE', shrink: 'end' },
          { header: 'SOURCE', shrink: 'none' },
        ],
        shown,
        { width: io.columns, color: io.colorEnabled },
      ),
    );
  } else {
    await io.write(rows.map((row) => tsvRow(row)).join(''));
  }
}
