// Baseline for `svc tx list --follow --json`: the least a follower must do, with undici: the newest page every
// interval, earlier pages until a transaction already printed, each new one printed as a JSON line (re-serialised:
// the baseline does not keep the service's bytes), a bounded set of printed keys. For its RSS over time.
import { request } from 'undici';

const base = process.env.SVC_BASE_URL;
const intervalMs = Number(process.argv[2] ?? 2) * 1000;
const remembered = new Set();
const order = [];

async function page(pageToken, pageSize) {
  const url = new URL('/v1/transactions', base);
  if (pageSize) url.searchParams.set('pageSize', String(pageSize));
  if (pageToken) url.searchParams.set('pageToken', pageToken);
  const { body } = await request(url, { headers: { accept: 'application/json' } });
  return body.json();
}

function print(transactions) {
  for (const tx of transactions) {
    const key = `${tx.chainId}:${tx.txHash}`;
    remembered.add(key);
    order.push(key);
    if (order.length > 4096) remembered.delete(order.shift());
    process.stdout.write(JSON.stringify(tx) + '\n');
  }
}

print((await page()).transactions.reverse());
for (;;) {
  await new Promise((resolve) => setTimeout(resolve, intervalMs));
  const fresh = [];
  let token;
  for (;;) {
    const body = await page(token, 100);
    let seen = false;
    for (const tx of body.transactions) {
      if (remembered.has(`${tx.chainId}:${tx.txHash}`)) seen = true;
      else fresh.push(tx);
    }
    if (seen || !body.nextPageToken) break;
    token = body.nextPageToken;
  }
  print(fresh.reverse());
}
