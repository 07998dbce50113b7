import { gunzipSync, gzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { acceptsGzip, sendStoredJson, type StoredJson } from './stored-json';

describe('acceptsGzip', () => {
  it.each([
    [undefined, false],
    ['', false],
    ['identity', false],
    ['gzip', true],
    ['gzip, deflate, br, zstd', true],
    ['br;q=1.0, gzip;q=0.8, *;q=0.1', true],
    ['GZIP', true],
    ['x-gzip', true],
    ['*', true],
    ['gzip;q=0', false],
    ['*, gzip;q=0', false],
    ['gzip;q=0, *', false],
    ['br, *;q=0', false],
    ['gzip;q=abc', false],
  ])('%j → %s', (header, expected) => {
    expect(acceptsGzip(header)).toBe(expected);
  });
});

describe('sendStoredJson', () => {
  const json = '{"caseId":"c","valor":"ñ"}';
  const stored: StoredJson = { etag: 'abc123', gzip: gzipSync(json), json };

  async function serve(answer: StoredJson) {
    const app = Fastify();
    app.get('/x', (request, reply) => sendStoredJson(request, reply, answer));
    await app.ready();
    return app;
  }

  it('sends the stored gzip bytes to a client that takes gzip, the text to one that does not', async () => {
    const app = await serve(stored);
    const zipped = await app.inject({ url: '/x', headers: { 'accept-encoding': 'gzip, br' } });
    expect(zipped.statusCode).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(gunzipSync(zipped.rawPayload).toString('utf8')).toBe(json);

    const plain = await app.inject({ url: '/x' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(json);
    for (const response of [zipped, plain]) {
      expect(response.headers.etag).toBe('W/"abc123"');
      expect(response.headers['cache-control']).toBe('private, no-cache');
      expect(response.headers.vary).toContain('Accept-Encoding');
    }
  });

  it('answers 304 with no body when the client already holds this version', async () => {
    const app = await serve(stored);
    for (const tag of ['W/"abc123"', '"abc123"', '"otro", W/"abc123"', '*']) {
      const response = await app.inject({ url: '/x', headers: { 'if-none-match': tag } });
      expect(response.statusCode, tag).toBe(304);
      expect(response.body).toBe('');
      expect(response.headers.etag).toBe('W/"abc123"');
    }
    const changed = await app.inject({ url: '/x', headers: { 'if-none-match': 'W/"viejo"' } });
    expect(changed.statusCode).toBe(200);
    expect(changed.body).toBe(json);
  });

  it('sends the text when only the text is at hand, whatever the client takes', async () => {
    const app = await serve({ etag: 'e', gzip: null, json });
    const response = await app.inject({ url: '/x', headers: { 'accept-encoding': 'gzip' } });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe(json);
  });
});
