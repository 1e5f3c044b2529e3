// The inspector's shell: one page, its views chosen by the part of the URL after "#" (which never reaches the
// server and never holds the key), the stream of delivery attempts every view may follow, and the emulator's name.
import type { DeliveryRecord, EmulatorStatusAnswer } from '../../../schema/emulator-control.js';
import { getJson } from './api.js';
import { deliveriesView } from './deliveries.js';
import { fill } from './dom.js';
import { messageView } from './message.js';
import { transactionsView } from './transactions.js';
import { triggerView } from './trigger.js';
import type { StreamListener, StreamNews, View, ViewContext } from './view.js';
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

function openStream() {
  const status = document.getElementById('connection')!;
  const source = new EventSource('/_emulator/deliveries/stream');
  let lost = false;
  const tell = (news: StreamNews) => {
    for (const listener of listeners) listener(news);
  };
  source.addEventListener('ready', () => {
    status.textContent = 'Live';
    status.dataset.state = 'live';
    // Back after a lost connection: the emulator replays what it still keeps, but may have restarted meanwhile.
    if (lost) tell({ kind: 'reload' });
    lost = false;
  });
  source.addEventListener('attempt', (event) => {
    const { delivery } = JSON.parse((event as MessageEvent<string>).data) as { delivery: DeliveryRecord };
    tell({ kind: 'attempt', delivery });
  });
  source.addEventListener('missed', () => tell({ kind: 'reload' }));
  source.addEventListener('error', () => {
    lost = true;
    const closed = source.readyState === EventSource.CLOSED;
    status.textContent = closed ? 'Not connected: reload the page' : 'Reconnecting\u2026';
    status.dataset.state = closed ? 'closed' : 'reconnecting';
  });
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
  const context: ViewContext = { main, query: new URLSearchParams(search), follow: (listener) => listeners.add(listener) };
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

openStream();
void showEmulator();
window.addEventListener('hashchange', showAndFocus);
show();
