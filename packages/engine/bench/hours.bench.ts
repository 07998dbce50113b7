// `npx tsx packages/engine/bench/hours.bench.ts [--buses N]`: issue #32's targets on ACTIVSg2000
// with its 8,784 hourly loads (scenarios_ACTIVSg2000.m) — one bus × every hour in ≤ 10 s, every
// bus × every hour in ≤ 5 min (on every core, as `holgura hours --all`) — each with its ratio to
// the N-1 screen of the same case (what `holgura n1` computes), measured in the same run. `--buses N` runs N buses spread through the
// case instead of all of them and extrapolates (marked as such). Prints; asserts nothing.
import { availableParallelism } from 'node:os';
import { readReferenceText, unpackReference } from '@holgura/test-fixtures';
import { screenN1 } from '../src/contingency/n1';
import { hourlyCapacities } from '../src/hours/hourly-capacity';
import { hourlyCapacitiesOnThreads } from '../src/hours/threads';
import { readProfiles } from '../src/hours/profiles';
import { readMatpower } from '../src/io/matpower/read-matpower';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

await unpackReference();
const net = readMatpower(readReferenceText('cases/case_ACTIVSg2000.m')).network;
const tRead = performance.now();
const profiles = readProfiles(readReferenceText('cases/scenarios_ACTIVSg2000.m'), net);
const readS = (performance.now() - tRead) / 1000;

screenN1(net, {});
const n1Runs: number[] = [];
for (let i = 0; i < 3; i++) {
  const t = performance.now();
  screenN1(net, {});
  n1Runs.push((performance.now() - t) / 1000);
}
n1Runs.sort((a, b) => a - b);
const n1 = n1Runs[1]!;
console.log(
  `ACTIVSg2000: N-1 screen ${n1.toFixed(2)} s (median of 3); profiles read in ${readS.toFixed(2)} s (${profiles.hours} hours)`,
);

const one = [7093, 5136, 8160].map((n) => net.buses.number.indexOf(n));
for (const bus of one) {
  const t = performance.now();
  const r = hourlyCapacities(net, profiles, { buses: [bus], preExisting: 'ignore' });
  const s = (performance.now() - t) / 1000;
  const ms = r.timingsMs;
  console.log(
    `one bus (${net.buses.number[bus]}) × ${r.hours} hours: ${s.toFixed(2)} s = ${(s / n1).toFixed(1)}× the N-1 screen ` +
      `(target ≤ 10 s; passes: first ${(ms.firstPass / 1000).toFixed(2)} s, stream ${(ms.stream / 1000).toFixed(2)} s, ` +
      `second ${(ms.secondPass / 1000).toFixed(2)} s; ${r.results[0]!.keptPairs} pairs kept; ${r.infeasibleHours.length} infeasible hours)`,
  );
}

const n = Number(arg('buses') ?? net.buses.count);
const buses = Array.from({ length: n }, (_, i) => Math.floor((i * net.buses.count) / n));
const t = performance.now();
// Every bus as `holgura hours --all` computes it: the buses dealt to one thread per core.
const all = await hourlyCapacitiesOnThreads(
  net,
  profiles,
  { buses, preExisting: 'ignore' },
  { threads: availableParallelism() },
);
const s = (performance.now() - t) / 1000;
const ms = all.timingsMs;
// Extrapolated: the first pass is once per thread; the rest grows with the buses.
const first = ms.firstPass / 1000;
const total = n === net.buses.count ? s : first + ((s - first) * net.buses.count) / n;
console.log(
  `${n === net.buses.count ? 'every bus' : `${n} buses (extrapolated to ${net.buses.count})`} × ${all.hours} hours ` +
    `on ${all.threads} thread${all.threads === 1 ? '' : 's'}: ` +
    `${total.toFixed(0)} s = ${(total / n1).toFixed(0)}× the N-1 screen (target ≤ 300 s; measured ${s.toFixed(1)} s, ` +
    `first pass ${first.toFixed(1)} s)`,
);
