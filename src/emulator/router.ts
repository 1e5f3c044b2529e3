// Route tables for the emulator's APIs: path templates with named segments, looked up by method and path.
import type { ServerResponse } from 'node:http';
import { OPERATIONS } from '../schema/operations.js';
import { sendError } from './http-util.js';

export interface RouteEntry {
  method: string;
  /**
   * The whole path: literal text, with `{name}` standing for one non-empty segment (no `/`), passed on raw.
   * Braces rather than `:name`, because paths like `/v1/webhooks:getSharedSecret` have a literal `:`.
   */
  pattern: string;
}

export interface RouteMatch<R> {
  route: R;
  params: Record<string, string>;
}

const PARAM = /\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

export function compilePattern(pattern: string): RegExp {
  let source = '';
  let end = 0;
  for (const param of pattern.matchAll(PARAM)) {
    source += escapeRegExp(pattern.slice(end, param.index)) + `(?<${param[1]}>[^/]+)`;
    end = param.index + param[0].length;
  }
  return new RegExp(`^${source}${escapeRegExp(pattern.slice(end))}$`);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export class RouteTable<R extends RouteEntry> {
  private readonly compiled: { route: R; regex: RegExp }[];

  constructor(routes: readonly R[]) {
    this.compiled = routes.map((route) => ({ route, regex: compilePattern(route.pattern) }));
  }

  /** The first route with this method whose pattern matches; none when only other methods' patterns do. */
  match(method: string, path: string): RouteMatch<R> | undefined {
    for (const { route, regex } of this.compiled) {
      if (route.method !== method) continue;
      const found = regex.exec(path);
      if (found) return { route, params: { ...found.groups } };
    }
    return undefined;
  }
}

interface DescribedOperation extends RouteEntry {
  operationId: string;
}

/** The operator's operations as routes, made on the first request no route serves. */
let describedOperations: RouteTable<DescribedOperation> | undefined;

/**
 * The answer for a request no route serves. An operation of the operator's description that the emulator does not
 * model gets 501 naming it, so a client learns "not emulated" rather than "no such path"; anything else (an unknown
 * path, or a known path with a method the description does not give it) gets 404.
 */
export function sendNoRoute(res: ServerResponse, method: string, path: string): void {
  describedOperations ??= new RouteTable(OPERATIONS.map(([method, pattern, operationId]) => ({ method, pattern, operationId })));
  const operation = describedOperations.match(method, path)?.route;
  if (operation) {
    sendError(
      res,
      501,
      `not emulated: ${operation.operationId} (${operation.method} ${operation.pattern}) is an operation of the service that this emulator does not model`,
    );
    return;
  }
  sendError(res, 404, `Cannot ${method} ${path}`);
}
