// The -f/-F fields of `svc api`, read as `gh api` reads them: `key=value`, nested keys (`a[b][c]=`), arrays
// (`key[]=value`, `key[]` for an empty one), arrays of objects (`items[][name]=`); then built into a JSON body, or
// query parameters. A key given twice is refused, never "last wins".
import { UsageError } from '../../errors.js';

/** Where a field's value comes from; files (and stdin) are read when the command runs, before the request. */
export type FieldValue =
  /** -f, or -F text that is no JSON literal. */
  | { kind: 'string'; text: string }
  /** -F: a number, true, false, null, or a JSON object or array, sent as given (a number keeps every digit). */
  | { kind: 'literal'; text: string }
  /** -F key=@path: the file's contents as a string (`@-`: stdin). */
  | { kind: 'file'; path: string }
  /** `key[]` (or `key[]=`) with nothing after it: an array, empty unless other fields add to it. */
  | { kind: 'none' };

export interface Field {
  /** `-f` or `-F`, and the field as typed: what a message about it names. */
  flag: string;
  text: string;
  /** The key's parts: `metadata[addresses][]` is metadata, addresses, then '' (the value joins an array). */
  path: string[];
  value: FieldValue;
}

/** A value once its file is read: what goes in the request. */
export type ReadValue = Exclude<FieldValue, { kind: 'file' }>;

/** `name`, then any number of `[part]`; `[]` once at a time (an array of arrays is for --input). */
const KEY = /^([^[\]]+)((?:\[[^[\]]*\])*)$/;

const JSON_SCALAR = /^(true|false|null|-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?)$/;

/** `key=value`, `key[sub][]=value`, `key[]`; with `typed` (-F), JSON literals and @path are read as such. */
export function parseField(flag: string, text: string, typed: boolean): Field {
  const equals = text.indexOf('=');
  const name = equals < 0 ? text : text.slice(0, equals);
  if (equals < 0 && !name.endsWith('[]')) throw new UsageError(`${flag} "${text}": must be key=value (or key[] for an empty array)`);
  if (name === '' || name.startsWith('[')) throw new UsageError(`${flag} "${text}": the key before "=" is empty`);
  const parts = KEY.exec(name);
  if (!parts) throw new UsageError(`${flag} "${text}": the key must be name, name[sub]... or name[] (brackets in pairs, none nested)`);
  const path = [parts[1]!, ...[...parts[2]!.matchAll(/\[([^[\]]*)\]/g)].map((part) => part[1]!)];
  if (path.some((part, at) => part === '' && path[at + 1] === '')) {
    throw new UsageError(`${flag} "${text}": an array of arrays cannot be written as fields: send the body with --input`);
  }
  const field = (value: FieldValue): Field => ({ flag, text, path, value });
  const valueText = equals < 0 ? '' : text.slice(equals + 1);
  if (path.at(-1) === '' && valueText === '') return field({ kind: 'none' });
  if (!typed) return field({ kind: 'string', text: valueText });
  if (valueText.startsWith('@')) {
    if (valueText === '@') throw new UsageError(`${flag} "${text}": name a file after @ (@- for stdin)`);
    return field({ kind: 'file', path: valueText.slice(1) });
  }
  return field(isJsonLiteral(valueText) ? { kind: 'literal', text: valueText } : { kind: 'string', text: valueText });
}

/** A JSON scalar other than a string, or a JSON object or array: what -F sends as JSON. */
function isJsonLiteral(text: string): boolean {
  if (JSON_SCALAR.test(text)) return true;
  if (!/^\s*[[{]/.test(text)) return false;
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

type Node = ObjectNode | { kind: 'array'; items: Node[] } | { kind: 'json'; text: string };
interface ObjectNode {
  kind: 'object';
  members: Map<string, Node>;
}

/**
 * The JSON body the fields make, in the order keys were first given (files already read into `values`, one per
 * field). Throws a UsageError naming the field when a key is given twice or is both a value and an object; called
 * with placeholder values before anything is read or sent, so the error comes first.
 */
export function jsonBody(fields: readonly Field[], values: readonly ReadValue[]): string {
  const root: ObjectNode = { kind: 'object', members: new Map() };
  fields.forEach((field, at) => place(root, field, values[at]!));
  return serialize(root);
}

/** Each field's value as an empty string: what jsonBody needs to check the keys alone. */
export function placeholderValues(fields: readonly Field[]): ReadValue[] {
  return fields.map((field) => (field.value.kind === 'file' ? { kind: 'string', text: '' } : field.value));
}

function place(root: ObjectNode, field: Field, value: ReadValue): void {
  const refuse = (why: string) => new UsageError(`${field.flag} "${field.text}": ${why}`);
  let container = root;
  let name = field.path[0]!;
  let inArray = false;
  for (const part of field.path.slice(1)) {
    if (part === '') {
      inArray = true;
      continue;
    }
    container = inArray ? objectInArray(container, name, part, refuse) : objectAt(container, name, refuse);
    inArray = false;
    name = part;
  }
  const json = value.kind === 'none' ? undefined : value.kind === 'literal' ? value.text : JSON.stringify(value.text);
  if (inArray) {
    const array = container.members.get(name) ?? { kind: 'array', items: [] };
    if (array.kind !== 'array') throw refuse(`"${name}" is given as ${describe(array)} and as an array`);
    container.members.set(name, array);
    if (json !== undefined) array.items.push({ kind: 'json', text: json });
    return;
  }
  const present = container.members.get(name);
  if (present) throw refuse(`"${name}" is given twice (each key once; key[]=value adds to an array)`);
  container.members.set(name, { kind: 'json', text: json ?? 'null' });
}

function objectAt(container: ObjectNode, name: string, refuse: (why: string) => UsageError): ObjectNode {
  const present = container.members.get(name);
  if (present === undefined) {
    const created: ObjectNode = { kind: 'object', members: new Map() };
    container.members.set(name, created);
    return created;
  }
  if (present.kind !== 'object') throw refuse(`"${name}" is given as ${describe(present)} and as an object`);
  return present;
}

/**
 * The object of `name[][part]` as gh reads it: the array's last object while it lacks `part` (or holds an array
 * there, which the field adds to); a new object otherwise, so `items[][name]=a items[][n]=1 items[][name]=b` makes two.
 */
function objectInArray(container: ObjectNode, name: string, part: string, refuse: (why: string) => UsageError): ObjectNode {
  const present = container.members.get(name) ?? { kind: 'array', items: [] };
  if (present.kind !== 'array') throw refuse(`"${name}" is given as ${describe(present)} and as an array`);
  container.members.set(name, present);
  const last = present.items.at(-1);
  if (last?.kind === 'object' && (!last.members.has(part) || last.members.get(part)!.kind === 'array')) return last;
  const created: ObjectNode = { kind: 'object', members: new Map() };
  present.items.push(created);
  return created;
}

function describe(node: Node): string {
  return node.kind === 'json' ? 'a value' : `an ${node.kind}`;
}

function serialize(node: Node): string {
  if (node.kind === 'json') return node.text;
  if (node.kind === 'array') return `[${node.items.map(serialize).join(',')}]`;
  return `{${[...node.members].map(([key, member]) => `${JSON.stringify(key)}:${serialize(member)}`).join(',')}}`;
}

/**
 * The fields as query parameters (a GET, or beside --input), names as typed less a final `[]`: `ids[]=1 ids[]=2` is
 * ids=1&ids=2. A name given twice without `[]` is refused, as in a body.
 */
export function queryParameters(fields: readonly Field[], values: readonly ReadValue[]): Array<[string, string]> {
  const query: Array<[string, string]> = [];
  const single = new Set<string>();
  fields.forEach((field, at) => {
    const array = field.path.at(-1) === '';
    const name = queryName(field);
    if (!array) {
      if (single.has(name))
        throw new UsageError(`${field.flag} "${field.text}": "${name}" is given twice (each key once; key[]=value repeats it)`);
      single.add(name);
    }
    const value = values[at]!;
    if (value.kind !== 'none') query.push([name, value.text]);
  });
  return query;
}

function queryName(field: Field): string {
  const [first, ...rest] = field.path.at(-1) === '' ? field.path.slice(0, -1) : field.path;
  return first! + rest.map((part) => `[${part}]`).join('');
}
