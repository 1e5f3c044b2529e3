// A port for a server a test starts in another process and cannot ask which port it took (a receiver in a pty, a
// README recipe). Bound, released, then given to that process: in between, another process may take it. A port of
// the system's ephemeral range (32768-60999 on Linux) is what every `listen(0)` and every outgoing connection of the
// other tests running meanwhile is handed; one below it is taken only by a test that chose it, so the ports here are
// drawn at random from 20000-32767.
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';

const LOWEST = 20_000;
const BELOW_EPHEMERAL = 32_768;

function bindable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/** A port nothing listens on now, out of the range the system hands out by itself. */
export async function freePort(): Promise<number> {
  for (let tries = 0; tries < 50; tries++) {
    const port = LOWEST + Math.floor(Math.random() * (BELOW_EPHEMERAL - LOWEST));
    if (await bindable(port)) return port;
  }
  // Fifty taken in a row: the system's choice then.
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
