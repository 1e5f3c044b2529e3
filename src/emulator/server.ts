// Wires the emulator together: the node:http server, fault injection and latency on /v1, synthetic blocks, shutdown.
import http from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { answerClientError } from './client-error.js';
import { handleControl } from './control-routes.js';
import type { EmulatorIdentity } from './control-routes.js';
import { tuningFor } from './deliveries/queue.js';
import type { DeliveryTuning } from './deliveries/queue.js';
import { sendError } from './http-util.js';
import { KeepError } from './kept/change.js';
import { DataDir } from './kept/data-dir.js';
import type { KeptFiles } from './kept/data-dir.js';
import { inspectorFor } from './inspector/routes.js';
import { localUrl, networkUrls } from './listen-urls.js';
import type { EmulatorOptions, RunningEmulator } from './options.js';
import { Prng, randomSeed } from './prng.js';
import type { AttemptEvent, GivenUpEvent } from '../schema/emulator-control.js';
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

/** What tests may change about a data directory: how its files are written, and when it compacts. */
export interface KeptStateTuning {
  files?: KeptFiles;
  compactAfterBytes?: number;
}

/** The emulator as tests hold it: it can also be abandoned, as `kill -9` leaves it. */
export interface EmulatorServer extends RunningEmulator {
  /** Stops at once without writing anything more: connections dropped, nothing flushed, the data directory's lock left. */
  abandon(): void;
}

/** Like startEmulator, with delivery timing tests can shorten; the public entry uses the schedule the options name. */
export async function startEmulatorServer(
  options: EmulatorOptions,
  tuning: DeliveryTuning = tuningFor(options.retrySchedule),
  keptTuning: KeptStateTuning = {},
): Promise<EmulatorServer> {
  const seed = options.seed ?? randomSeed();
  const kept = options.keepMessages === undefined ? tuning : { ...tuning, retainedRecords: options.keepMessages };
  const state = new EmulatorState(seed, options.seed !== undefined, kept, options.webhookSecret, {
    retainedTransactions: options.retainedTransactions,
    pinnedTransactions: options.pinnedTransactions,
    historyTransactions: options.historyTransactions,
  });
  let dataDir: DataDir | undefined;
  // The port first: a start refused for a busy port leaves no data folder (nor a log in it) behind.
  // Until the state is restored, a request (on a port known beforehand) is asked to come back.
  let ready: ((req: IncomingMessage, res: ServerResponse) => void) | undefined = undefined;
  const server = http.createServer((req, res) => {
    if (ready) ready(req, res);
    else sendError(res, 503, 'the emulator is starting; retry in a moment', { 'retry-after': '1' });
  });
  server.on('clientError', answerClientError);
  try {
    await new Promise<void>((listening, refused) => {
      server.once('error', refused);
      server.listen(options.port, options.host, () => {
        server.off('error', refused);
        listening();
      });
    });
  } catch (error) {
    state.close();
    throw error;
  }
  try {
    if (options.dataDir !== undefined) {
      dataDir = await DataDir.open(options.dataDir, state.router, {
        warn: options.warn ?? (() => {}),
        files: keptTuning.files,
        compactAfterBytes: keptTuning.compactAfterBytes,
        repair: options.repair,
      });
      state.keepWith(dataDir);
    }
    await state.begin();
  } catch (error) {
    state.close();
    await dataDir?.close().catch(() => {});
    await new Promise<void>((closed) => server.close(() => closed()));
    throw error;
  }
  const v1 = new V1Routes(state, options, new RateLimiter(options.rateLimit));
  const faultRng = new Prng(seed, 4);
  const log = options.log;
  // Each delivery attempt as it ends (and each message given up without one), one line as each request has: what a detached emulator's log is read for.
  if (log) {
    state.deliveries.feed.subscribe((event) => {
      if (event.name === 'attempt') log(attemptLine(JSON.parse(event.data) as AttemptEvent));
      else if (event.name === 'given-up') log(givenUpLine(JSON.parse(event.data) as GivenUpEvent));
    });
  }
  const inspector = inspectorFor(options, state);
  /** What `GET /_emulator/status` tells besides the state's counts. */
  const identity: EmulatorIdentity = {
    version: options.version ?? 'unknown',
    startedAt: '',
    dataDir: dataDir?.dir ?? null,
    inspectorPath: inspector?.path ?? null,
  };

  /** Each API takes every path under its prefix, unknown ones too, so its policy (loopback only; faults and latency) covers them. */
  const apis: {
    prefix: string;
    serve: (req: IncomingMessage, res: ServerResponse, path: string, search: string) => void | Promise<void>;
  }[] = [
    { prefix: '/_emulator/', serve: (req, res, path, search) => handleControl(state, req, res, path, search, identity) },
    // The service's /v2 operations share /v1's route table, admission, faults and latency.
    ...['/v1/', '/v2/'].map((prefix) => ({
      prefix,
      serve: (req: IncomingMessage, res: ServerResponse, path: string, search: string) => {
        if (options.faultRate > 0 && faultRng.next() < options.faultRate) return delayed(options.latencyMs, () => fault(req, res));
        if (options.latencyMs > 0) return delayed(options.latencyMs, () => v1.handle(req, res, path, search));
        return v1.handle(req, res, path, search);
      },
    })),
  ];

  const route = (req: IncomingMessage, res: ServerResponse): void | Promise<void> => {
    const rawUrl = req.url ?? '/';
    const queryStart = rawUrl.indexOf('?');
    const path = queryStart < 0 ? rawUrl : rawUrl.slice(0, queryStart);
    const search = queryStart < 0 ? '' : rawUrl.slice(queryStart + 1);
    const api = apis.find((candidate) => path.startsWith(candidate.prefix));
    if (!api && inspector?.serves(path)) return inspector.serve(req, res, path, search);
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
  const handle = (req: IncomingMessage, res: ServerResponse): void => {
    if (log) {
      const startedMs = Date.now();
      res.on('finish', () => log(`${req.method} ${req.url} ${res.statusCode} ${Date.now() - startedMs}ms`));
    }
    if (refusedAsForeign(req, res)) return;
    serve(req, res);
  };

  const serve = (req: IncomingMessage, res: ServerResponse): void => {
    try {
      const pending = route(req, res);
      if (pending) pending.catch((error: unknown) => failed(res, error));
    } catch (error) {
      failed(res, error);
    }
  };

  const failed = (res: ServerResponse, error: unknown): void => {
    if (error instanceof KeepError) return sendUnkept(res, error);
    log?.(`emulator error: ${(error as Error).stack ?? String(error)}`);
    if (!res.headersSent) sendError(res, 500, 'internal error in the emulator');
    else res.destroy();
  };

  const activity =
    options.blockTimeMs > 0
      ? setInterval(() => {
          state.syntheticTick(Date.now()).catch((error: unknown) => log?.(`emulator error: ${(error as Error).stack ?? String(error)}`));
        }, options.blockTimeMs)
      : undefined;
  activity?.unref();

  ready = handle;
  const bound = server.address() as AddressInfo;
  identity.startedAt = new Date().toISOString();
  dataDir?.listening(localUrl(bound));
  let closing: Promise<void> | undefined;
  return {
    url: localUrl(bound),
    networkUrls: networkUrls(bound),
    boundAddress: bound.address,
    startedAt: identity.startedAt,
    inspectorUrl: inspector ? localUrl(bound) + inspector.path : null,
    close: () =>
      (closing ??= (async () => {
        clearInterval(activity);
        const closed = new Promise<void>((ended) => server.close(() => ended()));
        server.closeAllConnections();
        // Deliveries stop first (an attempt under way is not kept: its message is retried after a restart); the
        // changes already queued are then written, so every change acknowledged is on disk when this resolves.
        state.close();
        await dataDir?.close();
        await closed;
      })()),
    abandon: () => {
      clearInterval(activity);
      dataDir?.abandon();
      state.close();
      server.closeAllConnections();
      server.close();
    },
  };
}

/** A change the data directory could not keep: refused with nothing of it applied, so the same request can be retried. */
function sendUnkept(res: ServerResponse, error: KeepError): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  if (error.undecided) {
    sendError(res, 500, `${error.message}; read it back before retrying`);
    return;
  }
  const message =
    error.code === undefined
      ? `${error.message}; retry in a moment`
      : `${error.message}; nothing was changed, reads still work: retry once there is room`;
  sendError(res, 503, message, { 'retry-after': '1' });
}

function attemptLine({ attempt, delivery }: AttemptEvent): string {
  const outcome = attempt.status ?? attempt.error ?? 'no answer';
  const redelivery = attempt.redelivery ? ' (redelivery)' : '';
  return `delivery ${delivery.messageId} attempt ${attempt.number}${redelivery}: POST ${withoutPassword(attempt.url)} ${outcome} ${attempt.durationMs}ms, ${delivery.state}`;
}

function givenUpLine({ delivery }: GivenUpEvent): string {
  const by = delivery.switchedOffBy ? ` by ${delivery.switchedOffBy}` : '';
  return `delivery ${delivery.messageId} given up after ${delivery.attempts} attempts: ${delivery.givenUpReason ?? 'failed'}${by}`;
}

/** A webhook URL's user name and password stay out of the log. */
function withoutPassword(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.username === '' && parsed.password === '') return url;
    parsed.username = '***';
    parsed.password = '';
    return parsed.href;
  } catch {
    return url;
  }
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
