import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { StudyFileInput } from '@holgura/contracts';
import { readReference } from '@holgura/test-fixtures';
import { makeTempDir } from '../../app.test-support';

/** The small demo's study: buses 5 and 30 of case30, two scenarios × two years. */
export const SMALL_DEMO_STUDY: StudyFileInput = {
  name: 'Estudio pequeño',
  networkLabel: 'Red IEEE de 30 barras (prueba)',
  baseCase: 'networks/case30.m.xz',
  years: [2026, 2027],
  areas: [{ id: 1, name: 'Área 1' }],
  growth: { 'Área 1': 0.02 },
  scenarios: [
    { name: 'alta', condition: 'Demanda alta', demandMultipliers: { 'Área 1': 1.05 } },
    { name: 'baja', condition: 'Demanda baja', demandMultipliers: { 'Área 1': 0.95 } },
  ],
  busbars: [5, 30],
  options: { tmaxMw: 500, preExistingViolations: 'ignore' },
};

/** The small demo's study network (case30), as the engine reads it. */
export const smallDemoStudyNetwork = () => new Uint8Array(readReference('cases/case30.m'));

/** A small demo folder with the bundled layout: case9 for /demo, a two-bus study on case30. */
export function smallDemoDir(): string {
  const dir = makeTempDir('holgura-demo-');
  fs.mkdirSync(path.join(dir, 'networks'));
  for (const name of ['case9', 'case30'] as const) {
    const packed = execFileSync('xz', ['-c', '-T1'], {
      input: readReference(`cases/${name}.m`),
    });
    fs.writeFileSync(path.join(dir, 'networks', `${name}.m.xz`), packed);
  }
  fs.writeFileSync(path.join(dir, 'estudio.json'), JSON.stringify(SMALL_DEMO_STUDY));
  fs.writeFileSync(
    path.join(dir, 'demo.json'),
    JSON.stringify({
      demoNetwork: 'networks/case9.m.xz',
      study: 'estudio.json',
    }),
  );
  return dir;
}
