// `npx tsx packages/engine/bench/transfer.bench.ts [--cases a,b] [--busbars all|N]`: per
// reference case, the time of the flexibility analysis (5 levels, default study group and sink)
// and of busbar capacity (every bus, or N buses spread over the case), each with its ratio to
// the DC N-1 screening of the same case. Prints; asserts nothing.
import { asReferenceFile, readReferenceText, unpackReference } from '@holgura/test-fixtures';
import { screenN1 } from '../src/contingency/n1';
import { readMatpower } from '../src/io/matpower/read-matpower';
import { buildDcModel } from '../src/powerflow/dcpf';
import { busbarCapacity } from '../src/busbar/capacity';
import { analyseFlexibility } from '../src/flexibility/analyse';

const DEFAULT_CASES = ['case118', 'case_ACTIVSg2000', 'case_ACTIVSg10k'];

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

/** Wall and CPU (user) seconds: the machine is shared, so CPU time is the steadier figure. */
function seconds<T>(fn: () => T): { s: number; cpu: number; value: T } {
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  const value = fn();
  return { s: (performance.now() - t0) / 1000, cpu: process.cpuUsage(c0).user / 1e6, value };
}

const both = (t: { s: number; cpu: number }): string =>
  `${t.s.toFixed(3)} s (cpu ${t.cpu.toFixed(3)} s)`;

function main(): void {
  const cases = arg('cases')?.split(',') ?? DEFAULT_CASES;
  const busbars = arg('busbars') ?? 'all';
  for (const name of cases) {
    const net = readMatpower(readReferenceText(asReferenceFile(`cases/${name}.m`))).network;
    const model = buildDcModel(net);
    const n1 = seconds(() => screenN1(net, {}, model));
    const flex = seconds(() => analyseFlexibility(net, { levels: 5 }, model));
    const f = flex.value;
    console.log(
      `${name}: N-1 screening ${both(n1)}; flexibility ${both(flex)} ` +
        `(×${(flex.cpu / n1.cpu).toFixed(2)} N-1 cpu): Tmax ${f.tmaxMw.toFixed(1)} MW, FCITC ` +
        `${f.fcitcMw.toFixed(3)} MW, ${f.constraints.length} constraints kept ` +
        `(${f.extra.constraintsOmitted} omitted), timings ${JSON.stringify(f.extra.timingsMs)}`,
    );
    const nb = net.buses.count;
    const count = busbars === 'all' ? nb : Math.min(nb, Number(busbars));
    const buses = Array.from({ length: count }, (_, i) => Math.floor((i * nb) / count));
    const bb = seconds(() => busbarCapacity(net, { buses }, model));
    const r = bb.value;
    const caps = r.results.map((x) => x.capacityMw).sort((a, b) => a - b);
    const inexact = r.results.filter((x) => !x.exact).length;
    console.log(
      `${name}: busbar capacity of ${r.results.length} buses ${both(bb)} ` +
        `(×${(bb.cpu / n1.cpu).toFixed(2)} N-1 cpu): median ${caps[caps.length >> 1]?.toFixed(2)} MW, ` +
        `${caps.filter((c) => c === 0).length} at 0 MW, ${caps.filter((c) => c === r.capMw).length} ` +
        `at the cap, ${inexact} not exact; ${r.candidatePairs} pairs kept, ${r.scannedPairs} ` +
        `scanned; timings ${JSON.stringify(r.timingsMs)}`,
    );
    // maxRSS is in kilobytes; the analyses run synchronously, so no sampler could see inside.
    console.log(`peak RSS so far ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`);
  }
}

await unpackReference();
main();
