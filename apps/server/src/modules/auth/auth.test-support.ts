import { createHmac } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';

/** A minimal browser for in-process tests: keeps cookies between requests. */
export class TestClient {
  private readonly cookies = new Map<string, string>();

  constructor(
    private readonly server: FastifyInstance,
    readonly ip = '127.0.0.1',
  ) {}

  /** The Cookie header this client sends. */
  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async request(options: {
    method: 'GET' | 'POST' | 'PUT' | 'DELETE';
    url: string;
    body?: unknown;
    headers?: Record<string, string>;
  }) {
    const cookie = this.cookieHeader();
    const injectOptions: InjectOptions = {
      method: options.method,
      url: options.url,
      remoteAddress: this.ip,
      headers: {
        origin: 'http://localhost:8080',
        ...(cookie === '' ? {} : { cookie }),
        ...options.headers,
      },
      ...(options.body === undefined ? {} : { payload: options.body as InjectOptions['payload'] }),
    };
    const response = await this.server.inject(injectOptions);
    const setCookie = response.headers['set-cookie'];
    for (const line of Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []) {
      const [pair = '', ...attributes] = line.split(';');
      const [name = '', ...rest] = pair.split('=');
      const value = rest.join('=');
      const expired = attributes.some((a) => /max-age=0/i.test(a.trim())) || value === '';
      if (expired) this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value);
    }
    return response;
  }

  get(url: string, headers?: Record<string, string>) {
    return this.request({ method: 'GET', url, ...(headers ? { headers } : {}) });
  }

  post(url: string, body: unknown = {}, headers?: Record<string, string>) {
    return this.request({ method: 'POST', url, body, ...(headers ? { headers } : {}) });
  }

  put(url: string, body: unknown) {
    return this.request({ method: 'PUT', url, body });
  }

  hasCookies(): boolean {
    return this.cookies.size > 0;
  }

  clearCookies(): void {
    this.cookies.clear();
  }
}

/** RFC 6238 TOTP (SHA-1, 6 digits, 30 s) from a base32 secret, as authenticator apps compute it. */
export function totp(base32Secret: string, at: number = Date.now()): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of base32Secret.replace(/=+$/, '').toUpperCase()) {
    const index = alphabet.indexOf(char);
    if (index < 0) throw new Error(`not base32: ${char}`);
    bits += index.toString(2).padStart(5, '0');
  }
  const key = Buffer.alloc(Math.floor(bits.length / 8));
  for (let i = 0; i < key.length; i++) key[i] = parseInt(bits.slice(i * 8, i * 8 + 8), 2);
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 1000 / 30)));
  const hmac = createHmac('sha1', key).update(counter).digest();
  const offset = hmac[hmac.length - 1]! & 0xf;
  const code = (hmac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return code.toString().padStart(6, '0');
}

export const newAccount = (suffix: string) => ({
  firstName: ' Ana ',
  lastName: 'Gómez',
  company: 'XM S.A. E.S.P.',
  email: `ana.${suffix}@ejemplo.co`,
  password: 'contraseña-segura-1',
  name: 'Ana Gómez',
});
