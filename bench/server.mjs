// Bench server: a separate process answering from bodies built before it listens, so the client's cost dominates.
//   node bench/server.mjs [name=count ...]   prints "listening <port>" on stdout when ready.
// GET /v1/transactions: one fixed page of 10 transactions (a nextPageToken, as the service sends).
// GET /v1/webhooks/<name>/addresses?pageSize=100&pageToken=<t>: <count> addresses, 100 a page, with tokens.
import { createServer } from 'node:http';

const PAGE = 100;
const hex = (n, width) => n.toString(16).padStart(width, '0');
const addressAt = (i) => '0x' + hex(Math.imul(i + 1, 2654435761) >>> 0, 8) + hex(i, 32);

function transaction(i) {
  return {
    blockNumber: String(48_000_000 - i),
    blockTimestamp: 1_760_000_000 - i * 2,
    blockTimestampMilliseconds: (1_760_000_000 - i * 2) * 1000,
    blockMinDelayExcess: 0,
    blockHash: '0x' + hex(i, 64),
    chainId: i % 2 ? '43113' : '43114',
    blockIndex: i,
    txHash: '0x' + hex(i * 7919 + 1, 64),
    txStatus: i % 5 ? '1' : '0',
    txType: 2,
    gasLimit: '21000',
    gasUsed: '21000',
    gasPrice: '25000000000',
    nonce: String(i),
    from: { address: addressAt(i) },
    to: { address: addressAt(i + 1), name: 'Wrapped AVAX', symbol: 'WAVAX', decimals: 18 },
    method: { callType: 'NATIVE_TRANSFER', methodHash: '', methodName: 'Native Transfer' },
    value: String(10n ** 18n * BigInt(i + 1)),
  };
}

const txBody = Buffer.from(
  JSON.stringify({ transactions: Array.from({ length: 10 }, (_, i) => transaction(i)), nextPageToken: 'tx-page-2' }),
);

/** name -> pre-built pages; page k answers token `p<k>` (page 0: no token). */
const webhooks = new Map();
for (const arg of process.argv.slice(2)) {
  const [name, countText] = arg.split('=');
  const count = Number(countText);
  const pages = [];
  for (let start = 0, k = 0; start < count; start += PAGE, k++) {
    const addresses = [];
    for (let i = start; i < Math.min(start + PAGE, count); i++) addresses.push(addressAt(i));
    const body = { addresses, totalAddresses: count };
    if (start + PAGE < count) body.nextPageToken = `p${k + 1}`;
    pages.push(Buffer.from(JSON.stringify(body)));
  }
  webhooks.set(name, pages);
}

function send(res, status, body) {
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': body.length });
  res.end(body);
}

const notFound = Buffer.from('{"statusCode":404,"message":"not found","error":"Not Found"}');
const badPageSize = Buffer.from('{"statusCode":400,"message":"the bench server serves pages of 100 only","error":"Bad Request"}');

const server = createServer((req, res) => {
  const url = req.url ?? '/';
  const q = url.indexOf('?');
  const path = q < 0 ? url : url.slice(0, q);
  if (path === '/v1/transactions') return send(res, 200, txBody);
  const match = /^\/v1\/webhooks\/([^/]+)\/addresses$/.exec(path);
  const pages = match && webhooks.get(match[1]);
  if (!pages) return send(res, 404, notFound);
  const params = new URLSearchParams(q < 0 ? '' : url.slice(q + 1));
  if ((params.get('pageSize') ?? String(PAGE)) !== String(PAGE)) return send(res, 400, badPageSize);
  const token = params.get('pageToken');
  const page = token ? pages[Number(token.slice(1))] : pages[0];
  if (!page) return send(res, 404, notFound);
  send(res, 200, page);
});
server.keepAliveTimeout = 30_000;
server.listen(0, '127.0.0.1', () => process.stdout.write(`listening ${server.address().port}\n`));
process.on('SIGTERM', () => process.exit(0));
