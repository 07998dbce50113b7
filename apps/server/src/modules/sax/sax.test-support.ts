import { createHash, randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { createServer, type LookupFunction } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import type { JWK } from 'jose';
import { TEST_SAX_PASSWORD } from '../../app.test-support';
import { LOCAL_SAX_TEST_USER, registerLocalSax, type LocalSaxProvider } from './local-provider';

export const TEST_CLIENT_ID = 'holgura-web-test';
/** The local test user with the password the test config sets (SAX_TEST_PASSWORD). */
export const TEST_USER = { ...LOCAL_SAX_TEST_USER, password: TEST_SAX_PASSWORD };

export interface RunningSax {
  app: FastifyInstance;
  sax: LocalSaxProvider;
  /** The address the test's requests use. */
  publicUrl: string;
  /** The issuer a sign-in at `publicUrl` gets. */
  issuer: string;
}

/** The issuer must name the port before the server exists, so find a free one first. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * A real Fastify server on 127.0.0.1 with the local provider mounted, as the app will do: its
 * issuer fixed to http://127.0.0.1:PORT (PUBLIC_URL set), or with `perOrigin` one per address
 * the requests name (PUBLIC_URL unset), at most `maxOrigins` at once.
 */
export async function startLocalSax(
  jwks?: { keys: JWK[] },
  options: { perOrigin?: boolean; maxOrigins?: number } = {},
): Promise<RunningSax> {
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  const app = Fastify({ logger: false });
  const sax = await registerLocalSax(app, {
    publicUrl: options.perOrigin === true ? null : publicUrl,
    clientId: TEST_CLIENT_ID,
    seedUser: TEST_USER,
    cookieKeys: ['test-cookie-key-0123456789abcdef'],
    ...(jwks === undefined ? {} : { jwks }),
    ...(options.maxOrigins === undefined ? {} : { maxOrigins: options.maxOrigins }),
  });
  await app.listen({ port, host: '127.0.0.1' });
  return { app, sax, publicUrl, issuer: sax.issuerFor(publicUrl) };
}

/** The same running server, reached at another address (e.g. `http://localhost:PORT`). */
export function reachedAt(running: RunningSax, publicUrl: string): RunningSax {
  return { ...running, publicUrl, issuer: running.sax.issuerFor(publicUrl) };
}

interface StoredCookie {
  value: string;
  path: string;
}

type LookupCallback = (
  error: Error | null,
  address: string | { address: string; family: number }[],
  family?: number,
) => void;

/** Answers that may carry no body (the Response constructor refuses one for them). */
const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

/**
 * fetch, but any host name connects to 127.0.0.1, where the test servers listen: a request to
 * `http://holgura.lan:PORT/…` reaches the server with that Host, as from a machine whose DNS
 * names it so (Node's fetch ignores a Host header). Never follows redirects.
 */
export function fetchAt(url: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  const body = typeof init.body === 'string' ? init.body : undefined;
  if (init.body !== undefined && init.body !== null && body === undefined) {
    throw new Error('fetchAt sends string bodies only');
  }
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      url,
      {
        method: init.method ?? 'GET',
        headers: Object.fromEntries(headers),
        // Node asks for every address (`all`) when it may try several families.
        lookup: ((_hostname: string, options: { all?: boolean }, callback: LookupCallback) => {
          if (options.all === true) callback(null, [{ address: '127.0.0.1', family: 4 }]);
          else callback(null, '127.0.0.1', 4);
        }) as unknown as LookupFunction,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const answer = new Headers();
          for (const [name, value] of Object.entries(response.headers)) {
            for (const one of Array.isArray(value) ? value : [value ?? ''])
              answer.append(name, one);
          }
          const status = response.statusCode ?? 500;
          resolve(
            new Response(NULL_BODY_STATUSES.has(status) ? null : Buffer.concat(chunks), {
              status,
              headers: answer,
            }),
          );
        });
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/** Just enough of a browser's cookie store: names, paths, and deletion by expiry. */
export class CookieJar {
  readonly #cookies = new Map<string, StoredCookie>();

  store(response: Response): void {
    for (const header of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = header.split(';').map((part) => part.trim());
      const separator = pair.indexOf('=');
      const name = pair.slice(0, separator);
      const value = pair.slice(separator + 1);
      let path = '/';
      let expired = value === '';
      for (const attribute of attributes) {
        const [key = '', attributeValue = ''] = attribute.split('=');
        if (key.toLowerCase() === 'path') path = attributeValue;
        if (key.toLowerCase() === 'expires' && Date.parse(attributeValue) <= Date.now())
          expired = true;
        if (key.toLowerCase() === 'max-age' && Number(attributeValue) <= 0) expired = true;
      }
      const key = `${name};${path}`;
      if (expired) this.#cookies.delete(key);
      else this.#cookies.set(key, { value, path });
    }
  }

  headerFor(url: string): string {
    const { pathname } = new URL(url);
    return [...this.#cookies]
      .filter(([, cookie]) => pathname.startsWith(cookie.path))
      .map(([key, cookie]) => `${key.slice(0, key.indexOf(';'))}=${cookie.value}`)
      .join('; ');
  }
}

/** A browser tab: keeps cookies, never follows redirects on its own so tests can see each hop. */
export class Browser {
  readonly jar = new CookieJar();

  async request(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    const cookie = this.jar.headerFor(url);
    if (cookie !== '') headers.set('cookie', cookie);
    const response = await fetchAt(url, { ...init, headers });
    this.jar.store(response);
    return response;
  }

  /** Follows redirects until one goes to `stopAt` (the client's redirect URI) or a page shows. */
  async navigate(url: string, stopAt: string, init: RequestInit = {}) {
    let response = await this.request(url, init);
    let current = url;
    for (let hop = 0; hop < 10; hop += 1) {
      const location = response.headers.get('location');
      if (response.status < 300 || response.status >= 400 || location === null) break;
      current = new URL(location, current).href;
      if (current.split(/[?#]/)[0] === stopAt)
        return { kind: 'redirect' as const, url: new URL(current) };
      await response.body?.cancel();
      response = await this.request(current);
    }
    return {
      kind: 'page' as const,
      url: current,
      status: response.status,
      html: await response.text(),
    };
  }
}

export interface Pkce {
  verifier: string;
  challenge: string;
}

export function makePkce(): Pkce {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export function authorizationUrl(
  running: RunningSax,
  pkce: Pkce | undefined,
  extra: Record<string, string> = {},
): string {
  const url = new URL(`${running.issuer}/auth`);
  const params: Record<string, string> = {
    client_id: TEST_CLIENT_ID,
    redirect_uri: `${running.publicUrl}/`,
    response_type: 'code',
    scope: 'openid profile User.Read',
    state: randomBytes(8).toString('hex'),
    nonce: randomBytes(8).toString('hex'),
    prompt: 'login',
    ui_locales: 'es',
    // The operator's hosted login policy (docs/product.md §6): passed along, ignored by the local provider.
    p: 'B2C_1_holgura_signin',
    ...(pkce === undefined
      ? {}
      : { code_challenge: pkce.challenge, code_challenge_method: 'S256' }),
    ...extra,
  };
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url.href;
}

/** The login form's action, as a browser would read it from the page. */
export function formAction(html: string, pageUrl: string, index = 0): string {
  const actions = [...html.matchAll(/<form[^>]*action="([^"]+)"/g)].map((match) => match[1]);
  const action = actions[index];
  if (action === undefined) throw new Error(`no form #${index} on the page:\n${html}`);
  return new URL(action.replaceAll('&amp;', '&'), pageUrl).href;
}

export function formPost(fields: Record<string, string>): RequestInit {
  return {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  };
}

export async function exchangeCode(
  running: RunningSax,
  code: string,
  codeVerifier: string,
  redirectUri = `${running.publicUrl}/`,
): Promise<Response> {
  return fetchAt(`${running.issuer}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: running.publicUrl },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      code_verifier: codeVerifier,
      redirect_uri: redirectUri,
      client_id: TEST_CLIENT_ID,
    }).toString(),
  });
}

/** The whole popup sign-in: authorize, log in as the seed user, trade the code for tokens. */
export async function signIn(
  running: RunningSax,
  browser = new Browser(),
  password = TEST_USER.password,
): Promise<{ idToken: string; browser: Browser }> {
  const pkce = makePkce();
  const stopAt = `${running.publicUrl}/`;
  const login = await browser.navigate(authorizationUrl(running, pkce), stopAt);
  if (login.kind !== 'page') throw new Error('expected the login page');
  const done = await browser.navigate(
    formAction(login.html, login.url),
    stopAt,
    formPost({ username: TEST_USER.username, password }),
  );
  if (done.kind !== 'redirect') throw new Error(`expected a redirect with a code:\n${done.html}`);
  const code = done.url.searchParams.get('code');
  if (code === null) throw new Error(`no code in ${done.url.href}`);
  const response = await exchangeCode(running, code, pkce.verifier);
  const body = (await response.json()) as { id_token?: string };
  if (body.id_token === undefined) throw new Error(`no id_token: ${JSON.stringify(body)}`);
  return { idToken: body.id_token, browser };
}
