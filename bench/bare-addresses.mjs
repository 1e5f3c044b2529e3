// Baseline for `svc webhook addresses ID --all`: page with undici (100 a page), one address a line on stdout.
import { request } from 'undici';

const base = `${process.env.SVC_BASE_URL}/v1/webhooks/${process.argv[2]}/addresses?pageSize=100`;
let token;
do {
  const { body } = await request(token ? `${base}&pageToken=${encodeURIComponent(token)}` : base, {
    headers: { accept: 'application/json', 'x-service-api-key': process.env.SVC_API_KEY },
  });
  const page = await body.json();
  process.stdout.write(page.addresses.join('\n') + '\n');
  token = page.nextPageToken;
} while (token);
