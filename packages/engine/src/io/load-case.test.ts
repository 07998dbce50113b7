import { describe, expect, it } from 'vitest';
import { loadCase } from './load-case';

const bytes = (s: string): Uint8Array => new TextEncoder().encode(s);

describe('loadCase', () => {
  it('reads a MATPOWER case from bytes and reports its format', () => {
    const c = loadCase(
      bytes(`mpc.baseMVA = 100;
mpc.bus = [ 1 3 0 0 0 0 1 1 0 230 1 1.1 0.9; ];
mpc.gen = [ 1 0 0 0 0 1 100 1 100 0; ];
mpc.branch = [];`),
    );
    expect(c).toMatchObject({ format: 'matpower', revision: 2, compressed: false });
    expect(c.network.buses.count).toBe(1);
    expect(c.network.branches.count).toBe(0);
  });

  it('refuses xz-compressed and PSS/E input with stable codes', () => {
    expect(() => loadCase(Uint8Array.from([0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00, 9]))).toThrow(
      expect.objectContaining({ code: 'INPUT_COMPRESSED_UNSUPPORTED' }),
    );
    expect(() => loadCase(bytes('0, 100.0, 33, 0, 1, 60.0'))).toThrow(
      expect.objectContaining({ code: 'INPUT_FORMAT_UNSUPPORTED' }),
    );
  });
});
