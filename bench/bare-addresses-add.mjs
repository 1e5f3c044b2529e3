// Baseline for `svc webhook addresses add ID --addresses-file FILE`: the same batches of 500, PATCHed one at a time
// with undici, each answer read whole; the count of the last answer printed as svc prints it. No checks, no dedupe.
//   node bench/bare-addresses-add.mjs <webhook id> <file>
import { readFileSync } from 'node:fs';
import { request } from 'undici';

const [id, file] = process.argv.slice(2);
const BATCH = 500;
const addresses = readFileSync(file, 'utf8')
  .split('\n')
  .map((line) => line.replace(/#.*/, '').trim())
  .filter((line) => line !== '');
const url = `${process.env.SVC_BASE_URL}/v1/webhooks/${id}/addresses`;
const headers = { accept: 'application/json', 'content-type': 'application/json', 'x-service-api-key': process.env.SVC_API_KEY };
let last;
for (let i = 0; i < addresses.length; i += BATCH) {
  const { statusCode, body } = await request(url, {
    method: 'PATCH',
    headers,
    body: JSON.stringify({ addresses: addresses.slice(i, i + BATCH) }),
  });
  last = Buffer.from(await body.arrayBuffer());
  if (statusCode !== 200) throw new Error(`HTTP ${statusCode}: ${last.toString().slice(0, 200)}`);
}
process.stdout.write(`${JSON.parse(last.toString()).metadata.addresses.length} addresses\n`);
