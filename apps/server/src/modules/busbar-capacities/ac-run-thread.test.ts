import { describe, expect, it } from 'vitest';
import { readReference } from '@holgura/test-fixtures';
import { DEFAULT_ANALYSIS_OPTIONS } from '@holgura/contracts';
import {
  acVerifiedCapacityOnSet,
  expandContingencyRules,
  indexOfBus,
  makeBusLookup,
} from '@holgura/engine';
import { caseOf, verifyBuses } from './ac-run-compute';
import { verifySlice, type AcRunMessage } from './ac-run-thread';
import { capacityRunOptions } from './busbar-capacities';

/**
 * One slice of the all-bus AC verification (issue #31) on two threads: the same figures as one
 * thread alone, the progress counted over both, and the helper's buses done here when it dies.
 */
const ieee14 = new Uint8Array(readReference('raw/IEEE_14_bus.raw'));
const buses = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14];

const message = (overrides: Partial<AcRunMessage> = {}): AcRunMessage => ({
  type: 'ac-capacity-run',
  jobId: 'j',
  attempt: 1,
  key: 'ieee14',
  bytes: ieee14,
  options: capacityRunOptions({ ...DEFAULT_ANALYSIS_OPTIONS }),
  figure: 'attributable',
  buses,
  done: 6,
  total: 20,
  ...overrides,
});

describe('a slice of the all-bus AC verification (issue #31)', () => {
  it('verifies on two threads what one thread verifies, counting both in the progress', async () => {
    const read = await caseOf(message());
    const alone = verifyBuses(read, message(), () => undefined);
    const reports: [number, string][] = [];
    const outcome = await verifySlice(message(), (percent, stage) =>
      reports.push([percent, stage]),
    );
    if (!outcome.ok) throw new Error(outcome.detail);
    expect(outcome.threads).toBe(2);
    const byBus = new Map(outcome.results.map((r) => [r.busNumber, r.capacity]));
    expect(byBus.size).toBe(alone.length);
    for (const one of alone) {
      const two = byBus.get(one.busNumber)!;
      expect(two.dcMw).toBe(one.capacity.dcMw);
      expect(Math.abs(two.acMw - one.capacity.acMw)).toBeLessThanOrEqual(0.1);
      expect(two.limitingVariable).toBe(one.capacity.limitingVariable);
    }
    // The last report: every bus of the slice after the 6 stored before.
    expect(reports.at(-1)).toEqual([99, 'ac-capacities:20/20']);
  }, 60_000);

  it('does the helper’s buses itself when the helper cannot start', async () => {
    const broken = new URL('../../jobs/test-fixtures/broken-worker.ts', import.meta.url);
    const outcome = await verifySlice(message(), () => undefined, broken);
    if (!outcome.ok) throw new Error(outcome.detail);
    expect(outcome.threads).toBe(1);
    expect(new Set(outcome.results.map((r) => r.busNumber))).toEqual(new Set(buses));
  }, 60_000);

  it('verifies a figure computed on the case’s contingencies on that set (issue #30)', async () => {
    const rules = { singleBranches: true, parallelCircuits: false, units: true };
    const options = {
      ...capacityRunOptions({ ...DEFAULT_ANALYSIS_OPTIONS }),
      contingencySet: {
        fileName: 'Reglas: cada rama y cada unidad',
        format: 'rules' as const,
        content: JSON.stringify(rules),
      },
    };
    const few = [2, 5, 9, 14];
    const outcome = await verifySlice(message({ options, buses: few }), () => undefined);
    if (!outcome.ok) throw new Error(outcome.detail);
    expect(outcome.threads).toBe(2);
    const read = await caseOf(message());
    const set = expandContingencyRules(read.loaded.network, rules);
    const lookup = makeBusLookup(read.loaded.network.buses.number);
    for (const result of outcome.results) {
      const alone = acVerifiedCapacityOnSet(
        read.loaded.network,
        indexOfBus(lookup, result.busNumber),
        set.contingencies,
        {
          capMw: options.capMw,
          postRating: options.postRating,
          preExisting: 'ignore',
          distributionFactorCutoff: options.distributionFactorCutoff!,
          slack: options.slack!,
          pickup: 'headroom',
        },
      );
      expect(result.capacity.dcMw).toBe(alone.dcMw);
      expect(Math.abs(result.capacity.acMw - alone.acMw)).toBeLessThanOrEqual(0.1);
    }
    expect(outcome.results.map((r) => r.busNumber).sort((a, b) => a - b)).toEqual(few);
  }, 60_000);

  it('answers a case the engine refuses with its code', async () => {
    const outcome = await verifySlice(
      message({ key: 'broken', bytes: new TextEncoder().encode('no es un caso') }),
      () => undefined,
    );
    expect(outcome.ok).toBe(false);
  });
});
