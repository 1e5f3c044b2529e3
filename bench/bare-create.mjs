// Baseline for `svc webhook apply` of a new file: each webhook of the file POSTed to /v1/webhooks one after another
// with bare node:http (keep-alive), the least any client creating them must spend. Prints nothing.
import http from 'node:http';
import { readFileSync } from 'node:fs';

const { webhooks } = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
const base = new URL(process.env.SVC_BASE_URL);

function post(body) {
  return new Promise((resolve, reject) => {
    const data = JSON.stringify(body);
    const req = http.request(
      {
        agent,
        host: base.hostname,
        port: base.port,
        path: '/v1/webhooks',
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(data),
          'x-service-api-key': process.env.SVC_API_KEY,
        },
      },
      (res) => {
        res.resume();
        res.once('end', () =>
          res.statusCode === 201 || res.statusCode === 200 ? resolve() : reject(new Error(`POST answered ${res.statusCode}`)),
        );
      },
    );
    req.once('error', reject);
    req.end(data);
  });
}

for (const { name, url, chainId, addresses } of webhooks) {
  await post({ name, url, chainId, eventType: 'address_activity', metadata: { addresses } });
}
agent.destroy();
