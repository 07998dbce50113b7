import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { apiErrorSchema } from '@holgura/contracts';
import { buildTestApp } from '../app.test-support';

/** Headers every answer carries whatever its route (http/security-headers.ts). */
const SECURITY_HEADERS = [
  'content-security-policy',
  'x-content-type-options',
  'referrer-policy',
  'x-frame-options',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
];

/** One request over a real connection; the raw status line, headers and body. */
function rawRequest(
  port: number,
  path: string,
): Promise<{ status: number; head: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString('utf8')));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', body = ''] = answer.split('\r\n\r\n');
      resolve({ status: Number(/^HTTP\/1\.1 (\d+)/.exec(head)?.[1] ?? 0), head, body });
    });
    socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
  });
}

describe('requests Fastify refuses before routing', () => {
  it('answers a 10,000-character id with 414 in Spanish and the security headers of every answer', async () => {
    const { server } = await buildTestApp();
    const usual = await server.inject({ url: '/api/cases/un-caso-que-no-existe/data' });
    const long = await server.inject({ url: `/api/cases/${'a'.repeat(10_000)}/data` });

    expect(long.statusCode).toBe(414);
    expect(long.headers['content-type']).toMatch(/^application\/json/);
    expect(apiErrorSchema.parse(long.json()).error).toEqual({
      code: 'REQUEST_URI_TOO_LONG',
      message: 'La dirección solicitada es demasiado larga: revisa el enlace.',
    });
    // The 10,000 characters are not echoed back (Fastify's own answer quoted the whole path).
    expect(long.body.length).toBeLessThan(200);
    for (const name of SECURITY_HEADERS) {
      expect(usual.headers[name], name).toBeDefined();
      expect(long.headers[name], name).toBe(usual.headers[name]);
    }
  });

  it('gives a URL that is not valid percent-encoding a Spanish 400 with the same headers', async () => {
    const { server } = await buildTestApp();
    const response = await server.inject({ url: '/api/cases/%E0%A4%A/data' });
    expect(response.statusCode).toBe(400);
    expect(apiErrorSchema.parse(response.json()).error.code).toBe('VALIDATION_FAILED');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('answers over the network too: 414 for a long id, and Node’s 431 for a URL past 16 KB, both with the CSP', async () => {
    const { server } = await buildTestApp();
    await server.listen({ port: 0, host: '127.0.0.1' });
    const { port } = server.server.address() as net.AddressInfo;

    const long = await rawRequest(port, `/api/cases/${'b'.repeat(10_000)}`);
    expect(long.status).toBe(414);
    expect(long.head).toMatch(/^content-security-policy: default-src 'self'/im);
    expect(apiErrorSchema.parse(JSON.parse(long.body)).error.code).toBe('REQUEST_URI_TOO_LONG');

    const huge = await rawRequest(port, `/api/cases/${'c'.repeat(20_000)}`);
    expect(huge.status).toBe(431);
    expect(huge.head).toMatch(/^content-security-policy: default-src 'self'/im);
    expect(huge.head).toMatch(/^x-content-type-options: nosniff/im);
    expect(apiErrorSchema.parse(JSON.parse(huge.body)).error.code).toBe('REQUEST_TOO_LARGE');
  });
});
