import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env';

describe('loadConfig', () => {
  it('uses the embedded defaults when nothing is set', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8080);
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.webDistDir).toMatch(/apps[/\\]web[/\\]dist$/);
  });

  it('reads PORT and DATA_DIR from the environment', () => {
    const config = loadConfig({ PORT: '9191', DATA_DIR: '/tmp/holgura-x' });
    expect(config.port).toBe(9191);
    expect(config.dataDir).toBe('/tmp/holgura-x');
  });

  it('rejects an invalid PORT with a readable Spanish message', () => {
    expect(() => loadConfig({ PORT: 'ocho' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT debe estar entre 0 y 65535/);
  });
});
