// A client for the emulator's control API (/_emulator/...), which the real service does not have.
import type { Fetched } from './client.js';
import { parseAnswer } from './client.js';
import { Transport } from './http.js';
import type { TransportOptions } from './http.js';
import * as v from 'valibot';
import { ResponseShapeError, UnsafeIdError } from '../errors.js';
import {
  AttemptEventSchema,
  DeliveriesAnswerSchema,
  DeliveryDetailSchema,
  EmulatorStatusAnswerSchema,
  GivenUpEventSchema,
  InjectTransactionAnswerSchema,
  RecoverAnswerSchema,
  RedeliverAnswerSchema,
  ResetAnswerSchema,
  WebhookSummaryAnswerSchema,
} from '../schema/emulator-control.js';
import type {
  AttemptEvent,
  GivenUpEvent,
  DeliveriesAnswer,
  DeliveryDetail,
  DeliveryState,
  EmulatorStatusAnswer,
  InjectTransactionAnswer,
  InjectTransactionRequest,
  RecoverAnswer,
  RedeliverAnswer,
  WebhookSummaryAnswer,
} from '../schema/emulator-control.js';
import type { PageRequest } from './pages.js';

export type { InjectTransactionRequest };

export interface DeliveryFilters {
  webhookId?: string;
  state?: DeliveryState;
  /** ISO 8601. */
  since?: string;
  /** ISO 8601: messages made before it. */
  until?: string;
  /** A message id (or its first 8+ characters), a transaction hash or an address. */
  q?: string;
}

/**
 * What the attempt stream carries: where it starts (`ready`), an attempt as it ended (with its JSON as sent), or how
 * many were lost while the client was away. `id` is what to resume after.
 */
export type StreamEvent =
  | { kind: 'ready'; id: string }
  | { kind: 'attempt'; id: string; event: AttemptEvent; raw: string }
  | { kind: 'given-up'; id: string; event: GivenUpEvent; raw: string }
  | { kind: 'missed'; missed: number };

export class EmulatorControlClient {
  private readonly transport: Transport;
  /** The emulator this client talks to, as a message may name it. */
  readonly baseUrl: string;

  constructor(options: TransportOptions) {
    this.transport = new Transport(options);
    this.baseUrl = options.baseUrl;
  }

  async injectTransaction(body: InjectTransactionRequest): Promise<Fetched<InjectTransactionAnswer>> {
    const response = await this.transport.send({
      method: 'POST',
      path: '/_emulator/transactions',
      jsonBody: body,
      // A second injection would be a second transaction, with its own notifications.
      retryPolicy: 'at-most-once',
      sendKey: false,
      outcomeUnknownHint: 'check which messages the emulator sent before triggering again',
    });
    return { data: parseAnswer(InjectTransactionAnswerSchema, response), raw: response.body };
  }

  /** The messages the emulator keeps, newest first: one page with a page size, every one without. */
  async listDeliveries(filters: DeliveryFilters = {}, page: PageRequest = {}): Promise<Fetched<DeliveriesAnswer>> {
    const response = await this.transport.send({
      method: 'GET',
      path: '/_emulator/deliveries',
      query: { ...filters, pageSize: page.pageSize, pageToken: page.pageToken },
      retryPolicy: 'repeatable',
      sendKey: false,
    });
    return { data: parseAnswer(DeliveriesAnswerSchema, response), raw: response.body };
  }

  /** A path of the emulator (its inspector page) as this client reaches it. */
  urlOf(path: string): string {
    return this.transport.url({ path });
  }

  /** What the emulator tells about itself: version, start time, data folder, webhooks and messages pending. */
  async status(): Promise<EmulatorStatusAnswer> {
    const response = await this.transport.send({ method: 'GET', path: '/_emulator/status', retryPolicy: 'repeatable', sendKey: false });
    return parseAnswer(EmulatorStatusAnswerSchema, response);
  }

  /** One message with each of its attempts and the body sent; 404 (exit 3) when the emulator does not keep it. */
  async getDelivery(messageId: string): Promise<Fetched<DeliveryDetail>> {
    const response = await this.transport.send({
      method: 'GET',
      path: `/_emulator/deliveries/${encodeMessageId(messageId)}`,
      retryPolicy: 'repeatable',
      sendKey: false,
    });
    return { data: parseAnswer(DeliveryDetailSchema, response), raw: response.body };
  }

  /** Sends the message once more now (to `url` when given, else its webhook's); answers the attempt's outcome. */
  async redeliver(messageId: string, url?: string): Promise<Fetched<RedeliverAnswer>> {
    const response = await this.transport.send({
      method: 'POST',
      path: `/_emulator/deliveries/${encodeMessageId(messageId)}/redeliver`,
      jsonBody: url === undefined ? {} : { url },
      // A second request would be a second attempt at the receiver.
      retryPolicy: 'at-most-once',
      sendKey: false,
      outcomeUnknownHint: "check the message's attempts before sending it again",
    });
    return { data: parseAnswer(RedeliverAnswerSchema, response), raw: response.body };
  }

  /**
   * Sends the webhook's failed messages made since `since` (ISO 8601) again, oldest first, to its url as it is now;
   * answers at once with their ids (the attempts follow). 409 when the webhook is inactive.
   */
  async recover(webhookId: string, since: string): Promise<Fetched<RecoverAnswer>> {
    const response = await this.transport.send({
      method: 'POST',
      path: `/_emulator/webhooks/${encodeMessageId(webhookId, 'webhook id')}/recover`,
      jsonBody: { since },
      // A second request while the first one's attempts run takes nothing twice, but after them it would send again.
      retryPolicy: 'at-most-once',
      sendKey: false,
      outcomeUnknownHint: "check the webhook's messages before recovering again",
    });
    return { data: parseAnswer(RecoverAnswerSchema, response), raw: response.body };
  }

  /** Per webhook (these, or every one with kept messages): status, failed messages, last success, why it is off. */
  async webhookSummaries(webhookIds: readonly string[] = []): Promise<Fetched<WebhookSummaryAnswer>> {
    const response = await this.transport.send({
      method: 'GET',
      path: '/_emulator/webhooks/summary',
      query: webhookIds.map((id) => ['webhookId', id] as const),
      retryPolicy: 'repeatable',
      sendKey: false,
    });
    return { data: parseAnswer(WebhookSummaryAnswerSchema, response), raw: response.body };
  }

  /**
   * The attempts as they end, from the stream of server-sent events: from now, or after `lastEventId` (what was
   * missed since). Ends when the emulator closes the stream or `signal` aborts.
   */
  async *attempts(options: { lastEventId?: string; webhookId?: string; signal: AbortSignal }): AsyncGenerator<StreamEvent> {
    const body = await this.transport.openStream(
      { path: '/_emulator/deliveries/stream', query: { webhookId: options.webhookId } },
      options.lastEventId === undefined ? {} : { 'last-event-id': options.lastEventId },
      options.signal,
    );
    let text = '';
    const decoder = new TextDecoder();
    for await (const chunk of body) {
      text += decoder.decode(chunk, { stream: true });
      let end: number;
      while ((end = text.indexOf('\n\n')) >= 0) {
        const event = parseServerEvent(text.slice(0, end));
        text = text.slice(end + 2);
        if (event) yield event;
      }
    }
  }

  /** Forgets webhooks, injected transactions and deliveries. Doing it twice is the same as once. */
  async reset(): Promise<void> {
    const response = await this.transport.send({ method: 'POST', path: '/_emulator/reset', retryPolicy: 'repeatable', sendKey: false });
    parseAnswer(ResetAnswerSchema, response);
  }

  close(): Promise<void> {
    return this.transport.close();
  }
}

/** Message and webhook ids are the emulator's UUIDs: anything that could reach another path is refused before a request. */
function encodeMessageId(id: string, what = 'message id'): string {
  if (!/^[A-Za-z0-9_.~-]+$/.test(id) || id === '.' || id === '..') {
    throw new UnsafeIdError(`${what} ${JSON.stringify(id)}: must be letters, digits, '-', '_', '.' or '~'`);
  }
  return id;
}

/** One event block of the stream (its lines up to a blank one); comments and unknown events give nothing. */
function parseServerEvent(block: string): StreamEvent | undefined {
  let name = 'message';
  let id: string | undefined;
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (line === '' || line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'event') name = value;
    else if (field === 'id') id = value;
    else if (field === 'data') data.push(value);
  }
  if (name === 'ready' && id !== undefined) return { kind: 'ready', id };
  if (name !== 'attempt' && name !== 'given-up' && name !== 'missed') return undefined;
  const raw = data.join('\n');
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new ResponseShapeError(`unexpected ${name} event from the emulator's stream: its data is not JSON`);
  }
  if (name === 'missed') {
    const missed = v.safeParse(v.object({ missed: v.pipe(v.number(), v.integer(), v.minValue(0)) }), parsed);
    if (!missed.success) throw new ResponseShapeError("unexpected missed event from the emulator's stream");
    return { kind: 'missed', missed: missed.output.missed };
  }
  if (name === 'given-up') {
    const givenUp = v.safeParse(GivenUpEventSchema, parsed);
    if (!givenUp.success || id === undefined) throw new ResponseShapeError("unexpected given-up event from the emulator's stream");
    return { kind: 'given-up', id, event: givenUp.output, raw };
  }
  const attempt = v.safeParse(AttemptEventSchema, parsed);
  if (!attempt.success || id === undefined) throw new ResponseShapeError("unexpected attempt event from the emulator's stream");
  return { kind: 'attempt', id, event: attempt.output, raw };
}
