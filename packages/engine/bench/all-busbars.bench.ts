// `npx tsx packages/engine/bench/all-busbars.bench.ts --case case_ACTIVSg10k [--reps 3]`: the
// N-1 capacity of every bus (allBusbarCapacities, both figures) against the DC N-1 screening of
// the same case in the same process, as `holgura n1` runs it (model + screen), alternated `reps`
// times; medians of wall and CPU time (CPU of every thread of the process), their ratios, and
// the peak RSS. One case per process, so the peak is that case's. Prints; asserts nothing.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { screenN1 } from '../src/contingency/n1';
import { readMatpower } from '../src/io/matpower/read-matpower';
import { buildDcModel } from '../src/powerflow/dcpf';
import type { AllBusbarResult } from '../src/transfer/all-busbars';
import { allBusbarCapacities } from '../src/transfer/all-busbars';

const REF = resolve(dirname(fileURLToPath(import.meta.url)), '../../../../shared/reference');

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

function main(): void {
  const name = arg('case') ?? 'case_ACTIVSg2000';
  const reps = Number(arg('reps') ?? 3);
  const file = [
    resolve(REF, 'cases', `${name}.m`),
    resolve(REF, 'unscored/cases', `${name}.m`),
  ].find(existsSync);
  if (!file) {
    console.error(`${name}.m is not in ${REF}: nothing to benchmark`);
    process.exitCode = 1;
    return;
  }
  const net = readMatpower(readFileSync(file, 'utf8')).network;
  const rssBefore = process.memoryUsage().rss;
  const n1: Run<unknown>[] = [];
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
  const stage = (key: keyof AllBusbarResult['timingsMs']): string =>
    `${key} ${median(all.map((x) => x.value.timingsMs[key])).toFixed(0)}`;
  console.log(
    `${name}: all-bus capacity of ${computed} buses ${wall.all.toFixed(3)} s wall ` +
      `(×${(wall.all / wall.n1).toFixed(2)} N-1), ${cpu.all.toFixed(3)} s cpu ` +
      `(×${(cpu.all / cpu.n1).toFixed(2)} N-1); N-1 screening ${wall.n1.toFixed(3)} s wall, ` +
      `${cpu.n1.toFixed(3)} s cpu; medians of ${reps}; peak RSS ${mb(process.resourceUsage().maxRSS * 1024)} ` +
      `(${mb(rssBefore)} with the case read)`,
  );
  console.log(
    `${name}: ${zeros} buses strict at 0 MW; ${last.stats.threads} thread(s); ` +
      `${last.stats.significantPairs} significant and ${last.stats.atLimitPairs} at-limit pairs, ` +
      `${last.stats.candidatePairs} left by the cluster bounds, ${last.stats.evaluatedPairs} ` +
      `exact evaluations, ${last.stats.rowsEvaluated} rows (${last.stats.rowsSolved} solved); ` +
      `ms (summed over threads): ${['stream', 'columns', 'bounds', 'buses', 'total'].map((k) => stage(k as keyof AllBusbarResult['timingsMs'])).join(', ')}`,
  );
}

main();
