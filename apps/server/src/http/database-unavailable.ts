/**
 * Whether an error means the database cannot be reached (an outage the client should retry
 * later, 503) rather than a bug (500). Drivers wrap the socket error differently, so the whole
 * `cause` chain, and the attempts of an AggregateError (one per address of a host), are read.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  const pending: unknown[] = [error];
  while (pending.length > 0) {
    const current = pending.pop();
    if (typeof current !== 'object' || current === null || seen.has(current)) continue;
    seen.add(current);
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && unavailableCode(code)) return true;
    if (
      typeof message === 'string' &&
      UNAVAILABLE_MESSAGES.some((text) => message.includes(text))
    ) {
      return true;
    }
    if (current instanceof AggregateError) pending.push(...(current.errors as unknown[]));
    pending.push((current as { cause?: unknown }).cause);
  }
  return false;
}

/** The socket could not be opened or was lost (node:net). */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * PostgreSQL SQLSTATEs: class 08 (connection exception), the server shutting down or starting
 * (57P01–57P03) and too many connections (53300). SQLite: another process holds the lock past
 * busy_timeout, or the file cannot be opened.
 */
function unavailableCode(code: string): boolean {
  return (
    SOCKET_CODES.has(code) ||
    /^08[0-9A-Z]{3}$/.test(code) ||
    code === '57P01' ||
    code === '57P02' ||
    code === '57P03' ||
    code === '53300' ||
    code === 'SQLITE_BUSY' ||
    code === 'SQLITE_CANTOPEN'
  );
}

/** node-postgres reports a lost or timed-out connection by message only. */
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
];
