// Schema issues in the words of the service's 400s: "<field path> <rule>", unknown fields named, long lists capped.
import type * as v from 'valibot';

/** Enough to show the pattern of a mistake in a list of 100,000 addresses without echoing all of it. */
const ITEM_ERRORS_SHOWN = 3;

/**
 * One message per issue: `url is required`, `metadata.addresses[3] must be an address: ...`, `property extra should
 * not exist`; the whole value's own issue is prefixed with `rootName` ("body must be a JSON object"). Unknown fields
 * come first, as the service lists them; per list, the first few bad elements are named and the rest counted.
 */
export function issueMessages(issues: readonly v.BaseIssue<unknown>[], rootName: string): string[] {
  const unknown: string[] = [];
  const others: string[] = [];
  const badItems = new Map<string, { count: number; rule: string }>();
  for (const issue of issues) {
    const path = issue.path ?? [];
    if (path.length === 0) {
      others.push(`${rootName} ${issue.message}`);
      continue;
    }
    const field = fieldPath(path.map((item) => item.key));
    if (issue.type === 'strict_object' && issue.expected === 'never') {
      unknown.push(`property ${field} should not exist`);
    } else if (issue.type === 'strict_object' || issue.input === undefined) {
      // A declared field that is absent: valibot reports it on the object, named in `expected`.
      others.push(`${field} is required`);
    } else if (typeof path[path.length - 1]!.key === 'number') {
      const list = fieldPath(path.slice(0, -1).map((item) => item.key));
      const seen = badItems.get(list) ?? { count: 0, rule: issue.message };
      seen.count++;
      badItems.set(list, seen);
      if (seen.count <= ITEM_ERRORS_SHOWN) others.push(`${field} ${issue.message}`);
    } else {
      others.push(`${field} ${issue.message}`);
    }
  }
  for (const [list, { count, rule }] of badItems) {
    if (count > ITEM_ERRORS_SHOWN)
      others.push(`${list} has ${count - ITEM_ERRORS_SHOWN} more elements that ${rule.replace(/^must be/, 'are not')}`);
  }
  return [...unknown, ...others];
}

/** `metadata.addresses[3]` from ['metadata', 'addresses', 3]. */
function fieldPath(keys: unknown[]): string {
  return keys.map((key, i) => (typeof key === 'number' ? `[${key}]` : i === 0 ? String(key) : `.${String(key)}`)).join('');
}
