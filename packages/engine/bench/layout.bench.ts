// Network layout time (issues #9 and #29): the layout the analysis worker computes once per case
// — the area layout (`computeAreaLayout`, the default) beside the force layout of the whole
// network it replaced — per reference case. Options: --cases a,b  --reps N.
import { asReferenceFile, readReferenceText, unpackReference } from '@holgura/test-fixtures';
import { readMatpower } from '../src/io/matpower/read-matpower';
import type { Network } from '../src/model/network';
import { computeAreaLayout } from '../src/layout/area-layout';
import { computeForceLayout, type NetworkLayout } from '../src/layout/force-layout';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

/** Mean branch length over mean distance of sampled bus pairs: lower keeps neighbours closer. */
function locality(net: Network, { x, y }: NetworkLayout): number {
  let connected = 0;
  for (let k = 0; k < net.branches.count; k++) {
    const a = net.branches.fromBus[k];
    const b = net.branches.toBus[k];
    connected += Math.hypot(x[a] - x[b], y[a] - y[b]);
  }
  connected /= Math.max(1, net.branches.count);
  let all = 0;
  let pairs = 0;
  const stride = Math.max(1, Math.floor(net.buses.count / 150));
  for (let a = 0; a < net.buses.count; a += stride) {
    for (let b = a + 1; b < net.buses.count; b += stride) {
      all += Math.hypot(x[a] - x[b], y[a] - y[b]);
      pairs++;
    }
  }
  return connected / (all / Math.max(1, pairs));
}

function timed(reps: number, run: () => NetworkLayout): { ms: number; layout: NetworkLayout } {
  const runs: number[] = [];
  let layout = run();
  for (let r = 0; r < reps; r++) {
    const t0 = performance.now();
    layout = run();
    runs.push(performance.now() - t0);
  }
  runs.sort((a, b) => a - b);
  return { ms: runs[Math.floor(runs.length / 2)]!, layout };
}

function main(): void {
  const cases = (
    arg('cases') ?? 'case118,case300,case_ACTIVSg2000,case9241pegase,case_ACTIVSg10k'
  ).split(',');
  const reps = Number(arg('reps') ?? 1);
  console.log(
    'case                 buses  areas  force (median)  locality  area layout (median)  locality  source',
  );
  for (const name of cases) {
    const net = readMatpower(readReferenceText(asReferenceFile(`cases/${name}.m`))).network;
    const force = timed(reps, () => computeForceLayout(net));
    const areas = timed(reps, () => computeAreaLayout(net));
    console.log(
      `${name.padEnd(20)} ${String(net.buses.count).padStart(5)}  ${String(new Set(net.buses.area).size).padStart(5)}  ${(force.ms / 1000).toFixed(2).padStart(13)}s  ${locality(net, force.layout).toFixed(3).padStart(8)}  ${(areas.ms / 1000).toFixed(2).padStart(19)}s  ${locality(net, areas.layout).toFixed(3).padStart(8)}  ${areas.layout.source}`,
    );
  }
}

await unpackReference();
main();
