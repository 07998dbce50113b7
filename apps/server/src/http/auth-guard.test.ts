import { describe, expect, it } from 'vitest';
import { profileSchema } from '@holgura/contracts';
import { buildTestApp } from '../app.test-support';
import type { SaxVerifier } from './auth-guard';

/** A SAX provider stand-in: knows token → expiry, refuses expired or unknown tokens, counts. */
function fakeSax() {
  const expiries = new Map<string, number>();
  let verifications = 0;
  const verifier: SaxVerifier = {
    verify(token) {
      verifications += 1;
      const expiresAt = expiries.get(token);
      if (expiresAt === undefined || expiresAt <= Date.now()) {
        return Promise.reject(new Error('token refused'));
      }
      return Promise.resolve({
        subject: `sujeto-${token}`,
        email: `${token}@xm.com.co`,
        givenName: 'Ana',
        familyName: 'Prueba',
        expiresAt,
      });
    },
  };
  return {
    verifier,
    issue: (token: string, lifetimeMs: number) => expiries.set(token, Date.now() + lifetimeMs),
    verifications: () => verifications,
  };
}

/** An app that trusts the stand-in provider, and a profile read with one of its tokens. */
async function appWithSaxToken(token: string, lifetimeMs: number) {
  const sax = fakeSax();
  const { server } = await buildTestApp({}, { saxVerifier: sax.verifier });
  sax.issue(token, lifetimeMs);
  const read = () =>
    server.inject({ url: '/api/profile', headers: { authorization: `Bearer ${token}` } });
  return { sax, read };
}

describe('auth guard', () => {
  it('checks a SAX token and its profile once, then trusts it for a few seconds', async () => {
    const { sax, read } = await appWithSaxToken('larga', 3_600_000);

    const first = await read();
    expect(first.statusCode, first.body).toBe(200);
    expect(profileSchema.parse(first.json())).toMatchObject({ accountKind: 'sax' });
    for (let i = 0; i < 5; i++) expect((await read()).statusCode).toBe(200);
    expect(sax.verifications()).toBe(1);
  });

  it('never trusts a remembered token past its expiry', async () => {
    const { sax, read } = await appWithSaxToken('corta', 300);

    expect((await read()).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 400));
    const expired = await read();
    expect(expired.statusCode).toBe(401);
    expect(sax.verifications()).toBe(2);
  });
});
