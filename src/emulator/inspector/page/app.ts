// The inspector's shell: one page, its views chosen by the part of the URL after "#" (which never reaches the
// server and never holds the key), the browser's stream of the emulator's events every view may follow (and an
// outage of it shown plainly), and the emulator's name.
import type { EmulatorStatusAnswer } from '../../../schema/emulator-control.js';
import { getJson } from './api.js';
import { deliveriesView } from './deliveries.js';
import { fill } from './dom.js';
import type { Connection } from './events.js';
import { messageView } from './message.js';
import { followStream } from './stream.js';
import { transactionsView } from './transactions.js';
import { triggerView } from './trigger.js';
import type { StreamListener, View, ViewContext } from './view.js';
import { webhooksView } from './webhooks.js';

const ROUTES: { pattern: RegExp; nav: string; view: View }[] = [
  { pattern: /^\/deliveries\/([^/]+)$/, nav: 'deliveries', view: messageView },
  { pattern: /^\/deliveries$/, nav: 'deliveries', view: deliveriesView },
  { pattern: /^\/webhooks$/, nav: 'webhooks', view: webhooksView },
  { pattern: /^\/trigger$/, nav: 'trigger', view: triggerView },
  { pattern: /^\/transactions$/, nav: 'transactions', view: transactionsView },
];

const listeners = new Set<StreamListener>();
let leaveView: (() => void) | undefined;
let connection: Connection = 'connecting';

const CONNECTION_WORDS: Readonly<Record<Connection, string>> = {
  connecting: 'Connecting\u2026',
  live: 'Live',
  reconnecting: 'Emulator unreachable: reconnecting\u2026',
};

/** The browser's stream (shared by its tabs: stream.ts), its news passed to the view shown. */
function hearStream() {
  followStream((news) => {
    if (news.kind === 'connection') showConnection(news.connection);
    for (const listener of listeners) listener(news);
  });
}

/**
 * The connection's state at the top, and, while the emulator cannot be heard, a banner saying so plainly: what the
 * view shows may no longer be true, and it is read again once the emulator is back.
 */
function showConnection(now: Connection) {
  connection = now;
  const status = document.getElementById('connection')!;
  status.textContent = CONNECTION_WORDS[now];
  status.dataset.state = now;
  const banner = document.getElementById('outage')!;
  banner.hidden = now !== 'reconnecting';
  fill(
    banner,
    now === 'reconnecting' &&
      'The emulator is unreachable: what this page shows may no longer be true. It is read again as soon as the emulator answers (is svc emulator start still running?).',
  );
}

function show(): void {
  const main = document.getElementById('main')!;
  const [path = '', search = ''] = location.hash.replace(/^#/, '').split('?');
  let params: string[] = [];
  const route = ROUTES.find((candidate) => {
    const found = candidate.pattern.exec(path);
    try {
      params = found ? found.slice(1).map(decodeURIComponent) : [];
    } catch {
      // A "%" that starts no escape: no route's.
      return false;
    }
    return found !== null;
  });
  if (!route) {
    // "#main" (the skip link) is no view: the view stays. Anything else, or nothing, is the deliveries.
    if (location.hash === '#main' && leaveView) return;
    history.replaceState(null, '', '#/deliveries');
    return show();
  }
  leaveView?.();
  listeners.clear();
  for (const link of document.querySelectorAll('nav a')) {
    if (link.getAttribute('data-nav') === route.nav) link.setAttribute('aria-current', 'page');
    else link.removeAttribute('aria-current');
  }
  fill(main);
  const context: ViewContext = {
    main,
    query: new URLSearchParams(search),
    follow: (listener) => listeners.add(listener),
    online: () => connection !== 'reconnecting',
  };
  leaveView = route.view(context, ...params) ?? undefined;
  const heading = main.querySelector('h1');
  document.title = `${heading?.textContent ?? 'Inspector'} \u00b7 svc emulator`;
}

/** Where the view changed at the user's asking, screen readers are taken to its heading. */
function showAndFocus() {
  show();
  document.querySelector<HTMLElement>('main h1')?.focus();
}

async function showEmulator() {
  const about = document.getElementById('emulator')!;
  try {
    const status = await getJson<EmulatorStatusAnswer>('/_emulator/status');
    fill(about, `svc ${status.version}`, status.dataDir ? ' \u00b7 state kept on disk' : ' \u00b7 state in memory');
  } catch {
    fill(about, 'svc emulator');
  }
}

hearStream();
void showEmulator();
window.addEventListener('hashchange', showAndFocus);
show();
