// Event declarations → canonical form → keccak-256 signature (topic0), as Solidity computes it.
import { keccak256Hex } from './keccak.js';
export { isEventSignature } from '../schema/rules.js';

export interface EventSignature {
  declaration: string;
  canonical: string;
  signature: string;
}

/** Thrown for a declaration that is not a valid event; `message` names the rule broken. */
export class DeclarationError extends Error {}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/**
 * Accepts `Transfer(address,address,uint256)` and
 * `event Transfer(address indexed from, address indexed to, uint256 value)` alike (an optional trailing
 * `anonymous` or `;` too). Names and `indexed` are dropped, `uint`/`int` widened to 256 bits, so ERC-20 and
 * ERC-721 `Transfer` share one signature, as the spec says they must.
 */
export function canonicalEvent(declaration: string): string {
  return parseEvent(declaration).canonical;
}

/**
 * The declaration, its canonical form and its topic0. An `anonymous` event is refused: it has a canonical form, but
 * Solidity logs it without its signature as topic0, so a filter on that signature would never match it.
 */
export function eventSignature(declaration: string): EventSignature {
  const { name, canonical, anonymous } = parseEvent(declaration);
  if (anonymous) {
    throw new DeclarationError(
      `"${name}" is declared anonymous: an anonymous event is logged without its signature as topic0, so no event signature can match it`,
    );
  }
  return { declaration, canonical, signature: keccak256Hex(canonical) };
}

function parseEvent(declaration: string): { name: string; canonical: string; anonymous: boolean } {
  let text = declaration.trim().replace(/;$/, '').trim();
  text = text.replace(/^event\s+/, '');
  const open = text.indexOf('(');
  const anonymous = /\)\s*anonymous$/.test(text);
  if (open < 0 || (!text.endsWith(')') && !anonymous)) {
    throw new DeclarationError('expected Name(type,...), e.g. Transfer(address,address,uint256)');
  }
  text = text.replace(/\s*anonymous$/, '');
  const name = text.slice(0, open).trim();
  if (!IDENTIFIER.test(name)) throw new DeclarationError(`"${name}" is not a valid event name`);
  const params = text.slice(open + 1, -1);
  return { name, canonical: `${name}(${canonicalParams(params).join(',')})`, anonymous };
}

function canonicalParams(params: string): string[] {
  if (params.trim() === '') return [];
  return splitTopLevel(params).map((param) => canonicalParam(param.trim()));
}

/** Splits on commas outside parentheses (tuple types hold commas of their own). */
function splitTopLevel(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '(') depth++;
    else if (ch === ')') {
      depth--;
      if (depth < 0) throw new DeclarationError('unbalanced parentheses');
    } else if (ch === ',' && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  if (depth !== 0) throw new DeclarationError('unbalanced parentheses');
  parts.push(text.slice(start));
  return parts;
}

/** One parameter: a type, then optionally `indexed` and a name. */
function canonicalParam(param: string): string {
  if (param === '') throw new DeclarationError('empty parameter');
  let typeText: string;
  let rest: string;
  if (param.startsWith('(') || param.startsWith('tuple(')) {
    const body = param.startsWith('tuple(') ? param.slice(5) : param;
    const close = matchingParen(body);
    const suffixMatch = /^((?:\[\d*\])*)/.exec(body.slice(close + 1))!;
    const arrays = suffixMatch[1] ?? '';
    typeText = `(${canonicalParams(body.slice(1, close)).join(',')})${arrays}`;
    rest = body.slice(close + 1 + arrays.length).trim();
  } else {
    const words = param.split(/\s+/);
    typeText = canonicalElementary(words[0]!);
    rest = words.slice(1).join(' ');
  }
  const restWords = rest === '' ? [] : rest.split(/\s+/);
  if (restWords[0] === 'indexed') restWords.shift();
  if (restWords.length > 1 || (restWords.length === 1 && !IDENTIFIER.test(restWords[0]!))) {
    throw new DeclarationError(`cannot read parameter "${param}"`);
  }
  return typeText;
}

function matchingParen(text: string): number {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '(') depth++;
    else if (text[i] === ')' && --depth === 0) return i;
  }
  throw new DeclarationError('unbalanced parentheses');
}

function canonicalElementary(type: string): string {
  const match = /^([a-z0-9]+)((?:\[\d*\])*)$/.exec(type);
  if (!match) throw new DeclarationError(`unknown type "${type}"`);
  const base = match[1]!;
  const arrays = match[2] ?? '';
  return canonicalBase(base, type) + arrays;
}

function canonicalBase(base: string, whole: string): string {
  if (base === 'uint' || base === 'int') return `${base}256`;
  if (base === 'address' || base === 'bool' || base === 'string' || base === 'bytes' || base === 'function') return base;
  if (base === 'byte') return 'bytes1';
  const sized = /^(u?int)(\d+)$/.exec(base);
  if (sized) {
    const bits = Number(sized[2]);
    if (bits >= 8 && bits <= 256 && bits % 8 === 0) return base;
  }
  const fixedBytes = /^bytes(\d+)$/.exec(base);
  if (fixedBytes) {
    const size = Number(fixedBytes[1]);
    if (size >= 1 && size <= 32) return base;
  }
  throw new DeclarationError(`unknown type "${whole}"`);
}

/** Well-known signatures, for people and for the emulator's generated logs. */
export const TRANSFER_SIGNATURE = keccak256Hex('Transfer(address,address,uint256)');
export const APPROVAL_SIGNATURE = keccak256Hex('Approval(address,address,uint256)');
/** ERC-1155's single transfer: operator, from and to indexed; id and value in the data. */
export const TRANSFER_SINGLE_SIGNATURE = keccak256Hex('TransferSingle(address,address,address,uint256,uint256)');
