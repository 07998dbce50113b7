import { describe, expect, it } from 'vitest';
import { sniffFormat } from './sniff';

const bytes = (s: string): Uint8Array => new TextEncoder().encode(s);

describe('format sniffing', () => {
  it('recognises MATPOWER by its function header or mpc fields', () => {
    expect(sniffFormat(bytes('function mpc = case9\nmpc.baseMVA = 100;')).format).toBe('matpower');
    expect(sniffFormat(bytes('% header\n  mpc.bus = [\n1 3];')).format).toBe('matpower');
  });

  it('reports xz-compressed input by its magic bytes', () => {
    const xz = Uint8Array.from([0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00, 0, 4]);
    expect(sniffFormat(xz).format).toBe('xz');
  });

  it('takes any other text as PSS/E RAW', () => {
    expect(sniffFormat(bytes('0,   100.00, 33, 0, 1, 60.00 / PSS(R)E-33')).format).toBe('psse');
  });

  it('rejects empty input with INPUT_EMPTY', () => {
    expect(() => sniffFormat(new Uint8Array(0))).toThrow(
      expect.objectContaining({ code: 'INPUT_EMPTY' }),
    );
    expect(() => sniffFormat(bytes('  \n\t'))).toThrow(
      expect.objectContaining({ code: 'INPUT_EMPTY' }),
    );
  });
});
