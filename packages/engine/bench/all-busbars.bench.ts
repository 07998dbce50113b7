// `npx tsx packages/engine/bench/all-busbars.bench.ts [--case case_ACTIVSg10k] [--rate-scale 0.5]
// [--reps 3]`: the N-1 capacity of every bus (allBusbarCapacities, both figures, as `holgura
// capacity --all` runs it) against the DC N-1 screening of the same case in the same process, as
// `holgura n1` runs it (model + screen), alternated `reps` times; medians of wall and CPU time
// (CPU of every thread of the process), their ratios, and the peak RSS. One case per process, so
// the peak is that case's. Prints; asserts nothing.
//
// --rate-scale multiplies every branch rating (RATE_A, B, C): below 1 the case has many
// pre-existing violations, pairs over their limit at T = 0 (the N-1 screen's overloadedPairs).
// Without --case: the many-violations case of issue #25, case9241pegase with its ratings
// halved (≈ 7.4·10⁶ overloaded pairs).
import { isReferenceFile, readReferenceText, unpackReference } from '@holgura/test-fixtures';
import type { N1Result } from '../src/contingency/n1';
import { screenN1 } from '../src/contingency/n1';
import { readMatpower } from '../src/io/matpower/read-matpower';
import type { Network } from '../src/model/network';
import { buildDcModel } from '../src/powerflow/dcpf';
import type { AllBusbarResult } from '../src/busbar/all/capacities';
import { allBusbarCapacities } from '../src/busbar/all/capacities';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

interface Run<T> {
  readonly wall: number;
  readonly cpu: number;
  readonly value: T;
}

/** Wall and CPU seconds (user + system, all threads): the machine is shared. */
function timed<T>(fn: () => T): Run<T> {
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  const value = fn();
  const c = process.cpuUsage(c0);
  return { wall: (performance.now() - t0) / 1000, cpu: (c.user + c.system) / 1e6, value };
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const mb = (bytes: number): string => `${(bytes / 2 ** 20).toFixed(0)} MB`;

/** The case with every rating multiplied by `scale`. */
function scaledRatings(net: Network, scale: number): Network {
  if (scale === 1) return net;
  const times = (a: Float64Array): Float64Array => a.map((v) => v * scale);
  const { rateAMva, rateBMva, rateCMva } = net.branches;
  return {
    ...net,
    branches: {
      ...net.branches,
      rateAMva: times(rateAMva),
      rateBMva: times(rateBMva),
      rateCMva: times(rateCMva),
    },
  };
}

function main(): void {
  const given = arg('case');
  const name = given ?? 'case9241pegase';
  const scale = Number(arg('rate-scale') ?? (given ? 1 : 0.5));
  const reps = Number(arg('reps') ?? 3);
  const file = [`cases/${name}.m`, `unscored/cases/${name}.m`].find(isReferenceFile);
  if (!file) {
    console.error(`${name}.m is not among the reference fixtures: nothing to benchmark`);
    process.exitCode = 1;
    return;
  }
  const net = scaledRatings(readMatpower(readReferenceText(file)).network, scale);
  const label = scale === 1 ? name : `${name} (ratings ×${scale})`;
  const rssBefore = process.memoryUsage().rss;
  const n1: Run<N1Result>[] = [];
  const all: Run<AllBusbarResult>[] = [];
  for (let r = 0; r < reps; r++) {
    n1.push(timed(() => screenN1(net, {}, buildDcModel(net))));
    all.push(timed(() => allBusbarCapacities(net)));
  }
  const last = all[all.length - 1].value;
  const wall = { n1: median(n1.map((x) => x.wall)), all: median(all.map((x) => x.wall)) };
  const cpu = { n1: median(n1.map((x) => x.cpu)), all: median(all.map((x) => x.cpu)) };
  const computed = last.status.filter((s) => s === 0).length;
  const zeros = last.strict.capacityMw.filter((v) => v === 0).length;
  const overloaded = n1[n1.length - 1].value.overloadedPairs;
  console.log(
    `${label}: ${overloaded} overloaded (monitored, contingency) pairs in the N-1 screen; ` +
      `all-bus capacity of ${computed} buses ${wall.all.toFixed(3)} s wall ` +
      `(×${(wall.all / wall.n1).toFixed(2)} N-1), ${cpu.all.toFixed(3)} s cpu ` +
      `(×${(cpu.all / cpu.n1).toFixed(2)} N-1); N-1 screening ${wall.n1.toFixed(3)} s wall, ` +
      `${cpu.n1.toFixed(3)} s cpu; medians of ${reps}; peak RSS ${mb(process.resourceUsage().maxRSS * 1024)} ` +
      `(${mb(rssBefore)} with the case read)`,
  );
  const stages = (key: 'timingsMs' | 'workMs'): string =>
    Object.keys(last[key])
      .map((k) => {
        const ms = median(all.map((x) => (x.value[key] as unknown as Record<string, number>)[k]));
        return `${k} ${ms.toFixed(0)}`;
      })
      .join(', ');
  console.log(
    `${label}: ${zeros} buses strict at 0 MW; ${last.stats.threads} thread(s); ` +
      `${last.stats.significantPairs} significant and ${last.stats.atLimitPairs} at-limit pairs, ` +
      `${last.stats.candidatePairs} left by the cluster bounds, ${last.stats.evaluatedPairs} ` +
      `exact evaluations, ${last.stats.rowsEvaluated} rows (${last.stats.rowsSolved} solved); ` +
      `wall ms by stage: ${stages('timingsMs')}; summed over threads: ${stages('workMs')}`,
  );
}

await unpackReference();
main();
