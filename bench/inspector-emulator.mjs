// An emulator delivering all the time, for the inspector's throughput figure: a block every 100 ms on each chain,
// three webhooks on Fuji that every block touches, their messages delivered to a receiver in this process that
// answers 200 at once (about 30 attempts a second for the page to follow). Prints "listening <port>"; on SIGTERM,
// how many it delivered and how fast.
//   node bench/inspector-emulator.mjs
import http from 'node:http';
import { startEmulator } from '../dist/emulator/index.js';

const WEBHOOKS = 3;
let received = 0;
const receiver = http.createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    received++;
    res.end('ok');
  });
});
await new Promise((resolve) => receiver.listen(0, '127.0.0.1', resolve));

const emulator = await startEmulator({
  port: 0,
  host: '127.0.0.1',
  seed: 7,
  blockTimeMs: 100,
  apiKeys: [],
  readOnlyKeys: [],
  rateLimit: 0,
  faultRate: 0,
  latencyMs: 0,
});
for (let i = 0; i < WEBHOOKS; i++) {
  const created = await fetch(`${emulator.url}/v1/webhooks`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-service-api-key': 'bench-key' },
    body: JSON.stringify({
      url: `http://127.0.0.1:${receiver.address().port}/hook`,
      chainId: '43113',
      eventType: 'address_activity',
      metadata: { addresses: ['0x' + String(i + 1).padStart(40, '0')] },
    }),
  });
  if (created.status !== 201) throw new Error(`a webhook create answered ${created.status}`);
}
const startedAt = performance.now();
process.stdout.write(`listening ${new URL(emulator.url).port}\n`);
process.on('SIGTERM', () => {
  const seconds = (performance.now() - startedAt) / 1000;
  process.stderr.write(
    `  (the emulator delivered ${received} messages in ${seconds.toFixed(0)} s: ${(received / seconds).toFixed(1)} a second)\n`,
  );
  emulator.close().finally(() => process.exit(0));
});
