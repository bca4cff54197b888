import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { errorBody } from './errors.js';

/**
 * What Fastify refuses before any route or hook runs (a path whose percent-encoding does not
 * decode): the error envelope, like every other refusal, and no echo of the path.
 */
export function frameworkErrors(_err: Error, _req: FastifyRequest, reply: FastifyReply): void {
  void reply.status(400).send(errorBody('bad_request', 'the URL is not valid'));
}

/**
 * What Node's HTTP parser refuses before Fastify sees a request (a head over its 16 KB, bytes that
 * are not HTTP, a client too slow to send its head): the error envelope on the raw socket, which
 * is then closed, as Node and Fastify do by default.
 */
export function clientErrorHandler(err: Error & { code?: string }, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'the request head is larger than 16 KB']
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'the request was not received in time']
        : [400, 'the request is not valid HTTP'];
  const body = JSON.stringify(errorBody('bad_request', message));
  if (socket.writable)
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  socket.destroy(err);
}
