// `npx tsx packages/engine/bench/ac-capacity.bench.ts [--cases case_ACTIVSg2000,case_ACTIVSg10k]
// [--buses 5]`: issue #31's AC verification target — one bus of ACTIVSg10k in ≤ 2 s — over
// buses spread through each case (attributable figure), with what each took: the DC figure (the
// model and the bus's outage stream) and the AC part (power flows, warm-started). MATPOWER's
// runpf of the same case from the reference timings is the yardstick of one AC power flow.
// Prints; asserts nothing.
import { isReferenceFile, readReferenceText, unpackReference } from '@holgura/test-fixtures';
import { acVerifiedCapacity } from '../src/busbar/ac-capacity';
import { readMatpower } from '../src/io/matpower/read-matpower';
import { AcSolver } from '../src/powerflow/ac-solver';
import { buildDcModel } from '../src/powerflow/dcpf';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

await unpackReference();
const nBuses = Number(arg('buses') ?? 5);
for (const name of (arg('cases') ?? 'case_ACTIVSg2000,case_ACTIVSg10k').split(',')) {
  const file = `cases/${name}.m`;
  if (!isReferenceFile(file)) throw new Error(`no reference case ${name}`);
  const net = readMatpower(readReferenceText(file)).network;
  const runpf = (
    JSON.parse(
      readReferenceText(`results/${name}.json` as Parameters<typeof readReferenceText>[0]),
    ) as {
      timings?: { runpf?: { median_s?: number } };
    }
  ).timings?.runpf?.median_s;
  const step = Math.floor(net.buses.count / nBuses);
  const totals: number[] = [];
  // The first bus from nothing; then what the server's thread does for the next buses of the
  // same case: the DC model and the AC solver kept.
  const tKeep = performance.now();
  const cold = acVerifiedCapacity(net, 3, { preExisting: 'ignore' });
  console.log(
    `${name}: first bus from nothing ${(cold.timingsMs.total / 1000).toFixed(2)} s ` +
      `(DC ${(cold.timingsMs.dc / 1000).toFixed(2)} s, AC ${(cold.timingsMs.ac / 1000).toFixed(2)} s)`,
  );
  const reuse = { dcModel: buildDcModel(net), acSolver: new AcSolver(net) };
  console.log(
    `${name}: DC model and AC solver kept for the next buses: ${((performance.now() - tKeep - cold.timingsMs.total) / 1000).toFixed(2)} s once`,
  );
  for (let k = 0; k < nBuses; k++) {
    const bus = 7 + k * step;
    const r = acVerifiedCapacity(net, bus, { preExisting: 'ignore' }, reuse);
    totals.push(r.timingsMs.total / 1000);
    console.log(
      `${name} bus ${r.busNumber}: DC ${r.dcMw.toFixed(1)} MW → AC ${r.acMw.toFixed(1)} MW ` +
        `(${r.limitingVariable ?? 'cap'}), ${r.checkedContingencies.length - 1} contingencies, ` +
        `${r.powerFlows} power flows; DC ${(r.timingsMs.dc / 1000).toFixed(2)} s + AC ` +
        `${(r.timingsMs.ac / 1000).toFixed(2)} s = ${(r.timingsMs.total / 1000).toFixed(2)} s` +
        (runpf === undefined
          ? ''
          : ` (${(r.timingsMs.ac / 1000 / runpf).toFixed(1)}× one MATPOWER runpf)`),
    );
  }
  totals.sort((a, b) => a - b);
  const median = totals[Math.floor(totals.length / 2)]!;
  const goal =
    name === 'case_ACTIVSg10k' ? ` (target ≤ 2 s — ${median <= 2 ? 'met' : 'NOT met'})` : '';
  console.log(
    `${name}: one more bus's AC verification (case kept), median of ${nBuses}: ${median.toFixed(2)} s${goal}`,
  );
}
