// One event stream per browser, shared by all its tabs of this emulator: a browser opens at most six connections to
// one host, and a stream held by every tab would leave a seventh tab none to load with. The tab that holds the lock
// (Web Locks) is the leader: it alone opens the EventSource and passes every piece of news to the others on a
// BroadcastChannel. When it closes, its lock is released and the next tab waiting takes the stream over (telling every
// tab to read again: events may have passed while no tab listened). Where the browser has no locks (a page not in a
// secure context), each tab holds its own stream.
import { newsOf, STREAM_EVENT_NAMES } from './events.js';
import type { Connection, StreamNews } from './events.js';

const STREAM_PATH = '/_emulator/deliveries/stream';
/** Per emulator: locks and channels are per origin already, and an origin is one emulator (its host and port). */
const SHARED_NAME = 'svc-inspector.stream';
/** How long after the emulator refused the stream outright (it answered, not with the stream) to ask again. */
const REOPEN_AFTER_MS = 2_000;

type ChannelMessage = { type: 'hello' } | { type: 'news'; news: StreamNews };

/** Opens the browser's stream, or joins it, and tells `hear` each piece of news, the connection's state among them. */
export function followStream(hear: (news: StreamNews) => void): void {
  if (!('locks' in navigator) || typeof BroadcastChannel === 'undefined') {
    connect(hear, false);
    return;
  }
  const channel = new BroadcastChannel(SHARED_NAME);
  let leading = false;
  let connection: Connection = 'connecting';
  const tell = (news: StreamNews) => {
    if (news.kind === 'connection') connection = news.connection;
    hear(news);
    channel.postMessage({ type: 'news', news } satisfies ChannelMessage);
  };
  channel.addEventListener('message', (event: MessageEvent<ChannelMessage>) => {
    const message = event.data;
    // A tab that just opened asks the leader where the stream stands.
    if (message.type === 'hello') {
      if (leading) channel.postMessage({ type: 'news', news: { kind: 'connection', connection } } satisfies ChannelMessage);
    } else if (!leading) hear(message.news);
  });
  let followed = false;
  void navigator.locks.request(SHARED_NAME, { ifAvailable: true }, (lock) => {
    if (lock) {
      leading = true;
      connect(tell, false);
      return forever();
    }
    followed = true;
    channel.postMessage({ type: 'hello' } satisfies ChannelMessage);
    void navigator.locks.request(SHARED_NAME, () => {
      leading = true;
      connect(tell, followed);
      return forever();
    });
    return undefined;
  });
}

/** Held until the tab closes: the lock with it. */
const forever = () => new Promise<never>(() => {});

/**
 * The stream itself: its events as news; its connection's state; after a lost connection (or when taking the stream
 * over from another tab), a reload once it is back. The emulator answers `retry: 1000`: a browser tries again within
 * a second of losing it; if it is refused outright (closed), it is opened anew a little later.
 * @param tookOver another tab held the stream before: what passed between is not known
 */
function connect(tell: (news: StreamNews) => void, tookOver: boolean): void {
  let source: EventSource;
  let lost = tookOver;
  const open = () => {
    source = new EventSource(STREAM_PATH);
    source.addEventListener('ready', () => {
      tell({ kind: 'connection', connection: 'live' });
      if (lost) tell({ kind: 'reload' });
      lost = false;
    });
    for (const name of STREAM_EVENT_NAMES) {
      source.addEventListener(name, (event) => {
        const news = newsOf(name, (event as MessageEvent<string>).data);
        if (news) tell(news);
      });
    }
    source.addEventListener('error', () => {
      lost = true;
      tell({ kind: 'connection', connection: 'reconnecting' });
      if (source.readyState === EventSource.CLOSED) window.setTimeout(open, REOPEN_AFTER_MS);
    });
  };
  open();
}
