import { describe, expect, it } from 'vitest';
import { originOf } from './origins';

describe('originOf', () => {
  it('writes an origin as browsers do: lower-case host, no default port', () => {
    expect(originOf('http', '127.0.0.1:8080')).toBe('http://127.0.0.1:8080');
    expect(originOf('http', 'Holgura.LAN:8080')).toBe('http://holgura.lan:8080');
    expect(originOf('http', 'localhost:80')).toBe('http://localhost');
    expect(originOf('https', 'holgura.operador.co:443')).toBe('https://holgura.operador.co');
    expect(originOf('http', '[::1]:8080')).toBe('http://[::1]:8080');
  });

  it('makes none of a Host that carries more than a host, or of another scheme', () => {
    for (const host of [
      'u@holgura.lan',
      'holgura.lan/sax',
      'holgura.lan?x',
      'holgura.lan#x',
      'a\\b',
      '',
    ]) {
      expect(originOf('http', host)).toBeNull();
    }
    expect(originOf('javascript', 'holgura.lan')).toBeNull();
    expect(originOf('ftp', 'holgura.lan')).toBeNull();
  });
});
