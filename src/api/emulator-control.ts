// A client for the emulator's control API (/_emulator/...), which the real service does not have.
import * as v from 'valibot';
import type { Fetched } from './client.js';
import { parseAnswer } from './client.js';
import { Transport } from './http.js';
import type { TransportOptions } from './http.js';

/** Body of POST /_emulator/transactions. */
export interface InjectTransactionRequest {
  chainId: string;
  from?: string;
  to?: string;
  value?: string;
  txStatus?: '1' | '0';
  erc20Transfers?: Array<{ from: string; to: string; value: string }>;
  logs?: Array<{ address: string; topics: string[]; data: string }>;
}

export const InjectTransactionResponseSchema = v.looseObject({ txHash: v.string(), messageIds: v.array(v.string()) });
export type InjectTransactionResponse = v.InferOutput<typeof InjectTransactionResponseSchema>;

export class EmulatorControlClient {
  private readonly transport: Transport;

  constructor(options: TransportOptions) {
    this.transport = new Transport(options);
  }

  async injectTransaction(body: InjectTransactionRequest): Promise<Fetched<InjectTransactionResponse>> {
    const response = await this.transport.send({
      method: 'POST',
      path: '/_emulator/transactions',
      jsonBody: body,
      // A second injection would be a second transaction, with its own notifications.
      retryPolicy: 'at-most-once',
      sendKey: false,
      outcomeUnknownHint: 'check the emulator before triggering again: curl $SVC_BASE_URL/_emulator/deliveries lists what it sent',
    });
    return { data: parseAnswer(InjectTransactionResponseSchema, response), raw: response.body };
  }

  close(): Promise<void> {
    return this.transport.close();
  }
}
