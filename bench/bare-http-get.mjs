// Baseline for the chain reads' cold start: one GET of the path given (`node bench/bare-http-get.mjs /v1/blocks`) with
// node:http, the body to stdout (ending in a newline), nothing else: what any client must at least spend.
import { request } from 'node:http';

const url = new URL(process.argv[2], process.env.SVC_BASE_URL);
request(url, { headers: { accept: 'application/json', 'x-service-api-key': process.env.SVC_API_KEY ?? '' } }, (response) => {
  const chunks = [];
  response.on('data', (chunk) => chunks.push(chunk));
  response.on('end', () => {
    const bytes = Buffer.concat(chunks);
    process.stdout.write(bytes.at(-1) === 0x0a ? bytes : Buffer.concat([bytes, Buffer.from('\n')]));
  });
}).end();
