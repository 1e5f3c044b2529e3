// A client for the emulator's control API (/_emulator/...), which the real service does not have.
import type { Fetched } from './client.js';
import { parseAnswer } from './client.js';
import { Transport } from './http.js';
import type { TransportOptions } from './http.js';
import {
  DeliveriesAnswerSchema,
  EmulatorStatusAnswerSchema,
  InjectTransactionAnswerSchema,
  ResetAnswerSchema,
} from '../schema/emulator-control.js';
import type {
  DeliveriesAnswer,
  EmulatorStatusAnswer,
  InjectTransactionAnswer,
  InjectTransactionRequest,
} from '../schema/emulator-control.js';

export type { InjectTransactionRequest };

export class EmulatorControlClient {
  private readonly transport: Transport;

  constructor(options: TransportOptions) {
    this.transport = new Transport(options);
  }

  async injectTransaction(body: InjectTransactionRequest): Promise<Fetched<InjectTransactionAnswer>> {
    const response = await this.transport.send({
      method: 'POST',
      path: '/_emulator/transactions',
      jsonBody: body,
      // A second injection would be a second transaction, with its own notifications.
      retryPolicy: 'at-most-once',
      sendKey: false,
      outcomeUnknownHint: 'check the emulator before triggering again: curl $SVC_BASE_URL/_emulator/deliveries lists what it sent',
    });
    return { data: parseAnswer(InjectTransactionAnswerSchema, response), raw: response.body };
  }

  /** Every message the emulator keeps, with its attempts and state. */
  async listDeliveries(): Promise<Fetched<DeliveriesAnswer>> {
    const response = await this.transport.send({ method: 'GET', path: '/_emulator/deliveries', retryPolicy: 'repeatable', sendKey: false });
    return { data: parseAnswer(DeliveriesAnswerSchema, response), raw: response.body };
  }

  /** What the emulator tells about itself: version, start time, data folder, webhooks and messages pending. */
  async status(): Promise<EmulatorStatusAnswer> {
    const response = await this.transport.send({ method: 'GET', path: '/_emulator/status', retryPolicy: 'repeatable', sendKey: false });
    return parseAnswer(EmulatorStatusAnswerSchema, response);
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
