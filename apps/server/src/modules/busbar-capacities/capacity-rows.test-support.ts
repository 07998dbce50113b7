import { expect } from 'vitest';
import {
  busbarCapacityPageResponseSchema,
  busbarCapacityPaths,
  studyFileSchema,
  type BusbarCapacityRow,
  type StudyFileInput,
} from '@holgura/contracts';
import {
  allBusbarCapacities,
  branchDisplayName,
  busDisplayName,
  busIndex,
  loadCase,
  runStudyCase,
  type AllBusbarResult,
  type BusbarFigures,
  type Network,
} from '@holgura/engine';
import { studyCapacityOptions } from '../studies/study-case';
import { studyRunOptions, toStudySpec } from '../studies/study-results';
import type { TestClient } from '../auth/auth.test-support';

/**
 * A study's scenario × year capacities as the API must answer them (study-capacities.test.ts,
 * the demo loader's test): the engine's allBusbarCapacities on the network the study builds.
 */

/** Every row of a case's busbar capacities, read page by page, in file order. */
export async function allRows(client: TestClient, caseId: string) {
  const rows: BusbarCapacityRow[] = [];
  for (let n = 1; ; n++) {
    const response = await client.get(`${busbarCapacityPaths.page(caseId)}?pageSize=10&page=${n}`);
    expect(response.statusCode, response.body).toBe(200);
    const answer = busbarCapacityPageResponseSchema.parse(response.json());
    expect(answer.state).toBe('done');
    rows.push(...answer.rows);
    if (rows.length >= answer.total) {
      return { rows: rows.sort((a, b) => a.position - b.position), answer };
    }
  }
}

function expectedFigure(net: Network, f: BusbarFigures, i: number, computed: boolean) {
  if (!computed) return { capacityMw: null, limiting: null, limitMw: null, limitingVariable: null };
  const monitored = f.monitored[i]!;
  const contingency = f.contingency[i]!;
  return {
    capacityMw: f.capacityMw[i]!,
    // Issue #31: neither verified in AC nor with a weak grid: the DC figure, thermal when a
    // constraint sets it.
    limitMw: f.capacityMw[i]!,
    limitingVariable: monitored < 0 ? null : ('thermal' as const),
    limiting:
      monitored < 0
        ? null
        : {
            monitoredBranch: monitored + 1,
            monitoredName: branchDisplayName(net, monitored),
            contingencyBranch: contingency < 0 ? null : contingency + 1,
            contingencyName: contingency < 0 ? null : branchDisplayName(net, contingency),
            distributionFactor: f.distributionFactor[i]!,
          },
  };
}

export function expectedRow(net: Network, result: AllBusbarResult, i: number): BusbarCapacityRow {
  const b = result.buses[i]!;
  const computed = result.status[i] === 0;
  const worse = computed ? result.worsened.monitored[i]! : -1;
  const contingency = result.worsened.contingency[i]!;
  const strictMw = computed ? result.strict.capacityMw[i]! : null;
  const attributableMw = computed ? result.attributable.capacityMw[i]! : null;
  return {
    position: i,
    bus: net.buses.number[b]!,
    name: busDisplayName(net, busIndex(b)),
    baseKv: net.buses.baseKv[b]!,
    area: net.buses.area[b]!,
    zone: net.buses.zone[b]!,
    inTransferIsland: computed,
    attributable: expectedFigure(net, result.attributable, i, computed),
    strict: expectedFigure(net, result.strict, i, computed),
    preExistingLimit: strictMw !== null && attributableMw !== null && strictMw < attributableMw,
    worsened:
      worse < 0
        ? null
        : {
            monitoredBranch: worse + 1,
            monitoredName: branchDisplayName(net, worse),
            contingencyBranch: contingency < 0 ? null : contingency + 1,
            contingencyName: contingency < 0 ? null : branchDisplayName(net, contingency),
            distributionFactor: result.worsened.distributionFactor[i]!,
          },
    weakGridMw: null,
  };
}

/** The engine on the scenario × year network the study builds from `bytes`, every bus. */
export async function engineRows(
  bytes: Uint8Array,
  study: StudyFileInput,
  scenarioName: string,
  year: number,
) {
  const parsed = studyFileSchema.parse(study);
  const { network: base } = await loadCase(bytes);
  const spec = toStudySpec(parsed);
  const scenario = spec.scenarios.find((s) => s.name === scenarioName)!;
  const built = runStudyCase(base, spec, scenario, year, studyRunOptions(parsed));
  const result = allBusbarCapacities(built.network, {
    ...studyCapacityOptions(parsed),
    threads: 1,
  });
  return Array.from({ length: result.buses.length }, (_, i) =>
    expectedRow(built.network, result, i),
  );
}
