// `npx tsx packages/engine/bench/shortcircuit.bench.ts [--cases case_ACTIVSg2000,case_ACTIVSg10k]
// [--xd 0.2]`: issue #31's short-circuit target — Scc max and N-1 minimum of every bus of
// ACTIVSg10k in ≤ 10 s — beside `holgura n1` of the same case in the same process. MATPOWER
// cases carry no machine data: every unit takes the reactance given. Prints; asserts nothing.
import { isReferenceFile, readReferenceText, unpackReference } from '@holgura/test-fixtures';
import { screenN1 } from '../src/contingency/n1';
import { readMatpower } from '../src/io/matpower/read-matpower';
import { shortCircuitStrength } from '../src/shortcircuit/scc';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

await unpackReference();
const xdPu = Number(arg('xd') ?? 0.2);
for (const name of (arg('cases') ?? 'case_ACTIVSg2000,case_ACTIVSg10k').split(',')) {
  const file = `cases/${name}.m`;
  if (!isReferenceFile(file)) throw new Error(`no reference case ${name}`);
  const net = readMatpower(readReferenceText(file)).network;
  const t0 = performance.now();
  screenN1(net, {});
  const n1 = (performance.now() - t0) / 1000;
  const t1 = performance.now();
  const r = shortCircuitStrength(net, { xdPu });
  const s = (performance.now() - t1) / 1000;
  const ms = r.timingsMs;
  const goal =
    name === 'case_ACTIVSg10k' ? ` (target ≤ 10 s — ${s <= 10 ? 'met' : 'NOT met'})` : '';
  console.log(
    `${name}: Scc max and N-1 minimum of ${net.buses.count} buses ${s.toFixed(2)} s${goal}, ` +
      `${(s / n1).toFixed(1)}× holgura n1 (${n1.toFixed(2)} s); factor ${(ms.factor / 1000).toFixed(2)}, ` +
      `N-0 ${(ms.n0 / 1000).toFixed(2)}, N-1 ${(ms.n1 / 1000).toFixed(2)} s`,
  );
}
