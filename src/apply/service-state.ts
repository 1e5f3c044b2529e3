// What the service holds for the key, read with GETs only: every webhook (all pages), and the full address list of the
// webhooks apply compares addresses with.
import type { ServiceClient } from '../api/client.js';
import { paginate } from '../api/pages.js';
import { ResponseShapeError } from '../errors.js';
import { EVENT_TYPE, PAGE_SIZE_MAX } from '../schema/rules.js';
import type { ShownWebhook } from '../schema/webhooks.js';
import type { ServiceWebhook } from './plan.js';

/** Address lists read side by side: reads are safe to overlap, and one webhook of 100 addresses is one request. */
const ADDRESS_READS_AT_ONCE = 4;

/**
 * Every address-activity webhook of the key, active and inactive, in the service's order. Webhooks of other event
 * types (the real service has them) are not apply's: never matched, updated or pruned. `onProgress` gets the count.
 */
export async function readWebhooks(client: ServiceClient, onProgress: (count: number) => void): Promise<ServiceWebhook[]> {
  const webhooks: ServiceWebhook[] = [];
  const pages = paginate(
    { followPages: true, pageSize: PAGE_SIZE_MAX },
    (request) => client.listWebhooks(request),
    (page) => ({ itemCount: page.data.webhooks.length, nextPageToken: page.data.nextPageToken }),
    () => Infinity,
  );
  for await (const page of pages) {
    for (const shown of page.data.webhooks) {
      if (shown.eventType === undefined || shown.eventType === EVENT_TYPE) webhooks.push(toServiceWebhook(shown));
    }
    onProgress(webhooks.length);
  }
  return webhooks;
}

function toServiceWebhook(shown: ShownWebhook): ServiceWebhook {
  if (shown.id === undefined) throw new ResponseShapeError('unexpected response: a webhook in the listing has no "id"');
  const signatures = shown.metadata?.eventSignatures ?? [];
  const webhook: ServiceWebhook = {
    id: shown.id,
    eventSignatures: signatures.filter((signature): signature is string => typeof signature === 'string'),
    includeLogs: shown.includeLogs ?? false,
    includeInternalTxs: shown.includeInternalTxs ?? false,
  };
  for (const field of ['name', 'status', 'url', 'chainId', 'description'] as const) {
    if (shown[field] !== undefined) webhook[field] = shown[field];
  }
  return webhook;
}

/**
 * The addresses of each webhook, from GET /v1/webhooks/{id}/addresses (all pages): the authoritative list, where a
 * listing's `metadata.addresses` may be cut short. `onProgress` gets the number of webhooks read so far.
 */
export async function readAddresses(
  client: ServiceClient,
  ids: readonly string[],
  onProgress: (done: number) => void,
): Promise<Map<string, string[]>> {
  const addressesOf = new Map<string, string[]>();
  let next = 0;
  // Once one read failed the command ends with it: the others start no new request.
  let failed = false;
  const worker = async () => {
    while (!failed && next < ids.length) {
      const id = ids[next++]!;
      const addresses: string[] = [];
      const pages = paginate(
        { followPages: true, pageSize: PAGE_SIZE_MAX },
        (request) => client.listWebhookAddresses(id, request),
        (page) => ({ itemCount: page.data.addresses.length, nextPageToken: page.data.nextPageToken }),
        () => Infinity,
      );
      try {
        for await (const page of pages) addresses.push(...page.data.addresses);
      } catch (error) {
        failed = true;
        throw error;
      }
      addressesOf.set(id, addresses);
      onProgress(addressesOf.size);
    }
  };
  await Promise.all(Array.from({ length: Math.min(ADDRESS_READS_AT_ONCE, ids.length) }, worker));
  return addressesOf;
}
