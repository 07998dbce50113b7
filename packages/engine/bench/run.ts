// `npm run bench`: per reference case, times of parse, DC PF, AC PF and full DC N-1 screening,
// with ratios to the MATPOWER and SciPy figures of @holgura/test-fixtures (ratio < 1 means
// Holgura is faster). Options: --cases a,b  --reps N.
import { asReferenceFile, readReferenceText, unpackReference } from '@holgura/test-fixtures';
import { screenN1 } from '../src/contingency/n1';
import { readMatpower } from '../src/io/matpower/read-matpower';
import { runAcPowerFlow } from '../src/powerflow/acpf';
import { buildDcModel, runDcPowerFlow } from '../src/powerflow/dcpf';

const CASES = [
  'case9',
  'case14',
  'case30',
  'case118',
  'case_ACTIVSg200',
  'case300',
  'case_ACTIVSg2000',
  'case2383wp',
  'case9241pegase',
  'case_ACTIVSg10k',
];

interface Timing {
  median_s: number;
}

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

/** Median wall time in seconds over `reps` runs after one warm-up run. */
function time<T>(reps: number, fn: () => T): { s: number; value: T } {
  let value = fn();
  const runs: number[] = [];
  for (let r = 0; r < reps; r++) {
    const t0 = performance.now();
    value = fn();
    runs.push((performance.now() - t0) / 1000);
  }
  runs.sort((a, b) => a - b);
  return { s: runs[Math.floor(runs.length / 2)], value };
}

let peakRss = 0;
function sampleRss(): void {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}

const fmt = (s: number): string => (s < 0.01 ? `${(s * 1000).toFixed(2)}ms` : `${s.toFixed(3)}s`);
const ratio = (ours: number, theirs: number | undefined): string =>
  theirs ? `${(ours / theirs).toFixed(3)}` : '—';

function main(): void {
  const only = arg('cases')?.split(',');
  const reps = Number(arg('reps') ?? 3);
  const rows: string[][] = [];
  const sampler = setInterval(sampleRss, 20);
  for (const name of CASES.filter((c) => !only || only.includes(c))) {
    const text = readReferenceText(asReferenceFile(`cases/${name}.m`));
    const mp = JSON.parse(readReferenceText(asReferenceFile(`results/${name}.json`))) as {
      timings: Record<string, Timing>;
    };
    const sp = JSON.parse(readReferenceText(asReferenceFile(`results/${name}.scipy.json`))) as {
      parse_s: number;
      timings: Record<string, Timing>;
    };
    const big = text.length > 1e6;
    const parse = time(reps, () => readMatpower(text).network);
    const net = parse.value;
    const dc = time(reps, () => runDcPowerFlow(net));
    const ac = time(reps, () => runAcPowerFlow(net));
    peakRss = 0;
    const n1 = time(big ? 1 : reps, () => screenN1(net, { postRating: 'A' }, buildDcModel(net)));
    sampleRss();
    const mpN1 =
      mp.timings.makePTDF.median_s + mp.timings.makeLODF.median_s + mp.timings.n1_screen.median_s;
    const spN1 = sp.timings.ptdf.median_s + sp.timings.lodf.median_s + sp.timings.n1.median_s;
    rows.push([
      name,
      fmt(parse.s),
      ratio(parse.s, sp.parse_s),
      fmt(dc.s),
      ratio(dc.s, mp.timings.rundcpf.median_s),
      ratio(dc.s, sp.timings.dcpf.median_s),
      `${fmt(ac.s)} (${ac.value.iterations} it)`,
      ratio(ac.s, mp.timings.runpf.median_s),
      fmt(n1.s),
      ratio(n1.s, mpN1),
      ratio(n1.s, spN1),
      `${(peakRss / 2 ** 20).toFixed(0)}MB`,
    ]);
    console.error(`done ${name}`);
  }
  clearInterval(sampler);
  const head = [
    'case',
    'parse',
    '/scipy',
    'dcpf',
    '/matpower',
    '/scipy',
    'acpf',
    '/matpower',
    'n1 (model+screen)',
    '/matpower',
    '/scipy',
    'peak rss',
  ];
  const widths = head.map((h, c) => Math.max(h.length, ...rows.map((r) => r[c].length)));
  const line = (r: string[]): string => r.map((v, c) => v.padEnd(widths[c])).join('  ');
  console.log(line(head));
  for (const r of rows) console.log(line(r));
  console.log(
    '\nratios = Holgura time / reference time (below 1: Holgura faster). MATPOWER n1 = makePTDF + ' +
      'makeLODF + n1_screen; SciPy n1 = ptdf + lodf + n1; parse vs SciPy parse_s. peak rss = ' +
      'process RSS sampled during the N-1 run (whole process, includes the case text).',
  );
}

await unpackReference();
main();
