import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env';

describe('loadConfig', () => {
  it('uses the embedded defaults when nothing is set', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8080);
    expect(config.publicUrl).toBe('http://localhost:8080');
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.databaseUrl).toBeNull();
    expect(config.webDistDir).toMatch(/apps[/\\]web[/\\]dist$/);
    expect(config.demoDir).toBe(fileURLToPath(new URL('../../../../demo', import.meta.url)));
    expect(loadConfig({ DEMO_DATA: 'off' }).demoDir).toBeNull();
    expect(config.sax).toEqual({
      issuer: null,
      clientId: 'holgura-web',
      policy: null,
      testPassword: null,
    });
    expect(config.smtpUrl).toBeNull();
    expect(config.workers).toBeGreaterThanOrEqual(1);
  });

  it('reads every setting from the environment', () => {
    const config = loadConfig({
      PORT: '9191',
      DATA_DIR: '/tmp/holgura-x',
      PUBLIC_URL: 'https://holgura.ejemplo.co/',
      DATABASE_URL: 'postgres://localhost/holgura',
      SAX_ISSUER: 'https://login.ejemplo.co/tenant/v2.0',
      SAX_CLIENT_ID: 'abc',
      SAX_POLICY: 'B2C_1_signin',
      SMTP_URL: 'smtp://localhost:25',
      WORKERS: '3',
    });
    expect(config.port).toBe(9191);
    expect(config.dataDir).toBe('/tmp/holgura-x');
    expect(config.publicUrl).toBe('https://holgura.ejemplo.co');
    expect(config.databaseUrl).toBe('postgres://localhost/holgura');
    expect(config.sax).toEqual({
      issuer: 'https://login.ejemplo.co/tenant/v2.0',
      clientId: 'abc',
      policy: 'B2C_1_signin',
      testPassword: null,
    });
    expect(config.smtpUrl).toBe('smtp://localhost:25');
    expect(config.workers).toBe(3);
  });

  it('takes the support address from SUPPORT_EMAIL, soporte@holgura.co by default', () => {
    expect(loadConfig({}).supportEmail).toBe('soporte@holgura.co');
    expect(loadConfig({ SUPPORT_EMAIL: ' ayuda@operador.co ' }).supportEmail).toBe(
      'ayuda@operador.co',
    );
    expect(loadConfig({ SUPPORT_EMAIL: '' }).supportEmail).toBe('soporte@holgura.co');
    expect(() => loadConfig({ SUPPORT_EMAIL: 'soporte' })).toThrow(
      /SUPPORT_EMAIL: SUPPORT_EMAIL debe ser una dirección de correo/,
    );
  });

  it('reads the request timeout, the per-user limits, the proxies and the extra origins', () => {
    const defaults = loadConfig({});
    expect(defaults.bodyTimeoutMs).toBe(60_000);
    expect(defaults.limits).toEqual({
      uploadsPerMinute: 10,
      activeJobs: 3,
      storageBytes: 500 * 1024 * 1024,
    });
    expect(defaults.trustProxy).toBe(false);
    expect(defaults.allowedOrigins).toEqual([]);
    const config = loadConfig({
      BODY_TIMEOUT_SECONDS: '30',
      USER_UPLOADS_PER_MINUTE: '4',
      USER_ACTIVE_JOBS: '2',
      USER_STORAGE_MB: '100',
      TRUST_PROXY: '10.0.0.0/8, 127.0.0.1, ::1',
      ALLOWED_ORIGINS: 'http://holgura-01:8080, https://holgura.interna.co/',
      SAX_TEST_PASSWORD: 'una-clave-larga',
    });
    expect(config.bodyTimeoutMs).toBe(30_000);
    expect(config.limits).toEqual({
      uploadsPerMinute: 4,
      activeJobs: 2,
      storageBytes: 100 * 1024 * 1024,
    });
    expect(config.trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1', '::1']);
    expect(config.allowedOrigins).toEqual(['http://holgura-01:8080', 'https://holgura.interna.co']);
    expect(config.sax.testPassword).toBe('una-clave-larga');
    expect(loadConfig({ TRUST_PROXY: 'on' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
  });

  it('names the variable when a limit, a proxy, an origin or the SAX test password is invalid', () => {
    for (const [env, message] of [
      [{ BODY_TIMEOUT_SECONDS: '0' }, /BODY_TIMEOUT_SECONDS debe ser al menos 1/],
      [{ USER_UPLOADS_PER_MINUTE: 'muchas' }, /USER_UPLOADS_PER_MINUTE debe ser un número/],
      [{ USER_ACTIVE_JOBS: '1.5' }, /USER_ACTIVE_JOBS debe ser un entero/],
      [{ USER_STORAGE_MB: '-1' }, /USER_STORAGE_MB debe ser al menos 1/],
      [{ TRUST_PROXY: 'balanceador' }, /TRUST_PROXY debe ser off, on, .*«balanceador»/],
      [{ TRUST_PROXY: '10.0.0.0/33' }, /TRUST_PROXY .*«10.0.0.0\/33»/],
      [{ ALLOWED_ORIGINS: 'holgura-01:8080' }, /ALLOWED_ORIGINS debe ser una lista de orígenes/],
      [{ ALLOWED_ORIGINS: 'https://x.co/ruta' }, /ALLOWED_ORIGINS .*«https:\/\/x.co\/ruta»/],
      [{ SAX_TEST_PASSWORD: 'corta' }, /SAX_TEST_PASSWORD debe tener al menos 8 caracteres/],
    ] as const) {
      expect(() => loadConfig(env), JSON.stringify(env)).toThrow(message);
    }
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', SMTP_URL: ' ' }).databaseUrl).toBeNull();
  });

  it('rejects bad values with readable Spanish messages naming the variable', () => {
    expect(() => loadConfig({ PORT: 'ocho' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT: PORT debe estar entre 0 y 65535/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ PUBLIC_URL: 'holgura' })).toThrow(/PUBLIC_URL debe ser una URL/);
    expect(() => loadConfig({ WORKERS: '0' })).toThrow(/WORKERS: 0/);
    expect(loadConfig({ WORKERS: '0', DATABASE_URL: 'postgres://x/y' }).workers).toBe(0);
    expect(() => loadConfig({ SAX_ISSUER: 'https://x.co' })).toThrow(/SAX_CLIENT_ID/);
  });
});
