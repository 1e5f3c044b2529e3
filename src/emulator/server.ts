// Wires the emulator together: the node:http server, fault injection and latency on /v1, synthetic blocks, shutdown.
import http from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { answerClientError } from './client-error.js';
import { handleControl } from './control-routes.js';
import type { EmulatorIdentity } from './control-routes.js';
import { tuningFor } from './delivery.js';
import type { DeliveryTuning } from './delivery.js';
import { sendError } from './http-util.js';
import { localUrl, networkUrls } from './listen-urls.js';
import type { JournalFiles } from './journal.js';
import type { EmulatorOptions, RunningEmulator } from './options.js';
import { Persistence } from './persistence.js';
import { Prng, randomSeed } from './prng.js';
import { RateLimiter } from './rate-limit.js';
import { requestGuard } from './request-guard.js';
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
export async function startEmulatorServer(
  options: EmulatorOptions,
  tuning: DeliveryTuning = tuningFor(options.retrySchedule),
  journalFiles?: JournalFiles,
): Promise<RunningEmulator> {
  const seed = options.seed ?? randomSeed();
  const kept = options.keepMessages === undefined ? tuning : { ...tuning, retainedRecords: options.keepMessages };
  const state = new EmulatorState(seed, options.seed !== undefined, kept, options.webhookSecret);
  let persistence: Persistence | undefined;
  if (options.dataDir !== undefined) {
    try {
      persistence = await Persistence.open(options.dataDir, state, { warn: options.warn ?? (() => {}), files: journalFiles });
    } catch (error) {
      state.close();
      throw error;
    }
  }
  const v1 = new V1Routes(state, options, new RateLimiter(options.rateLimit));
  const faultRng = new Prng(seed, 4);
  const log = options.log;
  /** What `GET /_emulator/status` tells besides the state's counts. */
  const identity: EmulatorIdentity = { version: options.version ?? 'unknown', startedAt: '', dataDir: persistence?.dir ?? null };

  /** Each API takes every path under its prefix, unknown ones too, so its policy (loopback only; faults and latency) covers them. */
  const apis: {
    prefix: string;
    serve: (req: IncomingMessage, res: ServerResponse, path: string, search: string) => void | Promise<void>;
  }[] = [
    { prefix: '/_emulator/', serve: (req, res, path, search) => handleControl(state, req, res, path, search, identity) },
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

  const refusedAsForeign = requestGuard(options.host);
  const server = http.createServer((req, res) => {
    if (log) {
      const startedMs = Date.now();
      res.on('finish', () => log(`${req.method} ${req.url} ${res.statusCode} ${Date.now() - startedMs}ms`));
    }
    if (refusedAsForeign(req, res)) return;
    if (persistence) {
      const kept = persistence;
      const startSeq = kept.lastSeq;
      const read = req.method === 'GET' || req.method === 'HEAD';
      kept.admit(req, res).then(
        (admitted) => {
          if (!admitted) return;
          kept.holdAnswer(res, startSeq, read);
          serve(req, res);
        },
        (error: unknown) => failed(res, error),
      );
      return;
    }
    serve(req, res);
  });
  server.on('clientError', answerClientError);

  const serve = (req: IncomingMessage, res: ServerResponse): void => {
    try {
      const pending = route(req, res);
      if (pending) pending.catch((error: unknown) => failed(res, error));
    } catch (error) {
      failed(res, error);
    }
  };

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
      const closing = persistence?.close() ?? Promise.resolve();
      closing.finally(() => {
        state.close();
        reject(error);
      });
    });
    server.listen(options.port, options.host, () => {
      const bound = server.address() as AddressInfo;
      identity.startedAt = new Date().toISOString();
      persistence?.listening(localUrl(bound));
      let closing: Promise<void> | undefined;
      resolve({
        url: localUrl(bound),
        networkUrls: networkUrls(bound),
        boundAddress: bound.address,
        startedAt: identity.startedAt,
        close: () =>
          (closing ??= new Promise<void>((done) => {
            clearInterval(activity);
            const closed = new Promise<void>((ended) => server.close(() => ended()));
            server.closeAllConnections();
            // The deliveries are kept as they are before the queue is closed (closing gives up every message).
            const kept = persistence?.close() ?? Promise.resolve();
            Promise.allSettled([kept])
              .then(() => {
                state.close();
                return closed;
              })
              .then(() => done());
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
