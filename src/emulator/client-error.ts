// What a request node:http cannot parse gets: the service's error body with 400, where node would answer a bare
// 400, or a bare 431 for a request line and headers over its limit (a long pageToken is in the request line).
import { maxHeaderSize } from 'node:http';
import type { Duplex } from 'node:stream';
import type { ErrorBody } from '../schema/index.js';

/** The server's 'clientError' listener: answers 400 with an error body, then closes the connection. */
export function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  // Nobody left to answer (the client reset the connection), or an answer already under way on it.
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const message =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? `the request line and headers must be at most ${maxHeaderSize} bytes together (a pageToken is a nextPageToken as returned)`
      : `the request is not valid HTTP/1.1 (${error.code ?? 'malformed'})`;
  const body: ErrorBody = { message, statusCode: 400, error: 'Bad Request' };
  const text = JSON.stringify(body);
  socket.end(
    'HTTP/1.1 400 Bad Request\r\n' +
      'content-type: application/json; charset=utf-8\r\n' +
      `content-length: ${Buffer.byteLength(text)}\r\n` +
      'connection: close\r\n\r\n' +
      text,
  );
}
