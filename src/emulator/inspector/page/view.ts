// What the shell (app.ts) gives each view, and what a view is.
import type { DeliveryRecord } from '../../../schema/emulator-control.js';

/**
 * What the stream tells the views: a message as an attempt of it left it, or that attempts may have been missed (the
 * connection was lost for long, or the emulator restarted): a view then loads again.
 */
export type StreamNews = { kind: 'attempt'; delivery: DeliveryRecord } | { kind: 'reload' };
export type StreamListener = (news: StreamNews) => void;

export interface ViewContext {
  main: HTMLElement;
  query: URLSearchParams;
  follow: (listener: StreamListener) => void;
}

/** A view shows itself in the context's main element, and may answer what to do when it is left. */
export type View = (context: ViewContext, ...params: string[]) => (() => void) | void;
