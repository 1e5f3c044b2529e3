// Baseline for `svc emulator deliveries --all --json`: page with undici (100 a page), each page's body a line on stdout.
import { request } from 'undici';

const base = `${process.env.SVC_BASE_URL}/_emulator/deliveries?pageSize=100`;
let token;
do {
  const { body } = await request(token ? `${base}&pageToken=${encodeURIComponent(token)}` : base, {
    headers: { accept: 'application/json' },
  });
  const text = await body.text();
  process.stdout.write(text + '\n');
  token = JSON.parse(text).nextPageToken;
} while (token);
