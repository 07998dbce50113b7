import { request as httpRequest } from 'node:http';
import { SignJWT, decodeJwt, exportJWK, generateKeyPair, type CryptoKey, type JWK } from 'jose';
import { afterEach, describe, expect, it } from 'vitest';
import {
  Browser,
  TEST_CLIENT_ID,
  TEST_USER,
  authorizationUrl,
  exchangeCode,
  fetchAt,
  formAction,
  formPost,
  makePkce,
  reachedAt,
  signIn,
  startLocalSax,
  type RunningSax,
} from './sax.test-support';
import { SaxTokenError, createSaxTokenVerifier } from './token-verifier';

/** Without PUBLIC_URL (issue #29): each address the server is reached at has its own issuer. */
const started: RunningSax[] = [];

async function start(options: { maxOrigins?: number; jwks?: { keys: JWK[] } } = {}) {
  const running = await startLocalSax(options.jwks, {
    perOrigin: true,
    ...(options.maxOrigins === undefined ? {} : { maxOrigins: options.maxOrigins }),
  });
  started.push(running);
  return running;
}

afterEach(async () => {
  await Promise.all(started.splice(0).map((running) => running.app.close()));
});

/** The same server under another name (fetchAt connects every name to 127.0.0.1). */
function at(running: RunningSax, hostname: string): RunningSax {
  return reachedAt(running, `http://${hostname}:${new URL(running.publicUrl).port}`);
}

async function discovery(running: RunningSax): Promise<Record<string, unknown>> {
  const response = await fetchAt(`${running.publicUrl}/sax/.well-known/openid-configuration`);
  expect(response.status).toBe(200);
  return (await response.json()) as Record<string, unknown>;
}

/** The local verifier as sax-setup.ts builds it without PUBLIC_URL. */
function perOriginVerifier(running: RunningSax) {
  return createSaxTokenVerifier({
    issuer: (origin) => (origin === null ? null : running.sax.issuerFor(origin)),
    audience: TEST_CLIENT_ID,
    jwks: running.sax.publicJwks,
  });
}

async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(SaxTokenError);
  return (error as SaxTokenError).reason;
}

describe('local SAX provider without PUBLIC_URL', () => {
  it("names the address each request reached as issuer and in every endpoint, and nothing else's", async () => {
    const running = await start();
    expect(running.sax.issuer).toBeNull();
    for (const reached of [running, at(running, 'localhost'), at(running, 'holgura.lan')]) {
      const metadata = await discovery(reached);
      expect(metadata).toMatchObject({
        issuer: `${reached.publicUrl}/sax`,
        authorization_endpoint: `${reached.publicUrl}/sax/auth`,
        token_endpoint: `${reached.publicUrl}/sax/token`,
        jwks_uri: `${reached.publicUrl}/sax/jwks`,
        end_session_endpoint: `${reached.publicUrl}/sax/session/end`,
      });
    }
    // Host names are compared as browsers write origins: lower case.
    const upper = reachedAt(running, running.publicUrl.replace('127.0.0.1', 'HOLGURA.LAN'));
    expect((await discovery(upper)).issuer).toBe(`${at(running, 'holgura.lan').publicUrl}/sax`);
    expect(running.sax.origins()).toEqual([
      running.publicUrl,
      at(running, 'localhost').publicUrl,
      at(running, 'holgura.lan').publicUrl,
    ]);
  });

  it('signs in at two addresses, each token minted by and accepted at its own address only', async () => {
    const running = await start();
    const lan = at(running, 'holgura.lan');
    const verifier = perOriginVerifier(running);

    const fromLoopback = (await signIn(running)).idToken;
    const fromLan = (await signIn(lan)).idToken;
    expect(decodeJwt(fromLoopback).iss).toBe(`${running.publicUrl}/sax`);
    expect(decodeJwt(fromLan).iss).toBe(`${lan.publicUrl}/sax`);

    expect((await verifier.verify(fromLoopback, running.publicUrl)).email).toBe(TEST_USER.email);
    expect((await verifier.verify(fromLan, lan.publicUrl)).email).toBe(TEST_USER.email);
    // Presented at another address, or where the address is unknown: another issuer's token.
    expect(await refusal(verifier.verify(fromLoopback, lan.publicUrl))).toBe('claim');
    expect(await refusal(verifier.verify(fromLan, running.publicUrl))).toBe('claim');
    expect(await refusal(verifier.verify(fromLan, null))).toBe('claim');
    expect(await refusal(verifier.verify(fromLan))).toBe('claim');
  });

  it("refuses a foreign issuer: another signer at this address's issuer, or this server's keys naming an issuer it never is", async () => {
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    const ownKey: JWK = { ...(await exportJWK(privateKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
    const running = await start({ jwks: { keys: [ownKey] } });
    const verifier = perOriginVerifier(running);
    const now = Math.floor(Date.now() / 1000);
    const token = (issuer: string, key: CryptoKey = privateKey) =>
      new SignJWT({ email: TEST_USER.email, given_name: 'Ana', family_name: 'Prueba' })
        .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
        .setSubject('s')
        .setIssuer(issuer)
        .setAudience(TEST_CLIENT_ID)
        .setIssuedAt(now - 10)
        .setExpirationTime(now + 600)
        .sign(key);

    // The control: our key, the address's issuer.
    expect((await verifier.verify(await token(running.issuer), running.publicUrl)).subject).toBe(
      's',
    );
    const stranger = await generateKeyPair('RS256');
    expect(
      await refusal(
        verifier.verify(await token(running.issuer, stranger.privateKey), running.publicUrl),
      ),
    ).toBe('signature');
    for (const foreign of [
      'http://evil.example/sax',
      `${running.publicUrl}/otro`,
      `${running.publicUrl}/sax/`,
      `https://${new URL(running.publicUrl).host}/sax`,
    ]) {
      expect(await refusal(verifier.verify(await token(foreign), running.publicUrl))).toBe('claim');
    }
  });

  it('keeps at most maxOrigins providers, dropping the least recently used, and a dropped one works again', async () => {
    const running = await start({ maxOrigins: 3 });
    const names = ['a.lan', 'b.lan', 'c.lan', 'd.lan', 'e.lan'];
    for (const name of names) await discovery(at(running, name));
    expect(running.sax.origins()).toEqual(
      names.slice(2).map((name) => at(running, name).publicUrl),
    );

    // A stream of forged Host headers: the bound holds.
    for (let index = 0; index < 40; index += 1) await discovery(at(running, `x${index}.evil`));
    expect(running.sax.origins()).toHaveLength(3);

    // A used address moves to the back of the line.
    const kept = at(running, 'holgura.lan');
    await discovery(kept);
    await discovery(at(running, 'f.lan'));
    await discovery(kept);
    await discovery(at(running, 'g.lan'));
    await discovery(at(running, 'h.lan'));
    expect(running.sax.origins()).toEqual([
      kept.publicUrl,
      at(running, 'g.lan').publicUrl,
      at(running, 'h.lan').publicUrl,
    ]);

    // a.lan was dropped long ago: asked again, it is made again and signs in.
    const { idToken } = await signIn(at(running, 'a.lan'));
    expect(decodeJwt(idToken).iss).toBe(`${at(running, 'a.lan').publicUrl}/sax`);
  });

  it('finishes a sign-in whose address was dropped from the bound while the user typed', async () => {
    const running = await start({ maxOrigins: 2 });
    const lan = at(running, 'holgura.lan');
    const browser = new Browser();
    const pkce = makePkce();
    const stopAt = `${lan.publicUrl}/`;
    const login = await browser.navigate(authorizationUrl(lan, pkce), stopAt);
    if (login.kind !== 'page') throw new Error('expected the login page');

    for (const name of ['a.lan', 'b.lan', 'c.lan']) await discovery(at(running, name));
    expect(running.sax.origins()).not.toContain(lan.publicUrl);

    const done = await browser.navigate(
      formAction(login.html, login.url),
      stopAt,
      formPost({ username: TEST_USER.username, password: TEST_USER.password }),
    );
    if (done.kind !== 'redirect') throw new Error(`expected a redirect with a code:\n${done.html}`);
    const response = await exchangeCode(
      lan,
      done.url.searchParams.get('code') ?? '',
      pkce.verifier,
    );
    expect(response.status).toBe(200);
    const { id_token: idToken } = (await response.json()) as { id_token: string };
    expect(decodeJwt(idToken).iss).toBe(`${lan.publicUrl}/sax`);
  });

  it('keeps each address to itself: a code issued at one is no good at another', async () => {
    const running = await start();
    const lan = at(running, 'holgura.lan');
    const browser = new Browser();
    const pkce = makePkce();
    const stopAt = `${running.publicUrl}/`;
    const login = await browser.navigate(authorizationUrl(running, pkce), stopAt);
    if (login.kind !== 'page') throw new Error('expected the login page');
    const done = await browser.navigate(
      formAction(login.html, login.url),
      stopAt,
      formPost({ username: TEST_USER.username, password: TEST_USER.password }),
    );
    if (done.kind !== 'redirect') throw new Error(`expected a redirect with a code:\n${done.html}`);
    const code = done.url.searchParams.get('code') ?? '';
    const redeemedElsewhere = await exchangeCode(lan, code, pkce.verifier, stopAt);
    expect(redeemedElsewhere.status).toBe(400);
    expect(await redeemedElsewhere.json()).toMatchObject({ error: 'invalid_grant' });
    expect((await exchangeCode(running, code, pkce.verifier)).status).toBe(200);
  });

  it("sends the browser back only to the address's own pages and lets only its own origin read tokens", async () => {
    const running = await start();
    const lan = at(running, 'holgura.lan');
    const browser = new Browser();
    // Asked at holgura.lan to return to 127.0.0.1: not a redirect URI of that address.
    const elsewhere = await browser.navigate(
      authorizationUrl(lan, makePkce(), { redirect_uri: `${running.publicUrl}/` }),
      `${running.publicUrl}/`,
    );
    expect(elsewhere.kind).toBe('page');
    if (elsewhere.kind === 'page') {
      expect(elsewhere.status).toBe(400);
      expect(elsewhere.html).toContain('La solicitud de inicio de sesión no es válida');
    }

    const cors = async (origin: string) =>
      (
        await fetchAt(`${lan.issuer}/token`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
          body: new URLSearchParams({
            grant_type: 'authorization_code',
            code: 'unknown',
            code_verifier: makePkce().verifier,
            redirect_uri: `${lan.publicUrl}/`,
            client_id: TEST_CLIENT_ID,
          }).toString(),
        })
      ).headers.get('access-control-allow-origin');
    expect(await cors(lan.publicUrl)).toBe(lan.publicUrl);
    expect(await cors(running.publicUrl)).toBeNull();
  });

  it('answers a Host that makes no origin with a Spanish error page, and makes no provider for it', async () => {
    const running = await start();
    const port = Number(new URL(running.publicUrl).port);
    const send = (path: string, host: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const request = httpRequest(
          { host: '127.0.0.1', port, path, headers: { host } },
          (response) => {
            let body = '';
            response.setEncoding('utf8');
            response.on('data', (chunk: string) => (body += chunk));
            response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
          },
        );
        request.on('error', reject);
        request.end();
      });
    for (const path of ['/sax/.well-known/openid-configuration', '/sax/interaction/abc']) {
      for (const host of [`u@holgura.lan:${port}`, `holgura.lan:${port}/otra`]) {
        const answer = await send(path, host);
        expect(answer.status).toBe(400);
        expect(answer.body).toContain('La dirección con la que se abrió esta página no es válida.');
      }
    }
    expect(running.sax.origins()).toEqual([]);
  });
});

describe('local SAX provider with PUBLIC_URL', () => {
  it('keeps its one issuer whatever address a request names', async () => {
    const running = await startLocalSax();
    started.push(running);
    expect(running.sax.issuer).toBe(`${running.publicUrl}/sax`);
    const metadata = await discovery(at(running, 'holgura.lan'));
    expect(metadata.issuer).toBe(`${running.publicUrl}/sax`);
    expect(running.sax.issuerFor(at(running, 'holgura.lan').publicUrl)).toBe(
      `${running.publicUrl}/sax`,
    );
    expect(running.sax.origins()).toEqual([running.publicUrl]);
  });
});
