// The plan and the result of `svc webhook apply`: one line per change for people, one JSON document for scripts.
import type { Change, Plan } from './plan.js';
import { addressCount } from './plan.js';
import { safeText } from '../render/text.js';

/** `+ create treasury`, `~ update treasury: url`, `+ 3 addresses treasury`, `- 1 address treasury`, ... */
export function changeLine(change: Change): string {
  const name = safeText(change.name ?? '');
  switch (change.kind) {
    case 'create':
      return `+ create ${name}`;
    case 'recreate':
      return `± recreate ${name}: ${change.changed.join(', ')}`;
    case 'update':
      return `~ update ${name}: ${Object.keys(change.fields).join(', ')}`;
    case 'addAddresses':
      return `+ ${addresses(addressCount(change))} ${name}`;
    case 'removeAddresses':
      return `- ${addresses(addressCount(change))} ${name}`;
    case 'activate':
      return `~ activate ${name}`;
    case 'deactivate':
      return `- deactivate ${name}`;
    case 'prune':
      return `- deactivate ${change.name === undefined ? safeText(change.id) : name} (not in the file)`;
  }
}

function addresses(count: number): string {
  return count === 1 ? '1 address' : `${count.toLocaleString('en-US')} addresses`;
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
