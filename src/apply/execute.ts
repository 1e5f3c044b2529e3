// Carries out a plan of `svc webhook apply`, one request at a time in plan order, so a run broken at any request
// leaves a state that running the same apply again finishes (webhooks are found by name: none is created twice).
import { countOf } from '../render/count.js';
import type { ServiceClient } from '../api/client.js';
import { ApiError, InterruptedError, ResponseShapeError, SvcError } from '../errors.js';
import { interruption } from '../interrupt.js';
import type { Change, Plan, ServiceWebhook, Target } from './plan.js';
import { retiredName } from './plan.js';

export interface ExecuteHooks {
  /** Before a change's first request: for progress. */
  onStart(change: Change, position: number): void;
  /** Once a change is complete on the service. */
  onDone(change: Change, position: number): Promise<void>;
  interrupt: AbortSignal;
}

/**
 * Runs every change; resolves with the ids of the webhooks it created, by name. A failure keeps its exit code and
 * gains a hint saying how far the run got and that running it again finishes the rest.
 */
export async function executePlan(plan: Plan, client: ServiceClient, hooks: ExecuteHooks): Promise<Map<string, string>> {
  const createdIds = new Map<string, string>();
  let done = 0;
  try {
    for (const [position, change] of plan.changes.entries()) {
      if (hooks.interrupt.aborted) throw interruption(hooks.interrupt);
      hooks.onStart(change, position);
      await apply(change, client, createdIds);
      done++;
      await hooks.onDone(change, position);
    }
  } catch (error) {
    if (error instanceof SvcError) error.hint = progressHint(error, done, plan.changes.length);
    throw error;
  }
  return createdIds;
}

async function apply(change: Change, client: ServiceClient, createdIds: Map<string, string>): Promise<void> {
  const idOf = (target: Target): string => {
    if ('id' in target) return target.id;
    const id = createdIds.get(target.createdFor);
    if (id === undefined) throw new Error(`executePlan: no webhook was created for ${target.createdFor}`);
    return id;
  };
  switch (change.kind) {
    case 'recreate':
      // One request deactivates the old webhook and takes its name away, before the new one is created: never two
      // active webhooks with one name, and a run broken here finds no webhook of that name and creates it.
      await client.updateWebhook(change.oldId, { status: 'inactive', name: change.retiredName });
      await create(change, client, createdIds);
      return;
    case 'create':
      await create(change, client, createdIds);
      return;
    case 'update':
      await client.updateWebhook(idOf(change.target), change.fields);
      return;
    case 'addAddresses':
      for (const batch of change.batches) await client.addWebhookAddresses(idOf(change.target), batch);
      return;
    case 'removeAddresses':
      for (const batch of change.batches) await client.removeWebhookAddresses(idOf(change.target), batch);
      return;
    case 'activate':
      await client.updateWebhook(idOf(change.target), { status: 'active' });
      return;
    case 'deactivate':
      await client.updateWebhook(idOf(change.target), { status: 'inactive' });
      return;
    case 'prune':
      await client.deactivateWebhook(change.id);
      return;
  }
}

/** The creation (at most once), then the addresses beyond the first batch. */
async function create(
  change: Extract<Change, { kind: 'create' | 'recreate' }>,
  client: ServiceClient,
  createdIds: Map<string, string>,
): Promise<void> {
  const created = await client.createWebhook(change.request);
  const id = created.data.id;
  if (id === undefined) {
    throw new ResponseShapeError(`webhook ${change.name} was created (HTTP 2xx), but the answer held no "id"`);
  }
  createdIds.set(change.name, id);
  for (const batch of change.moreAddresses) await client.addWebhookAddresses(id, batch);
}

/** A webhook a concurrent run created under a name this run created too, and the one of that name kept. */
export interface RetiredCopy {
  name: string;
  retiredId: string;
  /** The name the retired copy now has. */
  renamedTo: string;
  keptId: string;
}

/**
 * Two applies of one file at once (two CI jobs, two shells) can both find a name absent and both create it: the
 * service cannot refuse the second. So after creating, a run reads the listing once more, and where a name it created
 * has several active webhooks, it keeps the oldest (last in the newest-first listing) and retires the others as a
 * recreate retires one. Every run that looks sees the same order, so runs at the same time agree on the one kept, and
 * the last to look sees every copy. `createdIds` is updated to the webhooks kept.
 */
export async function retireConcurrentCopies(
  client: ServiceClient,
  createdIds: Map<string, string>,
  listing: readonly ServiceWebhook[],
): Promise<RetiredCopy[]> {
  const retired: RetiredCopy[] = [];
  for (const name of createdIds.keys()) {
    const active = listing.filter((webhook) => webhook.name === name && webhook.status === 'active');
    if (active.length < 2) continue;
    const kept = active[active.length - 1]!;
    for (const copy of active.slice(0, -1)) {
      const renamedTo = retiredName(name);
      await client.updateWebhook(copy.id, { status: 'inactive', name: renamedTo });
      retired.push({ name, retiredId: copy.id, renamedTo, keptId: kept.id });
    }
    createdIds.set(name, kept.id);
  }
  return retired;
}

/** What to do after a failure: the same command again, unless the service refused the request itself. */
function progressHint(error: SvcError, done: number, total: number): string {
  const made = `${error instanceof InterruptedError ? 'interrupted: ' : ''}${done} of ${countOf(total, 'change', false)} ${done === 1 ? 'was' : 'were'} made`;
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429) {
    return `${made}; fix what the service refused, then run apply again: it finishes the rest`;
  }
  return `${made}; run the same command again to finish: it finds webhooks by name, so none is created twice`;
}
