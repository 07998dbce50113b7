// Issue #17 for studies: what computing every bus's capacity adds to one scenario × year case of
// a study (modules/studies/study-case.ts): runStudyCase (the study's busbars and N-1) against
// allBusbarCapacities on the network it built (capacityColumns, one thread), per case, on the
// demo study's first scenario × first years on ACTIVSg2000 (or CASE_FILE). Prints; asserts nothing.
//
//   npx tsx scripts/measure-study-capacities.ts [cases]
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { studyFileSchema } from '@holgura/contracts';
import { loadCase, runStudyCase } from '@holgura/engine';
import { capacityColumns } from '../apps/server/src/modules/busbar-capacities/busbar-capacities';
import { studyCapacityOptions } from '../apps/server/src/modules/studies/study-case';
import { studyRunOptions, toStudySpec } from '../apps/server/src/modules/studies/study-results';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const caseFile = process.env.CASE_FILE ?? path.join(root, 'demo/networks/case_ACTIVSg2000.m.xz');
const count = Number(process.argv[2] ?? 4);
const demo = JSON.parse(fs.readFileSync(path.join(root, 'demo/estudio-demo.json'), 'utf8'));
delete demo.baseCase;
const study = studyFileSchema.parse(demo);
const { network } = await loadCase(new Uint8Array(fs.readFileSync(caseFile)));
const spec = toStudySpec(study);
const scenario = spec.scenarios[0]!;
console.log(
  `${path.basename(caseFile)}: ${network.buses.count} buses; study ${study.busbars.length} busbars`,
);
for (const year of study.years.slice(0, count)) {
  let t = performance.now();
  const result = runStudyCase(network, spec, scenario, year, studyRunOptions(study));
  const caseMs = performance.now() - t;
  t = performance.now();
  const columns = capacityColumns(result.network, studyCapacityOptions(study));
  const allMs = performance.now() - t;
  console.log(
    `${result.name}: study case ${caseMs.toFixed(0)} ms, every bus ${allMs.toFixed(0)} ms ` +
      `(engine ${columns.options.computeMs.toFixed(0)} ms, ${columns.count} buses), ` +
      `+${((100 * allMs) / caseMs).toFixed(0)} %`,
  );
}
