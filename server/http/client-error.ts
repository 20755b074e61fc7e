import type { EventEmitter } from 'node:events';
import type { Duplex } from 'node:stream';
import { text } from './errors';

const answers: Record<string, { status: number; reason: string; message: string }> = {
  HPE_HEADER_OVERFLOW: {
    status: 431,
    reason: 'Request Header Fields Too Large',
    message: 'Les en-têtes de la requête sont trop volumineux.',
  },
  HPE_CHUNK_EXTENSIONS_OVERFLOW: { status: 413, reason: 'Payload Too Large', message: text.tooLarge },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, reason: 'Request Timeout', message: 'La requête a mis trop de temps à arriver.' },
};
const malformed = { status: 400, reason: 'Bad Request', message: 'La requête est mal formée.' };

/**
 * What Node answers itself, before the app sees a request it cannot parse (a chunked body that also has a
 * Content-Length, a bad chunk, headers too large), in the API's error shape and in French rather than
 * Node's bare status line with an empty body. Same statuses as Node's own; the connection then closes,
 * since its bytes can no longer be trusted.
 */
export function answerClientErrors(server: EventEmitter) {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    const inFlight = (socket as { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (error.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent) {
      socket.destroy();
      return;
    }
    const answer = answers[error.code ?? ''] ?? malformed;
    const body = JSON.stringify({ message: answer.message, http_code: answer.status });
    socket.end(
      `HTTP/1.1 ${answer.status} ${answer.reason}\r\n` +
        'Content-Type: application/json; charset=UTF-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'X-Content-Type-Options: nosniff\r\n' +
        'Connection: close\r\n\r\n' +
        body,
    );
  });
}
