// An emulator holding `count` delivered messages, for the `deliveries` figures: it keeps every one of them
// (keepMessages = count), and they are made the way a user's are: webhooks watching one address, transactions
// injected through the control API, each delivered to a receiver in this process that answers 200 at once.
// 100 webhooks share the address, so one injection makes 100 messages. Prints "listening <port>" once all are
// delivered. With a second argument, that many webhooks instead (the --follow figure uses one, and count 0).
//   node bench/deliveries-seeded.mjs <count> [webhooks]
import http from 'node:http';
import { startEmulator } from '../dist/emulator/index.js';

const count = Number(process.argv[2] ?? 1000);
const startedAt = performance.now();
const WEBHOOKS = Number(process.argv[3] ?? Math.min(100, count));
const WATCHED = '0x71c7656ec7ab88b098defb751b7401b5f6d8976f';

const receiver = http.createServer((req, res) => {
  req.resume();
  req.on('end', () => res.end('ok'));
});
await new Promise((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const receiverUrl = `http://127.0.0.1:${receiver.address().port}/hook`;

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
  keepMessages: Math.max(count, 1_000),
});
const post = async (path, body, headers = {}) => {
  const response = await fetch(emulator.url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  if (response.status !== 201) throw new Error(`${path} answered ${response.status}`);
  return response.json();
};
for (let i = 0; i < WEBHOOKS; i++) {
  await post(
    '/v1/webhooks',
    { url: receiverUrl, chainId: '43113', eventType: 'address_activity', name: `bench-${i}`, metadata: { addresses: [WATCHED] } },
    { 'x-service-api-key': 'bench-key' },
  );
}
let made = 0;
while (made < count) {
  made += (await post('/_emulator/transactions', { chainId: '43113', from: WATCHED })).messageIds.length;
  // Waits while many are unfinished: the queue gives up the oldest beyond its bound of 5,000.
  for (;;) {
    const retrying = await (await fetch(`${emulator.url}/_emulator/deliveries?state=retrying&pageSize=1000`)).json();
    if (retrying.deliveries.length < 1000) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
for (;;) {
  const retrying = await (await fetch(`${emulator.url}/_emulator/deliveries?state=retrying&pageSize=1`)).json();
  if (retrying.deliveries.length === 0) break;
  await new Promise((resolve) => setTimeout(resolve, 50));
}
process.stderr.write(`seeded ${count} delivered messages in ${((performance.now() - startedAt) / 1000).toFixed(1)} s\n`);
process.stdout.write(`listening ${new URL(emulator.url).port}\n`);
process.stdout.write(`receiver ${receiverUrl}\n`);
process.on('SIGTERM', () => emulator.close().finally(() => process.exit(0)));
