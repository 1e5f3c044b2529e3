// `svc webhook listen --forward-to`: relayed with node's own client, so any port curl reaches works (the fetch API
// refuses some, 6000 among them), and a failed relay is said by its cause.
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { MAX_NOTIFICATION_BYTES } from '../../../src/schema/rules.js';
import { startInProcess } from '../../helpers/cli.js';

const MESSAGE = JSON.stringify({
  webhookId: 'w-1',
  messageId: 'm-1',
  eventType: 'address_activity',
  event: { transaction: { chainId: '43113', txHash: '0x1', from: '0x1', to: '0x2', erc20Transfers: [] }, logs: [] },
});

/** A consumer on the first free port of those the fetch API refuses. */
async function consumerOnABlockedPort(received: string[]): Promise<{ server: Server; port: number }> {
  for (const port of [6000, 6665, 6666, 6667, 6668, 6669, 10080]) {
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        received.push(body);
        res.writeHead(202).end();
      });
    });
    const listening = await new Promise<boolean>((resolve) => {
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => resolve(true));
    });
    if (listening) return { server, port };
  }
  throw new Error('no port of the fetch API blocked list was free');
}

const listenUrl = (stderr: string) => /Ready: notifications to (\S+)/.exec(stderr)![1]!;

describe('webhook listen --forward-to', () => {
  it('reaches a consumer on a port the fetch API refuses (6000), and shows its status', async () => {
    const received: string[] = [];
    const { server, port } = await consumerOnABlockedPort(received);
    const listen = await startInProcess(['webhook', 'listen', '--port', '0', '--forward-to', `http://127.0.0.1:${port}/hooks`], {
      readyOnStderr: /^Ready:/,
    });
    try {
      const answer = await fetch(listenUrl(listen.stderr()), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: MESSAGE,
      });
      expect(answer.status).toBe(200);
      expect(received).toEqual([MESSAGE]);
      expect(listen.stdout()).toMatch(/\t202\n$/);
    } finally {
      await listen.stop();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('a consumer that is not there: the sender gets 502, and the row says "refused"', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const listen = await startInProcess(['webhook', 'listen', '--port', '0', '--forward-to', `http://127.0.0.1:${port}/hooks`], {
      readyOnStderr: /^Ready:/,
    });
    try {
      const answer = await fetch(listenUrl(listen.stderr()), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: MESSAGE,
      });
      expect(answer.status).toBe(502);
      expect(listen.stdout()).toMatch(/\trefused\n$/);
    } finally {
      await listen.stop();
    }
  });
});

describe('webhook listen --verify says where its secret came from', () => {
  it('from the service: the key (masked) and the URL at start; on the first mismatch, once, that the key may not be the webhook’s', async () => {
    const { startTestEmulator } = await import('../../helpers/emulator-helpers.js');
    const emulator = await startTestEmulator();
    const key = 'listen-verify-key-9876';
    const listen = await startInProcess(['webhook', 'listen', '--port', '0', '--verify'], {
      baseUrl: emulator.url,
      apiKey: key,
      readyOnStderr: /^Ready:/,
    });
    try {
      expect(listen.stderr()).toContain(
        `svc: verifying signatures with the shared secret of the key ****9876 (SVC_API_KEY) at ${emulator.url}\n`,
      );
      expect(listen.stderr()).not.toContain(key);
      for (let i = 0; i < 2; i++) {
        const answer = await fetch(listenUrl(listen.stderr()), {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-signature': 'AAAA' },
          body: MESSAGE,
        });
        expect(answer.status).toBe(401);
      }
      expect(
        listen.stderr().match(/^hint: a message whose signature does not match may be signed with another key's secret/gm),
      ).toHaveLength(1);
    } finally {
      await listen.stop();
      await emulator.close();
    }
  });

  it('from SVC_WEBHOOK_SECRET: said so at start', async () => {
    const listen = await startInProcess(['webhook', 'listen', '--port', '0', '--verify'], {
      env: { SVC_WEBHOOK_SECRET: 'ab'.repeat(32) },
      readyOnStderr: /^Ready:/,
    });
    try {
      expect(listen.stderr()).toMatch(/^svc: verifying signatures with the shared secret from SVC_WEBHOOK_SECRET\n/);
    } finally {
      await listen.stop();
    }
  });

  it('--verify: a body over the size limit is answered 413, and stderr says 413, not 400', async () => {
    const listen = await startInProcess(['webhook', 'listen', '--port', '0', '--verify'], {
      env: { SVC_WEBHOOK_SECRET: 'ab'.repeat(32) },
      readyOnStderr: /^Ready:/,
    });
    try {
      const answer = await fetch(listenUrl(listen.stderr()), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: 'x'.repeat(MAX_NOTIFICATION_BYTES + 1),
      });
      expect(answer.status).toBe(413);
      expect(listen.stderr()).toContain(`\nsvc: notification too large answered 413: body larger than ${MAX_NOTIFICATION_BYTES} bytes\n`);
      expect(listen.stdout()).toBe('');
    } finally {
      await listen.stop();
    }
  });
});
