// The emulator's holdings at a size: the seeded history, then synthetic blocks on every chain until the chain holds
// <transactions> (default 100,000), each placed through the chain's ledger as a running emulator places it (the
// holdings keep all of them; the listing keeps its window); then the /v1 routes served on a port, no rate limit.
// Prints "listening <port>".
//   node bench/holdings.mjs [transactions]
import http from 'node:http';
import { DEFAULT_DELIVERY_TUNING } from '../dist/emulator/deliveries/queue.js';
import { RateLimiter } from '../dist/emulator/rate-limit.js';
import { EmulatorState, SEEDED_HISTORY_END_MS } from '../dist/emulator/state.js';
import { V1Routes } from '../dist/emulator/v1-routes.js';

const target = Number(process.argv[2] ?? 100_000);
const options = {
  port: 0,
  host: '127.0.0.1',
  seed: 7,
  blockTimeMs: 0,
  apiKeys: [],
  readOnlyKeys: [],
  rateLimit: 0,
  faultRate: 0,
  latencyMs: 0,
};
const state = new EmulatorState(options.seed, true, DEFAULT_DELIVERY_TUNING);
await state.begin();
for (let now = SEEDED_HISTORY_END_MS + 2_000; state.holdings.placedTransactions < target; now += 2_000) await state.syntheticTick(now);

const v1 = new V1Routes(state, options, new RateLimiter(0));
const server = http.createServer((req, res) => {
  const url = req.url ?? '/';
  const queryStart = url.indexOf('?');
  const path = queryStart < 0 ? url : url.slice(0, queryStart);
  void v1.handle(req, res, path, queryStart < 0 ? '' : url.slice(queryStart + 1));
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
process.stdout.write(`listening ${server.address().port}\n`);
process.on('SIGTERM', () => {
  state.close();
  server.close(() => process.exit(0));
});
