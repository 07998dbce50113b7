import type { ErrorCode } from '@holgura/contracts';
import { AUTH_BASE_PATH } from '@holgura/contracts/first-load-paths';
import { es } from '../strings/es';

/** Anything that validates like a zod schema: the shared contracts are zod schemas. */
export type Parser<T> = {
  safeParse: (data: unknown) => { success: true; data: T } | { success: false };
};

/** Codes the client adds to the API's own for failures that never reached a valid answer. */
export type ClientErrorCode = ErrorCode | 'NETWORK_ERROR' | 'INVALID_RESPONSE' | 'HTTP_ERROR';

/** An API failure with a stable code and the Spanish message the UI may show as is. */
export class ApiClientError extends Error {
  readonly code: ClientErrorCode;
  readonly status: number | null;
  /** The error answer as sent, for envelopes with more than the message (a study's problems). */
  readonly body: unknown;

  constructor(code: ClientErrorCode, message: string, status: number | null, body?: unknown) {
    super(message);
    this.name = 'ApiClientError';
    this.code = code;
    this.status = status;
    this.body = body;
  }
}

type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  /**
   * Sent as is: a file upload (`headers` should name its Content-Type), or a multipart form
   * (the browser writes its Content-Type with the boundary).
   */
  rawBody?: Blob | FormData;
  headers?: Record<string, string>;
  signal?: AbortSignal;
};

/** Gives the bearer token for API calls, or null to rely on the session cookie. */
export type AccessTokenSource = () => Promise<string | null>;

let accessTokenSource: AccessTokenSource | null = null;

/** The auth provider registers how API calls are authorised (SAX id token or access token). */
export function setAccessTokenSource(source: AccessTokenSource | null): void {
  accessTokenSource = source;
}

/** The bearer header for an API call, or none (cookie); file downloads use it as well. */
export async function authorizationHeader(path: string): Promise<Record<string, string>> {
  // better-auth's own routes authenticate by cookie; the bearer is for the rest of the API.
  if (accessTokenSource === null || path.startsWith(`${AUTH_BASE_PATH}/`)) return {};
  try {
    const token = await accessTokenSource();
    return token === null ? {} : { Authorization: `Bearer ${token}` };
  } catch {
    return {};
  }
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * The one way the web app talks to the API: JSON in, JSON out, the answer validated with the
 * shared zod schema. Errors carry the API's code and Spanish message when it sent one.
 */
export async function apiRequest<T>(
  path: string,
  schema: Parser<T>,
  { method = 'GET', body, rawBody, headers = {}, signal }: RequestOptions = {},
): Promise<T> {
  let response: Response;
  try {
    const auth = await authorizationHeader(path);
    response = await fetch(path, {
      method,
      signal,
      credentials: 'same-origin',
      headers: {
        Accept: 'application/json',
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...auth,
        ...headers,
      },
      body: rawBody ?? (body === undefined ? undefined : JSON.stringify(body)),
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiClientError('NETWORK_ERROR', es.errors.network, null);
  }

  const payload = await readJson(response);

  if (!response.ok) {
    // The envelope's schema (and zod) load only when an answer fails: not with the first paint.
    const { apiErrorSchema } = await import('./api-error-schema');
    const parsed = apiErrorSchema.safeParse(payload);
    if (parsed.success) {
      throw new ApiClientError(
        parsed.data.error.code,
        parsed.data.error.message,
        response.status,
        payload,
      );
    }
    throw new ApiClientError('HTTP_ERROR', es.errors.http(response.status), response.status);
  }

  const parsed = schema.safeParse(payload);
  if (!parsed.success) {
    throw new ApiClientError('INVALID_RESPONSE', es.errors.invalidResponse, response.status);
  }
  return parsed.data;
}

export const api = {
  get: <T>(path: string, schema: Parser<T>, signal?: AbortSignal) =>
    apiRequest(path, schema, { signal }),
  put: <T>(path: string, schema: Parser<T>, body: unknown) =>
    apiRequest(path, schema, { method: 'PUT', body }),
};
