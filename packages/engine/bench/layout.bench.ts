// Network layout time (issue #9): the force layout the analysis worker computes once per case,
// per reference case. Options: --cases a,b  --reps N.
import { asReferenceFile, readReferenceText, unpackReference } from '@holgura/test-fixtures';
import { readMatpower } from '../src/io/matpower/read-matpower';
import { computeForceLayout, defaultIterations } from '../src/layout/force-layout';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

function main(): void {
  const cases = (arg('cases') ?? 'case118,case_ACTIVSg2000,case_ACTIVSg10k').split(',');
  const reps = Number(arg('reps') ?? 1);
  console.log('case                 buses  branches  iterations  layout (median)');
  for (const name of cases) {
    const net = readMatpower(readReferenceText(asReferenceFile(`cases/${name}.m`))).network;
    const runs: number[] = [];
    for (let r = 0; r < reps; r++) {
      const t0 = performance.now();
      computeForceLayout(net);
      runs.push(performance.now() - t0);
    }
    runs.sort((a, b) => a - b);
    const median = runs[Math.floor(runs.length / 2)]!;
    console.log(
      `${name.padEnd(20)} ${String(net.buses.count).padStart(5)}  ${String(net.branches.count).padStart(8)}  ${String(defaultIterations(net.buses.count)).padStart(10)}  ${(median / 1000).toFixed(2)}s`,
    );
  }
}

await unpackReference();
main();
