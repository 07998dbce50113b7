// `npx tsx packages/engine/bench/window.bench.ts [--case case_ACTIVSg2000] [--seed 1]
// [--requests 200] [--rules max,order,fair] [--contingencies contab_ACTIVSg2000]` (the issue's
// second target: `--case case_ACTIVSg10k --requests 1600`; with --contingencies, the windows
// on that reference contingency list, issue #30, beside n1 on the same list): connection
// windows (issue #28) as `holgura window` runs them, each rule on two windows — 40 requests of
// 20–300 MW on two clusters of nearby buses (the issue's measurement), and 200 requests of
// 20–300 MW on random buses (target ≤ 5 s) — against the DC N-1 screening of the same case in
// the same process (as `holgura n1` runs it). Prints awards, screens, rows, LP solves and
// seconds; asserts nothing.
import { isReferenceFile, readReferenceText, unpackReference } from '@holgura/test-fixtures';
import { screenN1 } from '../src/contingency/n1';
import { readContingencyDefinitions } from '../src/contingency/sets/read-definitions';
import { screenContingencySet } from '../src/contingency/sets/screen-set';
import { readMatpower } from '../src/io/matpower/read-matpower';
import type { Network } from '../src/model/network';
import { allocateWindow, loadSolver } from '../src/window/index';
import type { WindowRequest, WindowRule } from '../src/window/index';
import { seededRandom } from '../test/support/random';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

/** Up to `size` buses nearest `start` by branch hops (breadth first). */
function cluster(net: Network, start: number, size: number): number[] {
  const near = new Map<number, number[]>();
  const { fromBus, toBus, inService, count } = net.branches;
  const link = (a: number, b: number) => near.set(a, [...(near.get(a) ?? []), b]);
  for (let k = 0; k < count; k++) {
    if (!inService[k]) continue;
    link(fromBus[k], toBus[k]);
    link(toBus[k], fromBus[k]);
  }
  const seen = [start];
  for (let at = 0; at < seen.length && seen.length < size; at++) {
    for (const b of near.get(seen[at]) ?? []) if (!seen.includes(b)) seen.push(b);
  }
  return seen.slice(0, size);
}

function requestsAt(net: Network, buses: number[], count: number, seed: number): WindowRequest[] {
  const rand = seededRandom(seed);
  return Array.from({ length: count }, (_, i) => ({
    id: `R${i + 1}`,
    bus: net.buses.number[buses[Math.floor(rand() * buses.length)]],
    mw: Math.round(20 + rand() * 280),
    priority: Math.floor(rand() * 10_000),
  }));
}

await unpackReference();
const name = arg('case') ?? 'case_ACTIVSg2000';
const seed = Number(arg('seed') ?? 1);
const many = Number(arg('requests') ?? 200);
const rules = (arg('rules') ?? 'max,order,fair').split(',') as WindowRule[];
const file = [`cases/${name}.m`, `unscored/cases/${name}.m`].find(isReferenceFile);
if (!file) throw new Error(`no reference case ${name}`);
const net = readMatpower(readReferenceText(file)).network;
const highs = await loadSolver();
const rand = seededRandom(seed);
const setName = arg('contingencies');
const setFile = setName === undefined ? undefined : `cases/${setName}.m`;
if (setFile !== undefined && !isReferenceFile(setFile))
  throw new Error(`no reference file ${setFile}`);
const contingencies =
  setFile === undefined || !isReferenceFile(setFile)
    ? null
    : readContingencyDefinitions(readReferenceText(setFile), net, setFile).contingencies;
const n1 = (() => {
  const t0 = performance.now();
  if (contingencies === null) screenN1(net, {});
  else screenContingencySet(net, contingencies, { pickup: 'headroom' });
  return (performance.now() - t0) / 1000;
})();
console.log(
  `${name}: holgura n1 (model + screen${contingencies === null ? '' : ` on ${setName}, ${contingencies.length} contingencies`}) ${n1.toFixed(2)} s`,
);
const windows: [string, WindowRequest[]][] = [
  [
    '40 requests, two clusters',
    requestsAt(
      net,
      [
        ...cluster(net, Math.floor(rand() * net.buses.count), 12),
        ...cluster(net, Math.floor(rand() * net.buses.count), 12),
      ],
      40,
      seed,
    ),
  ],
  [
    `${many} requests, random buses`,
    requestsAt(
      net,
      Array.from({ length: net.buses.count }, (_, b) => b),
      many,
      seed + 1,
    ),
  ],
];
/** The issue's targets on 2 cores: 200 requests on ACTIVSg2000 in ≤ 5 s; 1,600 on ACTIVSg10k in ≤ 30× n1. */
const targets: string[] = [];
for (const [label, requests] of windows) {
  for (const rule of rules) {
    const t0 = performance.now();
    let r;
    try {
      r = await allocateWindow(net, requests, {
        rule,
        highs,
        preExisting: 'ignore',
        ...(contingencies === null ? {} : { contingencySet: { contingencies } }),
      });
    } catch (error) {
      const s = (performance.now() - t0) / 1000;
      console.log(`${label}, ${rule}: FAILED after ${s.toFixed(2)} s: ${(error as Error).message}`);
      if (requests.length === many)
        targets.push(`${label}, ${rule}: failed (${(error as Error).message})`);
      continue;
    }
    const s = (performance.now() - t0) / 1000;
    if (requests.length === many) {
      const goal =
        name === 'case_ACTIVSg10k'
          ? `${(s / n1).toFixed(1)}× n1 (target ≤ 30×)`
          : `${s.toFixed(2)} s (target ≤ 5 s)`;
      const met = name === 'case_ACTIVSg10k' ? s / n1 <= 30 : s <= 5;
      targets.push(`${label} on ${name}, ${rule}: ${goal} — ${met ? 'met' : 'NOT met'}`);
    }
    const alone = r.requests.reduce((sum, q) => sum + q.standaloneMw, 0);
    const partial = r.requests.filter((q) => q.status !== 'complete').length;
    const ms = r.stats.timingsMs;
    console.log(
      `${label}, ${rule}: requested ${r.totalRequestedMw.toFixed(0)} MW, alone ${alone.toFixed(0)} MW, ` +
        `awarded ${r.totalAwardedMw.toFixed(0)} MW (${partial} short); ${r.stats.screens} screens, ` +
        `${r.stats.rows} rows, ${r.stats.lpSolves} LP solves, ${r.stats.violatedAtEnd} violated at the end (worst ${r.stats.worstExcessMw.toExponential(1)} MW); ${s.toFixed(2)} s ` +
        `(${(s / n1).toFixed(1)}× n1; ${r.stats.settledAtFailedLevel} settled at a failed level; stand-alone ${(ms.standalone / 1000).toFixed(2)}, ` +
        `LP ${(ms.solve / 1000).toFixed(2)}, screens ${(ms.screen / 1000).toFixed(2)} s)`,
    );
  }
}
console.log('targets (issue #28):');
for (const line of targets) console.log(`  ${line}`);
