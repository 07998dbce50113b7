import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import {
  describeStudyErrors,
  progressStageText,
  studyFileSchema,
  type StudyFile,
} from '@holgura/contracts';
import { nowIso, type DialectName } from '../../db/dialect';
import type { Db } from '../../db/database';
import type { DemoBuild } from './demo-builder';
import { spawnWorker } from '../../jobs/worker-pool';
import { insertHiddenResult, writeResultRows } from '../busbar-capacities/busbar-capacity.store';
import { capacityDb } from '../busbar-capacities/busbar-capacity.tables';
import { encodeCaseData } from '../cases/case-data-encoding';
import { deleteCaseData, insertCase, writeCaseData } from '../cases/case-rows';
import { DEMO_OWNER } from '../cases/cases.repository';
import { saveDemoStudyNetwork } from '../network/network.repository';

/** demo/demo.json: the /demo network and the study file (which names its base case). */
interface DemoManifest {
  demoNetwork: string;
  study: string;
}

/**
 * The format of the stored demo results. Bump it whenever what the demo builder stores changes:
 * a deployment with older demo data rebuilds it at start (and serves the old data meanwhile).
 * 1: the limiting constraint's generators and its flow at T = 0 (the /resultados generator chart).
 * 2: the study network's view (the /resultados capacity map, case_networks).
 * 3: the /demo case with its study group and both figures (issue #21); busbar capacities with
 *    pre-existing violations ignored now exact at every bus (issue #17 fixed an upper bound).
 * 4: the capacity of every bus of each scenario × year case of the study (issue #17, the
 *    busbar_capacity_* tables, as a user's study stores them).
 */
export const DEMO_DATA_VERSION = 4;

function demoWorkerUrl(): URL {
  return import.meta.url.endsWith('.ts')
    ? new URL('./demo-worker.ts', import.meta.url)
    : new URL('./demo-worker.js', import.meta.url);
}

/** The bundled demo study's file (demo/demo.json names it); null when absent or invalid. */
export function readDemoStudyFile(demoDir: string | null): StudyFile | null {
  if (demoDir === null) return null;
  try {
    const manifest = JSON.parse(
      fs.readFileSync(path.join(demoDir, 'demo.json'), 'utf8'),
    ) as DemoManifest;
    const parsed = studyFileSchema.safeParse(
      JSON.parse(fs.readFileSync(path.join(demoDir, manifest.study), 'utf8')),
    );
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * First start: computes the bundled demo data with the engine (in a worker thread, so the server
 * answers meanwhile) and stores the /demo case and the demo study's cases. Idempotent: nothing
 * happens once demo data of the current DEMO_DATA_VERSION exists; older demo data is rebuilt
 * and replaced. Failures are logged, never fatal: Holgura works without it.
 */
export async function loadDemoOnFirstStart(options: {
  db: Db;
  demoDir: string | null;
  log: FastifyBaseLogger;
  /** Aborted when the server closes: the computation stops with it. */
  signal: AbortSignal;
  /** PostgreSQL: processes that build the demo together store it one after the other. */
  dialect?: DialectName;
}): Promise<'disabled' | 'present' | 'loaded' | 'failed'> {
  const { db, demoDir, log, signal } = options;
  if (demoDir === null) return 'disabled';
  const stored = await storedDemoVersion(db);
  if (stored !== null && stored >= DEMO_DATA_VERSION) return 'present';

  let input: { demoNetwork: Uint8Array; studyNetwork: Uint8Array; study: unknown };
  try {
    const manifest = JSON.parse(
      fs.readFileSync(path.join(demoDir, 'demo.json'), 'utf8'),
    ) as DemoManifest;
    const parsed = studyFileSchema.safeParse(
      JSON.parse(fs.readFileSync(path.join(demoDir, manifest.study), 'utf8')),
    );
    if (!parsed.success) {
      log.error(
        `Estudio de demostración inválido:\n${describeStudyErrors(parsed.error).join('\n')}`,
      );
      return 'failed';
    }
    if (parsed.data.baseCase === undefined) {
      log.error('El estudio de demostración no indica su caso base (baseCase)');
      return 'failed';
    }
    const studyDir = path.dirname(path.join(demoDir, manifest.study));
    input = {
      demoNetwork: fs.readFileSync(path.join(demoDir, manifest.demoNetwork)),
      studyNetwork: fs.readFileSync(path.join(studyDir, parsed.data.baseCase)),
      study: parsed.data,
    };
  } catch (error) {
    log.error({ err: error }, `No se pudieron leer los datos de demostración en ${demoDir}`);
    return 'failed';
  }

  log.info(
    stored === null
      ? 'Calculando los datos de demostración (primer arranque)...'
      : `Recalculando los datos de demostración (formato ${stored} → ${DEMO_DATA_VERSION})...`,
  );
  const started = Date.now();
  let build: DemoBuild;
  try {
    build = await runDemoWorker(
      input,
      (message) => log.info(progressStageText(message) ?? message),
      signal,
    );
  } catch (error) {
    if (signal.aborted) return 'failed';
    log.error({ err: error }, 'No se pudieron calcular los datos de demostración');
    return 'failed';
  }
  const storing = Date.now();
  await storeDemo(db, build, options.dialect ?? 'sqlite');
  await saveDemoStudyNetwork(db, build.studyNetworkView);
  log.info(
    `Datos de demostración listos: caso de /demo y ${build.studyCases.length} casos de estudio en ${Math.round((Date.now() - started) / 1000)} s (guardados en ${((Date.now() - storing) / 1000).toFixed(1)} s)`,
  );
  return 'loaded';
}

function runDemoWorker(
  input: object,
  progress: (message: string) => void,
  signal: AbortSignal,
): Promise<DemoBuild> {
  return new Promise((resolve, reject) => {
    const worker = spawnWorker(demoWorkerUrl(), input);
    signal.addEventListener('abort', () => void worker.terminate(), { once: true });
    worker.on(
      'message',
      (message: { type: string; message?: string; build?: DemoBuild; detail?: string }) => {
        if (message.type === 'progress') progress(message.message ?? '');
        if (message.type === 'done') resolve(message.build!);
        if (message.type === 'error') reject(new Error(message.detail));
      },
    );
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`demo worker exited with code ${code}`));
    });
  });
}

/** The newest stored demo data's format version; null when there is none. */
async function storedDemoVersion(db: Pick<Db, 'selectFrom'>): Promise<number | null> {
  const row = await db
    .selectFrom('demo_cases')
    .select('data_version')
    .orderBy('data_version', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row === undefined ? null : row.data_version;
}

/** The job id a demo capacity result carries (a user's names its study job; nothing reads it). */
const DEMO_CAPACITY_JOB = `demo-data-v${DEMO_DATA_VERSION}`;

/**
 * Stores the build in one transaction, so readers see one demo data version or the other,
 * whole: the /demo case, the study's busbar cases and, for each scenario × year case, the
 * capacity of every bus, under its first busbar case with the functions a user's study job
 * writes them with (busbar-capacity.store.ts), shown at once. The bundled demo (450 busbar
 * cases, 18 × 2,000 capacity rows) holds the database for about 0.9 s, once per data version
 * (decision 016's addendum).
 */
async function storeDemo(db: Db, build: DemoBuild, dialect: DialectName): Promise<void> {
  const now = nowIso();
  // Each study case's answer is compressed before the transaction (modules/cases).
  const studyCases = await Promise.all(
    build.studyCases.map(async (c) => {
      const text = {
        full_data_json: null,
        extras: null,
        analysis_json: JSON.stringify(c.analysis),
      };
      const encoded = await encodeCaseData({
        caseId: c.caseId,
        fullDataJson: null,
        extras: null,
        analysisJson: text.analysis_json,
        apiResponseDate: now,
      });
      const data = { case_id: c.caseId, user_id: DEMO_OWNER, api_response_date: now, ...text };
      return { c, data: { ...data, ...encoded } };
    }),
  );
  await capacityDb(db)
    .transaction()
    .execute(async (tx) => {
      // Another server process may have stored the current data while this one computed (on
      // PostgreSQL, one that stores at the same time waits here; SQLite runs one at a time).
      if (dialect === 'postgres') {
        await sql`select pg_advisory_xact_lock(hashtextextended('holgura-demo-data', 0))`.execute(
          tx,
        );
      }
      const stored = await storedDemoVersion(tx);
      if (stored !== null && stored >= DEMO_DATA_VERSION) return;
      if (stored !== null) {
        // An older format: every demo row goes, the new build replaces it (the cases' cascade
        // takes their busbar capacities).
        // The same transaction seen with the case tables only: the compiler gives up comparing
        // Kysely<Database & BusbarCapacityTables> with Kysely<Database> member by member.
        await deleteCaseData(tx as unknown as Db, { userId: DEMO_OWNER });
        await tx.deleteFrom('cases').where('user_id', '=', DEMO_OWNER).execute();
        await tx.deleteFrom('demo_cases').execute();
      }
      for (const { c, data } of studyCases) {
        const row = {
          case_name: c.caseName,
          case_description: c.analysis.busbarCapacity?.networkLabel ?? null,
          process: 'Capacidad de conexión',
          family_id: c.familyId,
          family_name: c.familyName,
          user_id: DEMO_OWNER,
          scenario: c.scenario,
          year: c.year,
          busbar_capacity_mw: c.capacityMw,
          contingency_count: c.contingencyCount,
        };
        // Demo ids are reserved (PUT /api/cases refuses them); a row a user made under one
        // before that rule is taken back rather than left to hide the demo case.
        await insertCase(tx, { case_id: c.caseId, created_at: now, ...row }, 'replace');
        const { case_id: _id, ...answer } = data;
        await writeCaseData(tx, data, { update: answer });
      }
      for (const { scenario, year, columns } of build.studyCapacities) {
        // Under the slice's first busbar case, as a user's study (every busbar case reads it).
        const anchor = build.studyCases.find((c) => c.scenario === scenario && c.year === year);
        if (anchor === undefined) continue;
        const resultKey = await insertHiddenResult(tx, {
          caseId: anchor.caseId,
          job: { id: DEMO_CAPACITY_JOB, userId: DEMO_OWNER },
          columns,
        });
        await writeResultRows(tx, resultKey, columns);
        await tx
          .updateTable('busbar_capacity_results')
          .set({ shown_at: now })
          .where('result_key', '=', resultKey)
          .execute();
      }
      await tx
        .insertInto('demo_cases')
        .values({
          full_data_json: JSON.stringify(build.demoCase.fullDataJson),
          analysis_json: JSON.stringify(build.demoCase.analysis),
          demo_flows_json:
            build.demoCase.demoFlows === null ? null : JSON.stringify(build.demoCase.demoFlows),
          data_version: DEMO_DATA_VERSION,
          created_at: now,
        })
        .execute();
    });
}
