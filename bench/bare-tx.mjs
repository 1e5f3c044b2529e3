// Baseline for `svc tx list --json`: the same request with undici, the body to stdout (ending in a newline), nothing else.
import { request } from 'undici';

const { body } = await request(`${process.env.SVC_BASE_URL}/v1/transactions`, { headers: { accept: 'application/json' } });
const bytes = Buffer.from(await body.arrayBuffer());
process.stdout.write(bytes.at(-1) === 0x0a ? bytes : Buffer.concat([bytes, Buffer.from('\n')]));
