// The emulator in its own process for the throughput figures: no rate limit, no blocks; prints "listening <port>".
//   node bench/emulator.mjs [data-dir]: with a data directory (--data-dir), for the persistence figure.
import { startEmulator } from '../dist/emulator/index.js';

const emulator = await startEmulator({
  port: 0,
  host: '127.0.0.1',
  seed: 7,
  blockTimeMs: 0,
  apiKeys: [],
  readOnlyKeys: [],
  rateLimit: 0,
  faultRate: 0,
  latencyMs: 0,
  dataDir: process.argv[2],
});
process.stdout.write(`listening ${new URL(emulator.url).port}\n`);
process.on('SIGTERM', () => emulator.close().finally(() => process.exit(0)));
