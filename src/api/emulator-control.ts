// A client for the emulator's control API (/_emulator/...), which the real service does not have.
import { ResponseShapeError } from '../errors.js';
import type { Fetched } from './client.js';
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

export interface InjectTransactionResponse {
  txHash: string;
  messageIds: string[];
}

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
      retryPolicy: 'create',
      sendKey: false,
    });
    let data: unknown;
    try {
      data = JSON.parse(response.body.toString('utf8'));
    } catch {
      throw new ResponseShapeError('unexpected response from the emulator: not JSON');
    }
    const record = data as Partial<InjectTransactionResponse> | null;
    if (!record || typeof record.txHash !== 'string' || !Array.isArray(record.messageIds)) {
      throw new ResponseShapeError('unexpected response from the emulator: expected { txHash, messageIds }');
    }
    return { data: record as InjectTransactionResponse, raw: response.body };
  }

  close(): Promise<void> {
    return this.transport.close();
  }
}
