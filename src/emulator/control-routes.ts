// The control API under /_emulator, for tests and people at a terminal: inject a transaction, list deliveries, reset.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isLoopback, readJsonBody, sendError, sendJson } from './http-util.js';
import type { EmulatorState } from './state.js';
import { validateInjection } from './validation.js';

const BODY_LIMIT_BYTES = 1024 * 1024;

export async function handleControl(state: EmulatorState, req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
  // The control API can forge chain activity and wipe state, so only this machine may use it.
  if (!isLoopback(req.socket.remoteAddress)) {
    sendError(res, 403, 'the control API answers loopback clients only');
    return;
  }
  const method = req.method ?? 'GET';
  if (path === '/_emulator/transactions' && method === 'POST') {
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
    return;
  }
  if (path === '/_emulator/deliveries' && method === 'GET') {
    sendJson(res, 200, JSON.stringify({ deliveries: state.deliveries.list() }));
    return;
  }
  if (path === '/_emulator/reset' && method === 'POST') {
    state.reset();
    sendJson(res, 200, JSON.stringify({ reset: true }));
    return;
  }
  sendError(res, 404, `Cannot ${method} ${path}`);
}
