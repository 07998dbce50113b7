import type { BaseCaseReport } from '../base/base-case';
import type { Network } from '../model/network';
import { busDisplayName, busIndex } from '../model/network';

/**
 * The base case as results carry it (contracts/src/result/base-case.v1.ts): 1-based generator
 * rows with their bus, the mismatch as a share of the load, and the input checks with their
 * codes and parameters. The CLI prints it and the server stores it; both call this one mapper.
 */
export function baseCaseToV1(net: Network, report: BaseCaseReport) {
  const unit = (k: number) => ({
    generator: k + 1,
    busNumber: net.buses.number[net.generators.bus[k]],
    busName: busDisplayName(net, busIndex(net.generators.bus[k])),
  });
  const load = Math.abs(report.loadMw);
  return {
    slack: report.slack,
    loadMw: report.loadMw,
    generationMw: report.generationMw,
    mismatchMw: report.mismatchMw,
    mismatchPercent: load > 0 ? (100 * Math.abs(report.mismatchMw)) / load : 0,
    participants: report.participants,
    unitsAtLimit: report.unitsAtLimit,
    unabsorbedMw: report.unabsorbedMw,
    largestChanges: report.largestChanges.map((c) => ({
      ...unit(c.generator),
      fromMw: c.fromMw,
      toMw: c.toMw,
    })),
    referenceUnits: report.referenceUnits.map((r) => ({
      ...unit(r.generator),
      fileMw: r.fileMw,
      singleSlackMw: r.singleSlackMw,
    })),
    checks: report.checks.map((c) => ({
      code: c.code,
      affects: [...c.affects],
      message: c.message,
      params: { ...c.params },
    })),
  };
}
export type BaseCaseV1 = ReturnType<typeof baseCaseToV1>;

/** Lines for a table's summary: the base dispatch in one sentence, then one per check. */
export function baseCaseSummary(base: BaseCaseV1): string[] {
  const dispatch =
    base.slack === 'single'
      ? `base dispatch: single slack (MATPOWER rundcpf): the reference units take the file's mismatch of ${base.mismatchMw.toFixed(1)} MW (${base.mismatchPercent.toFixed(2)} % of the load)`
      : `base dispatch: the file's mismatch of ${base.mismatchMw.toFixed(1)} MW (${base.mismatchPercent.toFixed(2)} % of the load) shared by ${base.participants} units in proportion to their output (${base.unitsAtLimit} reached a limit)`;
  return [dispatch, ...base.checks.map((c) => `warning ${c.code}: ${c.message}`)];
}
