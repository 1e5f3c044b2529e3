// The control API under /_emulator, for tests and people at a terminal: inject a transaction, list deliveries, reset.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { EmulatorStatusAnswer } from '../schema/emulator-control.js';
import { isLoopback, readJsonBody, sendError, sendJson } from './http-util.js';
import { RouteTable, sendNoRoute } from './router.js';
import type { RouteEntry } from './router.js';
import type { EmulatorState } from './state.js';
import { validateInjection } from './validation.js';

const BODY_LIMIT_BYTES = 1024 * 1024;

/** What the emulator process tells about itself, besides its state. */
export interface EmulatorIdentity {
  version: string;
  startedAt: string;
  dataDir: string | null;
}

interface ControlRoute extends RouteEntry {
  handler: (state: EmulatorState, req: IncomingMessage, res: ServerResponse, identity: EmulatorIdentity) => void | Promise<void>;
}

const ROUTES = new RouteTable<ControlRoute>([
  { method: 'POST', pattern: '/_emulator/transactions', handler: injectTransaction },
  {
    method: 'GET',
    pattern: '/_emulator/status',
    handler: (state, _req, res, identity) => {
      const answer: EmulatorStatusAnswer = {
        version: identity.version,
        startedAt: identity.startedAt,
        webhooks: state.webhooks.size,
        pendingMessages: state.deliveries.pending().messages,
        dataDir: identity.dataDir,
      };
      sendJson(res, 200, JSON.stringify(answer));
    },
  },
  {
    method: 'GET',
    pattern: '/_emulator/deliveries',
    handler: (state, _req, res) => sendJson(res, 200, JSON.stringify({ deliveries: state.deliveries.list() })),
  },
  {
    method: 'POST',
    pattern: '/_emulator/reset',
    handler: (state, _req, res) => {
      state.reset();
      sendJson(res, 200, JSON.stringify({ reset: true }));
    },
  },
]);

export function handleControl(
  state: EmulatorState,
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  identity: EmulatorIdentity,
): void | Promise<void> {
  // The control API can forge chain activity and wipe state, so only this machine may use it, even to learn its paths.
  if (!isLoopback(req.socket.remoteAddress)) {
    sendError(res, 403, 'the control API answers loopback clients only');
    return;
  }
  const method = req.method ?? 'GET';
  const found = ROUTES.match(method, path);
  if (!found) return sendNoRoute(res, method, path);
  return found.route.handler(state, req, res, identity);
}

async function injectTransaction(state: EmulatorState, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const body = await readJsonBody(req, BODY_LIMIT_BYTES);
  if (!body.ok) {
    sendError(res, 400, body.message, { connection: 'close' });
    return;
  }
  const validated = validateInjection(body.value);
  if (!validated.ok) {
    sendError(res, 400, validated.errors);
    return;
  }
  sendJson(res, 201, JSON.stringify(state.inject(validated.value)));
}
