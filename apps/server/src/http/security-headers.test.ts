import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../app.test-support';
import { trustworthyOrigin } from './security-headers';

describe('security headers', () => {
  it('sends COOP on loopback and HTTPS only, where the browser applies it', async () => {
    const { server } = await buildTestApp();
    const local = await server.inject({ url: '/api/health', headers: { host: 'localhost:8080' } });
    const byAddress = await server.inject({
      url: '/api/health',
      headers: { host: '192.0.2.2:8080' },
    });
    expect(local.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    expect(byAddress.headers['cross-origin-opener-policy']).toBeUndefined();
    // Everything else is the same at any address.
    expect(byAddress.headers['content-security-policy']).toBe(
      local.headers['content-security-policy'],
    );
    expect(byAddress.headers['x-frame-options']).toBe(local.headers['x-frame-options']);
  });

  it('knows which origins are potentially trustworthy', () => {
    expect(trustworthyOrigin('https', 'holgura.example.co')).toBe(true);
    expect(trustworthyOrigin('http', 'localhost')).toBe(true);
    expect(trustworthyOrigin('http', 'app.localhost')).toBe(true);
    expect(trustworthyOrigin('http', '127.0.0.1')).toBe(true);
    expect(trustworthyOrigin('http', '[::1]')).toBe(true);
    expect(trustworthyOrigin('http', '192.0.2.2')).toBe(false);
    expect(trustworthyOrigin('http', '127.example.co')).toBe(false);
  });
});
