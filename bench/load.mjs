// Load generator: keeps <connections> keep-alive requests in flight to <url> for <ms>, prints completed requests per second.
//   node bench/load.mjs <url> <connections> <ms>
import { Pool } from 'undici';

const [url, connectionsText = '8', msText = '2000'] = process.argv.slice(2);
const target = new URL(url);
const connections = Number(connectionsText);
const pool = new Pool(target.origin, { connections, pipelining: 1 });
const path = target.pathname + target.search;
const headers = { accept: 'application/json', 'x-service-api-key': 'bench-key' };

let done = 0;
let failed = 0;
let bytes = 0;
let stopAt = 0;
async function worker() {
  while (performance.now() < stopAt) {
    const { statusCode, body } = await pool.request({ method: 'GET', path, headers });
    for await (const chunk of body) bytes += chunk.length;
    if (statusCode === 200) done++;
    else failed++;
  }
}

// A short warm-up (connections opened, JIT warm), then the measured window.
stopAt = performance.now() + 300;
await Promise.all(Array.from({ length: connections }, worker));
done = failed = bytes = 0;
const startedAt = performance.now();
stopAt = startedAt + Number(msText);
await Promise.all(Array.from({ length: connections }, worker));
const seconds = (performance.now() - startedAt) / 1000;
process.stdout.write(JSON.stringify({ rps: done / seconds, failed, bytesPerResponse: done ? bytes / done : 0 }) + '\n');
await pool.close();
