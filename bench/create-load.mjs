// Write load: <count> webhook creates kept <connections> at a time in flight to <base>; prints {ms, rps, failed}.
//   node bench/create-load.mjs <base> <connections> <count>
import { Pool } from 'undici';

const [base, connectionsText = '50', countText = '1000'] = process.argv.slice(2);
const connections = Number(connectionsText);
const count = Number(countText);
const pool = new Pool(base, { connections, pipelining: 1 });
const headers = { 'content-type': 'application/json', 'x-service-api-key': 'bench-key' };
const body = (i) =>
  JSON.stringify({
    url: `https://example.com/hooks/${i}`,
    chainId: '43114',
    eventType: 'address_activity',
    name: `bench-${i}`,
    metadata: { addresses: ['0x' + (i + 1).toString(16).padStart(40, '0')] },
  });

let next = 0;
let failed = 0;
async function worker() {
  while (next < count) {
    const i = next++;
    const { statusCode, body: answer } = await pool.request({ method: 'POST', path: '/v1/webhooks', headers, body: body(i) });
    for await (const _chunk of answer);
    if (statusCode !== 201) failed++;
  }
}
const startedAt = performance.now();
await Promise.all(Array.from({ length: connections }, worker));
const ms = performance.now() - startedAt;
process.stdout.write(JSON.stringify({ ms, rps: (count / ms) * 1000, failed }) + '\n');
await pool.close();
