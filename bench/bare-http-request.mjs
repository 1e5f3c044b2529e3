// Baseline for the cold start of a command that sends one request: the same request with node:http, its body to stdout
// (ending in a newline, as `--json` prints it), nothing else: what any client must at least spend.
//   node bench/bare-http-request.mjs <method> <path>   (SVC_BASE_URL and SVC_API_KEY from the environment)
import { request } from 'node:http';

const [method, path] = process.argv.slice(2);
const url = new URL(path, process.env.SVC_BASE_URL);
request(url, { method, headers: { accept: 'application/json', 'x-service-api-key': process.env.SVC_API_KEY ?? '' } }, (response) => {
  const chunks = [];
  response.on('data', (chunk) => chunks.push(chunk));
  response.on('end', () => {
    const bytes = Buffer.concat(chunks);
    if (bytes.length > 0) process.stdout.write(bytes.at(-1) === 0x0a ? bytes : Buffer.concat([bytes, Buffer.from('\n')]));
  });
}).end();
