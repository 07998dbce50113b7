import { afterEach, describe, expect, it } from 'vitest';
import { withSha256Digest } from './pkce-digest';

const hex = (buffer: ArrayBuffer) => Buffer.from(buffer).toString('hex');
const base64url = (buffer: ArrayBuffer) => Buffer.from(buffer).toString('base64url');

/** A page without WebCrypto: plain HTTP at a network address. */
function withoutSubtle() {
  Object.defineProperty(globalThis.crypto, 'subtle', { value: undefined, configurable: true });
}

afterEach(() => {
  Reflect.deleteProperty(globalThis.crypto, 'subtle');
});

describe('withSha256Digest', () => {
  it('leaves a real crypto.subtle alone', async () => {
    const real = globalThis.crypto.subtle;
    const seen = await withSha256Digest(() => Promise.resolve(globalThis.crypto.subtle));
    expect(seen).toBe(real);
    expect(globalThis.crypto.subtle).toBe(real);
  });

  it('without one, digests SHA-256 as WebCrypto does, for the length of the call only', async () => {
    withoutSubtle();
    const results = await withSha256Digest(async () => {
      const { subtle } = globalThis.crypto;
      const abc = await subtle.digest('SHA-256', new TextEncoder().encode('abc'));
      // A view into a larger buffer hashes only its own bytes.
      const padded = new TextEncoder().encode('xxabcxx');
      const view = await subtle.digest({ name: 'sha-256' }, padded.subarray(2, 5));
      // RFC 7636, appendix B: the verifier and the S256 challenge the provider expects.
      const verifier = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
      const challenge = await subtle.digest('SHA-256', new TextEncoder().encode(verifier));
      const other = await subtle.digest('SHA-1', new Uint8Array(1)).then(
        () => null,
        (error: unknown) => (error as DOMException).name,
      );
      return { abc, view, challenge, other };
    });
    const abc = 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad';
    expect(hex(results.abc)).toBe(abc);
    expect(hex(results.view)).toBe(abc);
    expect(base64url(results.challenge)).toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
    expect(results.other).toBe('NotSupportedError');
    expect(Object.getOwnPropertyDescriptor(globalThis.crypto, 'subtle')).toBeUndefined();
  });

  it('takes the stand-in away when the sign-in fails too', async () => {
    withoutSubtle();
    await expect(
      withSha256Digest(() => Promise.reject(new Error('popup cerrado'))),
    ).rejects.toThrow('popup cerrado');
    expect(Object.getOwnPropertyDescriptor(globalThis.crypto, 'subtle')).toBeUndefined();
  });
});
