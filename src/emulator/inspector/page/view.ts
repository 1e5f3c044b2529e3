// What the shell (app.ts) gives each view, and what a view is.
import type { StreamNews } from './events.js';

export type StreamListener = (news: StreamNews) => void;

export interface ViewContext {
  main: HTMLElement;
  query: URLSearchParams;
  /** Hears every piece of news of the browser's stream while the view is shown. */
  follow: (listener: StreamListener) => void;
  /** Whether the emulator is heard (or not yet known not to be): while it is not, what the view shows may no longer be true. */
  online: () => boolean;
}

/** A view shows itself in the context's main element, and may answer what to do when it is left. */
export type View = (context: ViewContext, ...params: string[]) => (() => void) | void;
