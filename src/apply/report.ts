// The plan and the result of `svc webhook apply`: one line per change for people, one JSON document for scripts.
import type { Change, Plan } from './plan.js';
import { addressCount } from './plan.js';
import { countOf, formatCount, plural } from '../render/count.js';
import { safeText } from '../render/text.js';

/**
 * One change as a short sentence: `+ create treasury`, `~ update treasury: url`, `+ add 3 addresses to treasury`,
 * `- remove 1 address from treasury`, ... Digits are grouped when `grouped` (the line goes to a terminal).
 */
export function changeLine(change: Change, grouped = false): string {
  const name = safeText(change.name ?? '');
  switch (change.kind) {
    case 'create':
      return `+ create ${name}`;
    case 'recreate':
      return `± recreate ${name}: ${change.changed.join(', ')}`;
    case 'update':
      return `~ update ${name}: ${Object.keys(change.fields).join(', ')}`;
    case 'addAddresses':
      return `+ add ${countOf(addressCount(change), 'address', grouped)} to ${name}`;
    case 'removeAddresses':
      return `- remove ${countOf(addressCount(change), 'address', grouped)} from ${name}`;
    case 'activate':
      return `~ activate ${name}`;
    case 'deactivate':
      return `- deactivate ${name}`;
    case 'prune':
      return `- deactivate ${change.name === undefined ? safeText(change.id) : name} (not in the file)`;
  }
}

/** What each kind of change counts as in a summary, done and planned; address changes count their addresses. */
const SUMMARY_WORDS: Record<Change['kind'], { done: string; planned: string }> = {
  create: { done: 'created', planned: 'to create' },
  recreate: { done: 'recreated', planned: 'to recreate' },
  update: { done: 'updated', planned: 'to update' },
  activate: { done: 'activated', planned: 'to activate' },
  deactivate: { done: 'deactivated', planned: 'to deactivate' },
  prune: { done: 'deactivated', planned: 'to deactivate' },
  addAddresses: { done: 'added', planned: 'to add' },
  removeAddresses: { done: 'removed', planned: 'to remove' },
};

/**
 * "3 changes made: 1 created, 2 updated, 250 addresses added" after a run, and "3 changes planned: 1 to create, ..."
 * for a dry run, so both end the same way. Webhooks are counted by change, addresses by address.
 */
export function changeSummary(changes: readonly Change[], tense: 'done' | 'planned', grouped: boolean): string {
  const parts = new Map<string, number>();
  for (const change of changes) {
    const isAddressChange = change.kind === 'addAddresses' || change.kind === 'removeAddresses';
    const words = SUMMARY_WORDS[change.kind][tense];
    const label = isAddressChange ? `addresses ${words}` : words;
    parts.set(label, (parts.get(label) ?? 0) + (isAddressChange ? addressCount(change) : 1));
  }
  const details = [...parts].map(([label, count]) => {
    // "1 address added", "250 addresses added"; "1 created".
    if (label.startsWith('addresses ')) return `${countOf(count, 'address', grouped)} ${label.slice('addresses '.length)}`;
    return `${formatCount(count, grouped)} ${label}`;
  });
  const head = `${formatCount(changes.length, grouped)} ${changes.length === 1 ? 'change' : plural('change')} ${tense === 'done' ? 'made' : 'planned'}`;
  return details.length === 0 ? head : `${head}: ${details.join(', ')}`;
}

/** What `--json` prints for one change; `ids` are the webhooks created by this run, by name. */
export function changeDocument(change: Change, ids: ReadonlyMap<string, string>): Record<string, unknown> {
  const id = (target: { id: string } | { createdFor: string }) => ('id' in target ? target.id : ids.get(target.createdFor));
  switch (change.kind) {
    case 'create':
      return { action: 'create', name: change.name, id: ids.get(change.name) };
    case 'recreate':
      return { action: 'recreate', name: change.name, id: ids.get(change.name), replaces: change.oldId, fields: change.changed };
    case 'update':
      return { action: 'update', name: change.name, id: id(change.target), fields: change.fields };
    case 'addAddresses':
    case 'removeAddresses':
      return { action: change.kind, name: change.name, id: id(change.target), addresses: change.batches.flat() };
    case 'activate':
    case 'deactivate':
      return { action: change.kind, name: change.name, id: id(change.target) };
    case 'prune':
      return { action: 'prune', name: change.name, id: change.id };
  }
}

/** The one JSON document of `--json`: the plan (dry run) or what was done. */
export function planDocument(plan: Plan, dryRun: boolean, ids: ReadonlyMap<string, string> = new Map()): string {
  return JSON.stringify({ dryRun, changes: plan.changes.map((change) => changeDocument(change, ids)), unchanged: plan.unchanged }) + '\n';
}
