// The emulator in its own process for the throughput figure: no rate limit, no blocks; prints "listening <port>".
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
});
process.stdout.write(`listening ${new URL(emulator.url).port}\n`);
process.on('SIGTERM', () => emulator.close().finally(() => process.exit(0)));
