// Wires the emulator together: the node:http server, fault injection and latency on /v1, synthetic blocks, shutdown.
import http from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { handleControl } from './control-routes.js';
import { tuningFor } from './delivery.js';
import type { DeliveryTuning } from './delivery.js';
import { sendError } from './http-util.js';
import { localUrl, networkUrls } from './listen-urls.js';
import type { EmulatorOptions, RunningEmulator } from './options.js';
import { Prng, randomSeed } from './prng.js';
import { RateLimiter } from './rate-limit.js';
import { sendNoRoute } from './router.js';
import { EmulatorState } from './state.js';
import { V1Routes } from './v1-routes.js';

const FAULT_STATUSES = [500, 502, 503, 429] as const;
const FAULT_MESSAGES: Record<(typeof FAULT_STATUSES)[number], string> = {
  500: 'injected fault: internal error',
  502: 'injected fault: upstream answered badly',
  503: 'injected fault: service unavailable, try again shortly',
  429: 'injected fault: rate limit exceeded; retry after 1 s',
};

/** Like startEmulator, with delivery timing tests can shorten; the public entry uses the schedule the options name. */
export function startEmulatorServer(
  options: EmulatorOptions,
  tuning: DeliveryTuning = tuningFor(options.retrySchedule),
): Promise<RunningEmulator> {
  const seed = options.seed ?? randomSeed();
  const kept = options.keepMessages === undefined ? tuning : { ...tuning, retainedRecords: options.keepMessages };
  const state = new EmulatorState(seed, options.seed !== undefined, kept, options.webhookSecret);
  const v1 = new V1Routes(state, options, new RateLimiter(options.rateLimit));
  const faultRng = new Prng(seed, 4);
  const log = options.log;

  /** Each API takes every path under its prefix, unknown ones too, so its policy (loopback only; faults and latency) covers them. */
  const apis: {
    prefix: string;
    serve: (req: IncomingMessage, res: ServerResponse, path: string, search: string) => void | Promise<void>;
  }[] = [
    { prefix: '/_emulator/', serve: (req, res, path, search) => handleControl(state, req, res, path, search) },
    {
      prefix: '/v1/',
      serve: (req, res, path, search) => {
        if (options.faultRate > 0 && faultRng.next() < options.faultRate) return delayed(options.latencyMs, () => fault(req, res));
        if (options.latencyMs > 0) return delayed(options.latencyMs, () => v1.handle(req, res, path, search));
        return v1.handle(req, res, path, search);
      },
    },
  ];

  const route = (req: IncomingMessage, res: ServerResponse): void | Promise<void> => {
    const rawUrl = req.url ?? '/';
    const queryStart = rawUrl.indexOf('?');
    const path = queryStart < 0 ? rawUrl : rawUrl.slice(0, queryStart);
    const search = queryStart < 0 ? '' : rawUrl.slice(queryStart + 1);
    const api = apis.find((candidate) => path.startsWith(candidate.prefix));
    if (!api) return sendNoRoute(res, req.method ?? 'GET', path);
    return api.serve(req, res, path, search);
  };

  const fault = (req: IncomingMessage, res: ServerResponse): void => {
    const choice = faultRng.int(0, FAULT_STATUSES.length);
    const status = FAULT_STATUSES[choice];
    if (status === undefined) {
      log?.(`${req.method} ${req.url} dropped (injected fault)`);
      req.socket.destroy();
      return;
    }
    sendError(res, status, FAULT_MESSAGES[status], status === 429 ? { 'retry-after': '1' } : {});
  };

  const server = http.createServer((req, res) => {
    if (log) {
      const startedMs = Date.now();
      res.on('finish', () => log(`${req.method} ${req.url} ${res.statusCode} ${Date.now() - startedMs}ms`));
    }
    try {
      const pending = route(req, res);
      if (pending) pending.catch((error: unknown) => failed(res, error));
    } catch (error) {
      failed(res, error);
    }
  });

  const failed = (res: ServerResponse, error: unknown): void => {
    log?.(`emulator error: ${(error as Error).stack ?? String(error)}`);
    if (!res.headersSent) sendError(res, 500, 'internal error in the emulator');
    else res.destroy();
  };

  const activity = options.blockTimeMs > 0 ? setInterval(() => state.syntheticTick(Date.now()), options.blockTimeMs) : undefined;
  activity?.unref();

  return new Promise((resolve, reject) => {
    server.once('error', (error) => {
      clearInterval(activity);
      state.close();
      reject(error);
    });
    server.listen(options.port, options.host, () => {
      const bound = server.address() as AddressInfo;
      let closing: Promise<void> | undefined;
      resolve({
        url: localUrl(bound),
        networkUrls: networkUrls(bound),
        boundAddress: bound.address,
        close: () =>
          (closing ??= new Promise<void>((done) => {
            clearInterval(activity);
            state.close();
            server.close(() => done());
            server.closeAllConnections();
          })),
      });
    });
  });
}

function delayed(ms: number, then: () => void | Promise<void>): Promise<void> {
  return new Promise((resolve, reject) => {
    setTimeout(() => {
      try {
        Promise.resolve(then()).then(resolve, reject);
      } catch (error) {
        reject(error);
      }
    }, ms);
  });
}
