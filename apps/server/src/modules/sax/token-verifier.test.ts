import { errorMessages } from '@holgura/contracts';
import {
  SignJWT,
  exportJWK,
  generateKeyPair,
  type CryptoKey,
  type JWK,
  type JWTPayload,
} from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TEST_CLIENT_ID,
  TEST_USER,
  signIn,
  startLocalSax,
  type RunningSax,
} from './sax.test-support';
import { SaxTokenError, createSaxTokenVerifier, type SaxTokenVerifier } from './token-verifier';

const KID = 'holgura-test-key';
let running: RunningSax;
let providerKey: CryptoKey;
let verifier: SaxTokenVerifier;

beforeAll(async () => {
  // Hand the provider a key we also hold, so each bad token below differs from a good one in
  // exactly one respect.
  const pair = await generateKeyPair('RS256', { extractable: true });
  providerKey = pair.privateKey;
  const privateJwk: JWK = {
    ...(await exportJWK(pair.privateKey)),
    kid: KID,
    alg: 'RS256',
    use: 'sig',
  };
  running = await startLocalSax({ keys: [privateJwk] });
  verifier = createSaxTokenVerifier({ issuer: running.issuer, audience: TEST_CLIENT_ID });
});

afterAll(async () => {
  await running.app.close();
});

const now = () => Math.floor(Date.now() / 1000);

async function token(
  overrides: { payload?: JWTPayload; key?: CryptoKey; issuer?: string; audience?: string } = {},
): Promise<string> {
  const claims: JWTPayload = {
    sub: 'subject-1',
    iss: overrides.issuer ?? running.issuer,
    aud: overrides.audience ?? TEST_CLIENT_ID,
    iat: now() - 60,
    exp: now() + 600,
    email: TEST_USER.email,
    given_name: TEST_USER.givenName,
    family_name: TEST_USER.familyName,
    name: 'Ana Prueba',
    ...overrides.payload,
  };
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', kid: KID })
    .sign(overrides.key ?? providerKey);
}

function rejectedBecause(reason: SaxTokenError['reason']) {
  return {
    name: 'SaxTokenError',
    code: 'AUTH_TOKEN_INVALID',
    statusCode: 401,
    reason,
    message: errorMessages.AUTH_TOKEN_INVALID,
  };
}

describe('createSaxTokenVerifier', () => {
  it('accepts an id token from the local provider, fetching its keys through discovery', async () => {
    const { idToken } = await signIn(running);
    await expect(verifier.verify(idToken)).resolves.toMatchObject({ email: TEST_USER.email });
  });

  it('accepts a well-formed token signed with the provider key (control for the cases below)', async () => {
    await expect(verifier.verify(await token())).resolves.toEqual({
      subject: 'subject-1',
      email: TEST_USER.email,
      givenName: TEST_USER.givenName,
      familyName: TEST_USER.familyName,
      name: 'Ana Prueba',
      expiresAt: expect.any(Number) as number,
    });
  });

  it('rejects a token whose signature was tampered with', async () => {
    const { idToken } = await signIn(running);
    const [header, payload, signature = ''] = idToken.split('.');
    const flipped = `${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
    await expect(verifier.verify(`${header}.${payload}.${flipped}`)).rejects.toMatchObject(
      rejectedBecause('signature'),
    );
  });

  it('rejects a token whose claims were changed after signing', async () => {
    const [header, , signature] = (await token()).split('.');
    const forged = Buffer.from(JSON.stringify({ sub: 'someone-else', exp: now() + 600 })).toString(
      'base64url',
    );
    await expect(verifier.verify(`${header}.${forged}.${signature}`)).rejects.toMatchObject(
      rejectedBecause('signature'),
    );
  });

  it('rejects a token signed with another key under the same key id', async () => {
    const { privateKey } = await generateKeyPair('RS256');
    await expect(verifier.verify(await token({ key: privateKey }))).rejects.toMatchObject(
      rejectedBecause('signature'),
    );
  });

  it('rejects an expired token, beyond the 30 s clock tolerance', async () => {
    const expired = await token({ payload: { iat: now() - 7200, exp: now() - 120 } });
    await expect(verifier.verify(expired)).rejects.toMatchObject(rejectedBecause('expired'));
    const justExpired = await token({ payload: { exp: now() - 10 } });
    await expect(verifier.verify(justExpired)).resolves.toMatchObject({ subject: 'subject-1' });
  });

  it('rejects a token for another audience', async () => {
    const other = await token({ audience: 'some-other-app' });
    await expect(verifier.verify(other)).rejects.toMatchObject(rejectedBecause('claim'));
  });

  it('rejects a token from another issuer, even signed with the trusted key', async () => {
    const other = await token({ issuer: 'https://login.example.com/sax' });
    await expect(verifier.verify(other)).rejects.toMatchObject(rejectedBecause('claim'));
  });

  it('rejects unsigned and symmetric tokens and plain garbage', async () => {
    const body = Buffer.from(
      JSON.stringify({
        sub: 's',
        iss: running.issuer,
        aud: TEST_CLIENT_ID,
        iat: now(),
        exp: now() + 60,
      }),
    ).toString('base64url');
    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${body}.`;
    await expect(verifier.verify(none)).rejects.toMatchObject({ code: 'AUTH_TOKEN_INVALID' });
    const hs256 = await new SignJWT({ sub: 's', email: 'a@b.co' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer(running.issuer)
      .setAudience(TEST_CLIENT_ID)
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode(TEST_CLIENT_ID.padEnd(32, '!')));
    await expect(verifier.verify(hs256)).rejects.toMatchObject(rejectedBecause('signature'));
    await expect(verifier.verify('not-a-token')).rejects.toMatchObject(
      rejectedBecause('malformed'),
    );
  });

  it('rejects a token without any email address, which a profile needs', async () => {
    const noEmail = await token({ payload: { email: undefined } });
    await expect(verifier.verify(noEmail)).rejects.toMatchObject(rejectedBecause('missing-email'));
  });

  it('reads the address from `emails` as Azure AD B2C sends it', async () => {
    const b2c = await token({ payload: { email: undefined, emails: ['b2c@operador.example'] } });
    await expect(verifier.verify(b2c)).resolves.toMatchObject({ email: 'b2c@operador.example' });
  });

  it('verifies against a given JWKS URI or in-process keys without discovery', async () => {
    const byUri = createSaxTokenVerifier({
      issuer: running.issuer,
      audience: TEST_CLIENT_ID,
      jwksUri: `${running.issuer}/jwks`,
    });
    await expect(byUri.verify(await token())).resolves.toMatchObject({ subject: 'subject-1' });
    const inProcess = createSaxTokenVerifier({
      issuer: running.issuer,
      audience: TEST_CLIENT_ID,
      jwks: running.sax.publicJwks,
    });
    await expect(inProcess.verify(await token())).resolves.toMatchObject({ subject: 'subject-1' });
    expect(running.sax.publicJwks.keys.every((key) => key.d === undefined)).toBe(true);
  });

  it('refuses every token, without leaking why, while the provider cannot be reached', async () => {
    const unreachable = createSaxTokenVerifier({
      issuer: 'http://127.0.0.1:9/sax',
      audience: TEST_CLIENT_ID,
    });
    const error = await unreachable.verify(await token()).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SaxTokenError);
    expect(error).toMatchObject(rejectedBecause('keys-unavailable'));
  });
});
