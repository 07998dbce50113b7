import { execFileSync } from 'node:child_process';
import { readReference, readReferenceText } from '@holgura/test-fixtures';
import { describe, expect, it } from 'vitest';
import { isEngineError } from '../util/engine-error';
import { loadCase, loadUncompressedCase } from './load-case';

const case9 = readReference('cases/case9.m');

// xz from Debian (xz-utils) makes the fixtures; it is on every machine of this kind.
function xz(bytes: Uint8Array): Buffer {
  return execFileSync('xz', ['-c', '-T1'], { input: bytes });
}

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'no error';
  } catch (error) {
    return isEngineError(error) ? error.code : `not an EngineError: ${String(error)}`;
  }
}

const bytes = (s: string): Uint8Array => new TextEncoder().encode(s);

describe('loadCase', () => {
  it('reads a MATPOWER case from bytes and reports its format', async () => {
    const c = await loadCase(
      bytes(`mpc.baseMVA = 100;
mpc.bus = [ 1 3 0 0 0 0 1 1 0 230 1 1.1 0.9; ];
mpc.gen = [ 1 0 0 0 0 1 100 1 100 0; ];
mpc.branch = [];`),
    );
    expect(c).toMatchObject({ format: 'matpower', revision: 2, compressed: false });
    expect(c.network.buses.count).toBe(1);
    expect(c.network.branches.count).toBe(0);
  });

  it('reads a PSS/E RAW case and refuses a truncated one with a coded error', async () => {
    const raw = readReference('raw/IEEE_14_bus.raw');
    const c = await loadCase(raw);
    expect(c).toMatchObject({ format: 'psse', revision: 32, compressed: false });
    expect(c.network.buses.count).toBe(14);
    const compressed = await loadCase(xz(raw));
    expect(compressed).toMatchObject({ format: 'psse', compressed: true });
    expect(await codeOf(loadCase(raw.subarray(0, Math.floor(raw.length / 3))))).toMatch(
      /^PARSE_RAW_/,
    );
  });

  it("keeps a PSS/E case's area names (the network view labels its regions with them)", async () => {
    const c = await loadCase(readReference('raw/ACTIVSg2000.RAW'));
    expect(c.areaNames?.get(1)).toBe('Far West');
    expect(c.areaNames?.size).toBe(8);
    expect((await loadCase(case9)).areaNames).toBeUndefined();
  });

  it('has a synchronous reader for uncompressed bytes that refuses xz', () => {
    expect(loadUncompressedCase(case9).network.buses.count).toBe(9);
    expect(() => loadUncompressedCase(xz(case9))).toThrow(
      expect.objectContaining({ code: 'INPUT_COMPRESSED_UNSUPPORTED' }),
    );
  });

  it('reads an xz-compressed MATPOWER case exactly like the plain one', async () => {
    const plain = await loadCase(case9);
    const compressed = await loadCase(xz(case9));
    expect(compressed.compressed).toBe(true);
    expect(plain.compressed).toBe(false);
    expect(Array.from(compressed.network.branches.xPu)).toEqual(
      Array.from(plain.network.branches.xPu),
    );
  });

  it('stops a decompression bomb at the cap', async () => {
    const bomb = xz(Buffer.alloc(4 * 1024 * 1024, 0x20));
    expect(bomb.length).toBeLessThan(4096);
    expect(await codeOf(loadCase(bomb, 1024 * 1024))).toBe('INPUT_TOO_LARGE');
  });

  it('reports a truncated or corrupt xz stream with its own code', async () => {
    const packed = xz(case9);
    expect(await codeOf(loadCase(packed.subarray(0, packed.length - 20)))).toBe('INPUT_XZ_CORRUPT');
    const corrupt = Buffer.concat([packed.subarray(0, 12), Buffer.alloc(300, 7)]);
    expect(await codeOf(loadCase(corrupt))).toBe('INPUT_XZ_CORRUPT');
  });

  it('refuses a number too large for a double with the line and field, in either format', async () => {
    const matpower = `mpc.baseMVA = 100;
mpc.bus = [
  1 3 0 0 0 0 1 1 0 230 1 1.1 0.9;
  2 1 1e309 0 0 0 1 1 0 230 1 1.1 0.9;
];
mpc.gen = [ 1 0 0 0 0 1 100 1 100 0; ];
mpc.branch = [ 1 2 0 0.1 0 0 0 0 0 0 1; ];`;
    await expect(loadCase(bytes(matpower))).rejects.toMatchObject({
      code: 'PARSE_MATPOWER_NUMBER_OVERFLOW',
      line: 4,
      field: 'bus.PD',
    });
    const raw = readReferenceText('raw/IEEE_14_bus.raw', 'latin1').split('\n');
    const loadLine = raw.findIndex((line, i) => i > 3 && /^\s*0\s*\/.*END OF BUS/i.test(line)) + 2;
    raw[loadLine - 1] = raw[loadLine - 1]!.replace('21.700', '1D309');
    await expect(loadCase(bytes(raw.join('\n')))).rejects.toMatchObject({
      code: 'PARSE_RAW_NUMBER_OVERFLOW',
      line: loadLine,
    });
  });

  it('refuses a case without buses instead of analysing nothing', async () => {
    const empty = `mpc.version = '2';
mpc.baseMVA = 100;
mpc.bus = [];
mpc.gen = [];
mpc.branch = [];`;
    await expect(loadCase(bytes(empty))).rejects.toMatchObject({ code: 'MODEL_NETWORK_EMPTY' });
  });
});
