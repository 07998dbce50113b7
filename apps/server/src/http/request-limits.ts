import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { apiError, type ErrorCode } from '@holgura/contracts';
import { frameworkErrors } from './framework-errors';
import { securityHeadersOf } from './security-headers';

/**
 * How long a request may take to arrive whole, headers and body (issue #16: a half-sent body
 * used to hold its connection open indefinitely). Node checks open connections every
 * `connectionsCheckingInterval`, so a slow request is cut between `timeoutMs` and about 1.1 ×
 * `timeoutMs`. Answer: 408 with the Spanish message, then the connection closes.
 *
 * With them, the other answers to requests refused before any route sees them: what Node
 * refuses (`clientErrorHandler`) and what Fastify refuses before routing (`frameworkErrors`:
 * a URL too long, issue #26), all in our envelope with the security headers.
 */
export function requestTimeoutOptions(timeoutMs: number): {
  requestTimeout: number;
  http: http.ServerOptions;
  clientErrorHandler: (this: FastifyInstance, error: Error, socket: Socket) => void;
  frameworkErrors: typeof frameworkErrors;
} {
  const checkEveryMs = Math.min(30_000, Math.max(100, Math.round(timeoutMs / 10)));
  return {
    requestTimeout: timeoutMs,
    http: {
      requestTimeout: timeoutMs,
      headersTimeout: Math.min(60_000, timeoutMs),
      connectionsCheckingInterval: checkEveryMs,
    },
    clientErrorHandler,
    frameworkErrors,
  };
}

/** Fastify's default, with our error envelope and Spanish text (the body is UTF-8). */
function clientErrorHandler(this: FastifyInstance, error: Error, socket: Socket): void {
  const { code: nodeCode } = error as { code?: string };
  if (nodeCode === 'ECONNRESET' || socket.destroyed) return;
  const [status, code]: [number, ErrorCode] =
    nodeCode === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'REQUEST_TIMEOUT']
      : nodeCode === 'HPE_HEADER_OVERFLOW'
        ? [431, 'REQUEST_TOO_LARGE']
        : [400, 'VALIDATION_FAILED'];
  this.log.debug({ err: error }, 'client error');
  if (socket.writable) {
    const body = JSON.stringify(apiError(code));
    const security = securityHeadersOf(this)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nConnection: close\r\n` +
        `Content-Type: application/json; charset=utf-8\r\n${security}` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/** How long an early reply waits for more of the body it refused before closing (no bytes). */
export const LINGER_IDLE_MS = 1_000;
/** How long an early reply reads the rest of a refused body at most, however steadily it comes. */
export const LINGER_TOTAL_MS = 30_000;

/**
 * A reply sent before the request's body was read (sign-in missing, a limit reached, the
 * database away) must still reach the client. Closing the connection at once resets it while
 * the client is still sending, and the client then sees a network failure instead of the
 * Spanish answer (fetch: «other side closed», CI 2026-12-06, an upload during an outage). So the
 * rest of the body is read and discarded, never held, as nginx's lingering close does: for as
 * long as it keeps coming (a pause of `LINGER_IDLE_MS` or `LINGER_TOTAL_MS` in all ends it) and
 * up to the route's body limit. A Content-Length already over the limit closes at once: there is
 * nothing to wait for.
 */
export function registerUnreadBodyGuard(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const raw = request.raw;
    const { headers } = raw;
    const hasBody =
      headers['transfer-encoding'] !== undefined ||
      (headers['content-length'] !== undefined && headers['content-length'] !== '0');
    if (!hasBody || raw.complete || raw.readableEnded) return payload;
    const limit = request.routeOptions.bodyLimit ?? app.initialConfig.bodyLimit ?? 1024 * 1024;
    const declared = Number(headers['content-length'] ?? Number.NaN);
    if (declared > limit) void reply.header('connection', 'close');
    else drainBriefly(raw, limit);
    return payload;
  });
}

/** Reads and discards what is left of `raw`'s body, then closes its connection if it is not whole. */
function drainBriefly(raw: http.IncomingMessage, maxBytes: number): void {
  let received = 0;
  let idle: NodeJS.Timeout | undefined;
  const stop = () => {
    settle();
    raw.socket?.destroy();
  };
  const settle = () => {
    clearTimeout(idle);
    clearTimeout(total);
    raw.off('data', onData);
  };
  const waitForMore = () => {
    clearTimeout(idle);
    idle = setTimeout(stop, LINGER_IDLE_MS);
  };
  const onData = (chunk: Buffer) => {
    received += chunk.byteLength;
    if (received > maxBytes) stop();
    else waitForMore();
  };
  const total = setTimeout(stop, LINGER_TOTAL_MS);
  raw.on('data', onData);
  raw.once('end', settle);
  raw.once('close', settle);
  waitForMore();
}

/** TRUST_PROXY as Fastify takes it: a hop count becomes proxy-addr's "trust the first n hops". */
export function trustProxyOption(
  trust: boolean | number | string[],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}

/** Deeper JSON than any request of Holgura's needs: 10,000 levels used to end in a 500. */
export const MAX_JSON_DEPTH = 64;

/** Whether a JSON text nests objects and arrays deeper than `max` (strings skipped). */
export function jsonDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

/**
 * JSON bodies through Fastify's own parser (prototype-poisoning checks included), after a
 * depth check: too deep is 400 REQUEST_TOO_DEEP rather than a stack overflow somewhere later.
 */
export function registerJsonDepthLimit(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (jsonDeeperThan(text, MAX_JSON_DEPTH)) {
      done(Object.assign(new Error('JSON too deep'), { statusCode: 400, code: 'JSON_TOO_DEEP' }));
      return;
    }
    parse(request, text, done);
  });
}
