/**
 * oidc-client-ts makes the PKCE challenge with `crypto.subtle.digest('SHA-256', …)`, and
 * browsers offer `crypto.subtle` only in secure contexts: HTTPS, localhost, 127.0.0.1. A page
 * opened over plain HTTP at the machine's network address (PUBLIC_URL unset, issue #29) has
 * none, and SAX sign-in failed before the popup showed its form.
 *
 * For the length of `run`, such a page gets a `crypto.subtle` that knows only SHA-256 digests
 * (@noble/hashes, loaded only then); with a real one, nothing changes. The challenge is a hash
 * of a random verifier sent over the same plain HTTP as everything else on that page: the
 * software hash gives up nothing WebCrypto's would have kept.
 */
export async function withSha256Digest<T>(run: () => Promise<T>): Promise<T> {
  const { crypto } = globalThis;
  if ((crypto as Partial<Crypto>).subtle !== undefined) return run();
  const { sha256 } = await import('@noble/hashes/sha2.js');
  const digest = (algorithm: AlgorithmIdentifier, data: BufferSource): Promise<ArrayBuffer> => {
    const name = typeof algorithm === 'string' ? algorithm : algorithm.name;
    if (name.toUpperCase() !== 'SHA-256') {
      return Promise.reject(new DOMException(`${name} no está disponible`, 'NotSupportedError'));
    }
    const bytes = ArrayBuffer.isView(data)
      ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength)
      : new Uint8Array(data);
    return Promise.resolve(sha256(bytes).slice().buffer);
  };
  Object.defineProperty(crypto, 'subtle', { value: { digest }, configurable: true });
  try {
    return await run();
  } finally {
    Reflect.deleteProperty(crypto, 'subtle');
  }
}
