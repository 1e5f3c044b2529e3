// The typed client: the spec's four operations, each answer checked for the shape the CLI relies on.
import { ResponseShapeError } from '../errors.js';
import { checkWebhookId } from '../options.js';
import { Transport } from './http.js';
import type { HttpResponse, TransportOptions } from './http.js';
import type {
  CreateWebhookRequest,
  Network,
  Transaction,
  TransactionListResponse,
  TxStatusFilter,
  Webhook,
  WebhookAddressListResponse,
} from './types.js';

/** A parsed body together with the bytes it came from, so `--json` can print them exactly as returned. */
export interface Fetched<T> {
  data: T;
  raw: Buffer;
}

export interface TransactionQuery {
  pageToken?: string;
  pageSize?: number;
  network?: Network;
  status?: TxStatusFilter;
}

export interface PageQuery {
  pageToken?: string;
  pageSize?: number;
}

export class ServiceClient {
  private readonly transport: Transport;

  constructor(options: TransportOptions) {
    this.transport = new Transport(options);
  }

  async listTransactions(query: TransactionQuery): Promise<Fetched<TransactionListResponse>> {
    const response = await this.transport.send({
      method: 'GET',
      path: '/v1/transactions',
      query: { pageToken: query.pageToken, pageSize: query.pageSize, network: query.network, status: query.status },
      retryPolicy: 'safe',
      sendKey: true,
    });
    const data = parseObject(response);
    checkList(data, 'transactions', (item) => typeof item === 'object' && item !== null && !Array.isArray(item));
    return { data: data as unknown as TransactionListResponse, raw: response.body };
  }

  async createWebhook(body: CreateWebhookRequest): Promise<Fetched<Webhook>> {
    const response = await this.transport.send({
      method: 'POST',
      path: '/v1/webhooks',
      jsonBody: body,
      retryPolicy: 'create',
      sendKey: true,
    });
    try {
      return { data: parseWebhook(response), raw: response.body };
    } catch (error) {
      // The service accepted it: whatever is wrong with the answer, running the command again would make a second one.
      if (error instanceof ResponseShapeError) {
        error.message = `the webhook was created (HTTP ${response.status}), but its answer could not be read: ${error.message.replace(/^unexpected response: /, '')}`;
        error.hint = 'do not create it again: it is already sending notifications to its url';
      }
      throw error;
    }
  }

  async deactivateWebhook(id: string): Promise<Fetched<Webhook>> {
    const response = await this.transport.send({
      method: 'DELETE',
      path: `/v1/webhooks/${encodeId(id)}`,
      retryPolicy: 'safe',
      sendKey: true,
    });
    return { data: parseWebhook(response), raw: response.body };
  }

  async listWebhookAddresses(id: string, query: PageQuery): Promise<Fetched<WebhookAddressListResponse>> {
    const response = await this.transport.send({
      method: 'GET',
      path: `/v1/webhooks/${encodeId(id)}/addresses`,
      query: { pageToken: query.pageToken, pageSize: query.pageSize },
      retryPolicy: 'safe',
      sendKey: true,
    });
    const data = parseObject(response);
    checkList(data, 'addresses', (item) => typeof item === 'string');
    if (data.totalAddresses !== undefined && typeof data.totalAddresses !== 'number') {
      throw new ResponseShapeError('unexpected response: "totalAddresses" is not a number');
    }
    return { data: data as unknown as WebhookAddressListResponse, raw: response.body };
  }

  close(): Promise<void> {
    return this.transport.close();
  }
}

export { checkWebhookId };

/** Refuses ids that could reach another route, then percent-encodes the rest. */
function encodeId(id: string): string {
  return encodeURIComponent(checkWebhookId(id));
}

function parseObject(response: HttpResponse): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(response.body.toString('utf8'));
  } catch {
    const kind = response.contentType?.split(';')[0] ?? 'no content type';
    throw new ResponseShapeError(
      response.body.length === 0
        ? `unexpected response: HTTP ${response.status} with an empty body`
        : `unexpected response: HTTP ${response.status} with a body that is not JSON (${kind})`,
    );
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new ResponseShapeError('unexpected response: the body is not a JSON object');
  }
  return parsed as Record<string, unknown>;
}

function checkList(data: Record<string, unknown>, field: string, isItem: (item: unknown) => boolean): void {
  const list = data[field];
  if (!Array.isArray(list)) throw new ResponseShapeError(`unexpected response: "${field}" is not an array`);
  if (!list.every(isItem)) throw new ResponseShapeError(`unexpected response: an element of "${field}" has the wrong type`);
  const token = data.nextPageToken;
  if (token !== undefined && token !== null && typeof token !== 'string') {
    throw new ResponseShapeError('unexpected response: "nextPageToken" is not a string');
  }
}

function parseWebhook(response: HttpResponse): Webhook {
  const data = parseObject(response);
  if (data.id !== undefined && typeof data.id !== 'string') {
    throw new ResponseShapeError('unexpected response: the webhook "id" is not a string');
  }
  return data as unknown as Webhook;
}

/** The identity the contract dedupes transactions on. */
export function transactionKey(tx: Transaction): string | undefined {
  return typeof tx.chainId === 'string' && typeof tx.txHash === 'string' ? `${tx.chainId}:${tx.txHash.toLowerCase()}` : undefined;
}
