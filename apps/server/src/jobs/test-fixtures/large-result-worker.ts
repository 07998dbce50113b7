import fs from 'node:fs';
import { parentPort } from 'node:worker_threads';
import {
  writeFullDataJson,
  type AnalysisResultV1,
  type Constraint,
  type Flexibility,
  type Plant,
} from '@holgura/contracts';
import { encodeResult, transferablesOf } from '../../modules/results/result-encoding';
import type { ToWorker } from '../worker-protocol';

/**
 * A worker thread that answers every upload with a large synthetic result, the shape of a
 * national case's (issue #16: ACTIVSg10k's is 300 constraints of up to 1,400 plants each, 80 MB
 * of JSON): `LARGE_RESULT_CONSTRAINTS` × `LARGE_RESULT_PLANTS`, every constraint in the last two
 * of five levels, so its fullDataJSON repeats them as the real one does. It is encoded here,
 * as the real worker encodes (result-encoding.ts), then handed over; just before, the time is
 * written to `LARGE_RESULT_MARK` so the test measures the API's event loop from that moment.
 */
const constraintCount = Number(process.env.LARGE_RESULT_CONSTRAINTS ?? 150);
const plantCount = Number(process.env.LARGE_RESULT_PLANTS ?? 800);

function syntheticResult(): { result: AnalysisResultV1; fullDataJson: unknown } {
  const plants: Plant[] = Array.from({ length: plantCount }, (_, i) => ({
    id: i + 1,
    name: `G BARRA SINTETICA ${i + 1}`,
    busNumber: 10_000 + i,
    generators: [i + 1],
    unitsInParallel: 1,
    pInitialMw: 50 + (i % 97),
    pMaxMw: 200 + (i % 13),
    pMinMw: 5,
    inStudyGroup: true,
    participation: 1 / plantCount,
  }));
  const element = (branch: number) => ({
    branch,
    name: `LINEA ${branch} 230-LINEA ${branch + 1} 230`,
    initialFlowMw: 100 + (branch % 50),
    maxCapacityMva: 400,
    emergencyCapacityMva: 480,
  });
  const constraints: Constraint[] = Array.from({ length: constraintCount }, (_, i) => ({
    id: i + 1,
    monitored: element(2 * i + 1),
    contingency: element(2 * i + 2),
    limitMw: 480,
    flowAtZeroMw: 300 + (i % 40),
    distributionFactor: 0.5 - i / (4 * constraintCount),
    ranking: 0.5 - i / (4 * constraintCount),
    transferAtLimitMw: 100 + 10 * i,
    preExistingViolation: false,
    sensitivities: plants.map((plant) => ({
      plant: plant.id,
      sensitivity: Math.sin(plant.id * (i + 1)) / 3,
    })),
  }));
  const ids = constraints.map((c) => c.id);
  const levels = [1, 2, 3, 4, 5].map((level) => ({
    level,
    transferMw: level * 1000,
    flexibilityPercent: level < 4 ? 100 - 10 * level : 20,
    constraintIds: ids.slice(0, level < 4 ? (level * constraintCount) / 5 : constraintCount),
  }));
  const figure = { fcitcMw: 100, limitingConstraintId: 1, levels };
  const flexibility: Flexibility = {
    options: {
      studyGroup: { rule: 'all-with-headroom', plants: plants.map((p) => p.id) },
      sink: 'loads',
      levels: 5,
      distributionFactorCutoff: 0.01,
      postContingencyRating: 'emergency',
      includeGeneratorOutages: false,
    },
    tmaxMw: 5000,
    ...figure,
    plants,
    constraints,
    figures: { attributable: figure, strict: figure },
    studyGroup: {
      key: 'all',
      kind: 'all',
      parameter: null,
      label: 'Todas las unidades',
      chosenBy: 'default',
      reason: {
        code: 'DEFAULT_NO_RENEWABLES',
        message: 'El caso no identifica unidades eólicas ni solares: se estudian todas.',
      },
      renewables: null,
      matchedUnits: plantCount,
      units: plants.map((p) => p.id),
      plantCount,
      tmaxMw: 5000,
      capacityMw: plants.reduce((sum, p) => sum + p.pMaxMw, 0),
      initialMw: plants.reduce((sum, p) => sum + p.pInitialMw, 0),
    },
    preExisting: {
      counts: { total: 0, worsens: 0, relieves: 0, unaffected: 0 },
      violations: [],
    },
  };
  const result: AnalysisResultV1 = {
    schemaVersion: 1,
    network: {
      format: 'matpower',
      revision: 2,
      compressed: false,
      baseMva: 100,
      counts: { buses: 10_000, branches: 12_706, generators: plantCount, loads: 4_899, islands: 1 },
      warnings: [],
    },
    n1: {
      contingencies: 12_706,
      islandingContingencies: 0,
      monitored: 12_706,
      baseCaseOverloads: 0,
      overloadedPairs: 0,
      top: [],
      baseCaseTop: [],
    },
    flexibility,
    timingsMs: {},
  };
  return { result, fullDataJson: writeFullDataJson('sintetico', flexibility) };
}

if (parentPort !== null) {
  const port = parentPort;
  port.on('message', (message: ToWorker) => {
    if (message.type !== 'run') return;
    const { result, fullDataJson } = syntheticResult();
    const encoded = encodeResult(result, fullDataJson, null);
    const mark = process.env.LARGE_RESULT_MARK;
    if (mark !== undefined)
      fs.writeFileSync(mark, String(performance.timeOrigin + performance.now()));
    port.postMessage(
      {
        type: 'done',
        jobId: message.jobId,
        outcome: { ok: true, encoded, contingencyCount: 12_706, flexibilityError: null },
      },
      transferablesOf(encoded),
    );
  });
}
