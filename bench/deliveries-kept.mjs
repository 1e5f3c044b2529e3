// The control API holding `count` kept messages, for the inspector's listing figures: the messages are planned and
// kept the way the emulator keeps the ones it makes (planMessages, then each one's outcome), in batches, instead of
// through `count` deliveries to a receiver (100,000 of those take minutes on a machine of two cores). Served by the
// control API's own handler on node:http, with the inspector's page. Each message is about one of 1,000 watched addresses (so an address finds
// about count/1,000) and a transaction of its own. Prints "listening <port>".
//   node bench/deliveries-kept.mjs <count>
import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import { handleControl } from '../dist/emulator/control-routes.js';
import { DEFAULT_DELIVERY_TUNING } from '../dist/emulator/deliveries/queue.js';
import { inspectorFor } from '../dist/emulator/inspector/routes.js';
import { EmulatorState } from '../dist/emulator/state.js';

const count = Number(process.argv[2] ?? 1000);
const BATCH = 1_000;
const startedAt = performance.now();
const state = new EmulatorState(7, true, { ...DEFAULT_DELIVERY_TUNING, retainedRecords: Math.max(count, 1_000) });
const addresses = Array.from({ length: 1_000 }, () => `0x${randomBytes(20).toString('hex')}`);
const hex = (bytes) => `0x${randomBytes(bytes).toString('hex')}`;

for (let made = 0; made < count; made += BATCH) {
  const messages = [];
  for (let index = made; index < Math.min(count, made + BATCH); index++) {
    const messageId = randomUUID();
    const address = addresses[index % addresses.length];
    const transactionHash = hex(32);
    messages.push({
      webhookId: `webhook-${index % 100}`,
      url: 'http://127.0.0.1:9/hook',
      messageId,
      // About the size of a notification of a plain transfer.
      message: {
        webhookId: `webhook-${index % 100}`,
        eventType: 'address_activity',
        messageId,
        event: { transaction: { txHash: transactionHash, from: address, to: hex(20), value: '1000', input: hex(200) }, logs: [] },
      },
      ownerKey: 'bench-key',
      webhookName: `bench-${index % 100}`,
      about: { chainId: '43113', transactionHash, addresses: [address] },
    });
  }
  const entries = state.deliveries.planMessages(messages);
  // Delivered, as a receiver answering 200 would leave them: nothing is left to send.
  for (const message of messages) entries.push(['outcome', message.messageId, { state: 'delivered' }]);
  await state.keep({ entries });
}

const identity = { version: 'bench', startedAt: new Date().toISOString(), dataDir: null, inspectorPath: null };
const inspector = inspectorFor({ host: '127.0.0.1' }, state);
const server = http.createServer((req, res) => {
  const url = req.url ?? '/';
  const queryStart = url.indexOf('?');
  const path = queryStart < 0 ? url : url.slice(0, queryStart);
  const search = queryStart < 0 ? '' : url.slice(queryStart + 1);
  // The inspector's page too, as the emulator serves it: its figures paint the deliveries page over these messages.
  if (inspector.serves(path)) return inspector.serve(req, res, path, search);
  Promise.resolve(handleControl(state, req, res, path, search, identity)).catch((error) => {
    process.stderr.write(`${error.stack}\n`);
    res.destroy();
  });
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
process.stderr.write(`kept ${count} messages in ${((performance.now() - startedAt) / 1000).toFixed(1)} s\n`);
process.stdout.write(`listening ${server.address().port}\n`);
process.on('SIGTERM', () => {
  state.close();
  server.close(() => process.exit(0));
});
