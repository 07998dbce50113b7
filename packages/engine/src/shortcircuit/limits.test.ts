import { readReferenceText } from '@holgura/test-fixtures';
import { describe, expect, it } from 'vitest';
import { readMatpower } from '../io/matpower/read-matpower';
import { readBreakerRatings, shortCircuitLimits } from './limits';
import { shortCircuitStrength } from './scc';

const net = readMatpower(readReferenceText('cases/case118.m')).network;
const scc = shortCircuitStrength(net, { xdPu: 0.2 });
const kv = net.buses.baseKv;

describe('shortCircuitLimits', () => {
  it('weak grid: at scrMw the SCR with the N-1 minimum is SCR_min', () => {
    for (let bus = 0; bus < net.buses.count; bus += 7) {
      for (const scrMin of [1.5, 3, 5]) {
        const { scrMw } = shortCircuitLimits(scc, kv, bus, { scrMin });
        expect(scc.sccMinMva[bus]! / scrMw).toBeCloseTo(scrMin, 12);
      }
    }
  });

  it('breaker duty: at breakerMw the fault current with the plant is the rating, 1 % more passes it', () => {
    const bus = 10;
    const before = scc.faultCurrentKa[bus]!;
    const breakerKa = new Float64Array(net.buses.count).fill(Number.NaN);
    breakerKa[bus] = before + 2;
    const sqrt3kv = Math.sqrt(3) * kv[bus]!;
    const inverter = shortCircuitLimits(scc, kv, bus, { breakerKa, inverterCurrentPu: 1.2 });
    const after = (mw: number) => before + (1.2 * mw) / sqrt3kv;
    expect(after(inverter.breakerMw!)).toBeCloseTo(breakerKa[bus]!, 12);
    expect(after(inverter.breakerMw! * 1.01)).toBeGreaterThan(breakerKa[bus]!);
    const synchronous = shortCircuitLimits(scc, kv, bus, {
      breakerKa,
      technology: 'synchronous',
      plantXdPu: 0.25,
    });
    expect(before + (1.1 * synchronous.breakerMw!) / (0.25 * sqrt3kv)).toBeCloseTo(
      breakerKa[bus]!,
      12,
    );
    // A synchronous plant adds more current per MW: it gets less.
    expect(synchronous.breakerMw!).toBeLessThan(inverter.breakerMw!);
    breakerKa[bus] = before - 0.1;
    expect(shortCircuitLimits(scc, kv, bus, { breakerKa })).toMatchObject({
      breakerMw: 0,
      breakerExceeded: true,
    });
    expect(shortCircuitLimits(scc, kv, bus + 1, { breakerKa }).breakerMw).toBeNull();
  });

  it('reads ratings per bus or per kV, a bus row over its kV, and names bad lines', () => {
    const byKv = readBreakerRatings('kv,ka\n138,40\n345;63\n', net.buses.number, kv);
    expect(byKv.problems).toEqual([]);
    kv.forEach((v, row) => {
      if (v === 138) expect(byKv.ka[row]).toBe(40);
      else if (v === 345) expect(byKv.ka[row]).toBe(63);
      else expect(byKv.ka[row]).toBeNaN();
    });
    const byBus = readBreakerRatings('bus,ka\n1,31.5\n9999,40\n2,x\n', net.buses.number, kv);
    expect(byBus.ka[0]).toBe(31.5);
    expect(byBus.problems).toEqual([
      'line 3: bus 9999 is not in the case',
      'line 4: "2,x" is not a bus and a rating in kA above 0',
    ]);
    expect(readBreakerRatings('barra,ka\n', net.buses.number, kv).problems[0]).toMatch(/^line 1/);
  });
});
