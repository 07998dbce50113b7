import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { PostRating } from '../contingency/n1';
import { projectEffects } from '../study/project-effects';
import { runStudy } from '../study/run-study';
import type { StudySpec } from '../study/types';
import { EngineError } from '../util/engine-error';
import type { Flags } from './commands';
import { loadCaseFile } from './load-case';
import { busbarCapacityOutput } from './transfer-commands';

type Json = Record<string, unknown>;

/** Reads a field the way the study file format defines it (contracts' study schema). */
function need<T>(ok: boolean, value: unknown, field: string, what: string): T {
  if (!ok) throw new EngineError('CLI_USAGE', `study file: ${field} must be ${what}`);
  return value as T;
}
const isObject = (v: unknown): v is Json =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const numbers = (v: unknown, field: string) =>
  need<number[]>(
    Array.isArray(v) && v.every((x) => typeof x === 'number'),
    v,
    field,
    'a list of numbers',
  );

/**
 * `holgura study STUDY.json`: the study file (the format the API validates with the contracts'
 * schema; here only what the engine needs is checked) with `baseCase`, a case file path relative
 * to the study file. Prints every scenario × year case with its busbar capacities.
 */
export async function study(studyPath: string, flags: Flags = {}): Promise<unknown> {
  let file: Json;
  try {
    file = JSON.parse(readFileSync(studyPath, 'utf8')) as Json;
  } catch (e) {
    throw new EngineError(
      'INPUT_UNREADABLE',
      `cannot read the study file: ${(e as Error).message}`,
    );
  }
  const baseCase = need<string>(
    typeof file.baseCase === 'string',
    file.baseCase,
    'baseCase',
    'a case file path',
  );
  const { network } = await loadCaseFile(path.resolve(path.dirname(studyPath), baseCase));
  const areas = new Map(
    need<Json[]>(Array.isArray(file.areas ?? []), file.areas ?? [], 'areas', 'a list').map((a) => [
      String(a.name),
      Number(a.id),
    ]),
  );
  const byArea = (record: unknown, field: string) =>
    new Map(
      Object.entries(need<Json>(isObject(record ?? {}), record ?? {}, field, 'an object')).map(
        ([name, value]) => {
          const id = areas.get(name);
          if (id === undefined)
            throw new EngineError(
              'CLI_USAGE',
              `study file: ${field}: area "${name}" is not in areas`,
            );
          return [id, Number(value)] as const;
        },
      ),
    );
  const scenarios = need<Json[]>(
    Array.isArray(file.scenarios),
    file.scenarios,
    'scenarios',
    'a list',
  );
  const spec: StudySpec = {
    years: numbers(file.years, 'years'),
    growthByArea: byArea(file.growth, 'growth'),
    scenarios: scenarios.map((s, i) => ({
      name: need<string>(typeof s.name === 'string', s.name, `scenarios.${i}.name`, 'text'),
      condition: String(s.condition ?? ''),
      demandMultiplierByArea: byArea(s.demandMultipliers, `scenarios.${i}.demandMultipliers`),
      interchanges: ((s.interchanges ?? []) as Json[]).map((x) => ({
        name: String(x.name),
        busNumber: Number(x.bus),
        mw: Number(x.mw),
      })),
    })),
    projects: ((file.projects ?? []) as Json[]).map((p) => ({
      name: String(p.name),
      inServiceYear: Number(p.inServiceYear),
      branches: ((p.branches ?? []) as Json[]).map((b) => ({
        fromBus: Number(b.fromBus),
        toBus: Number(b.toBus),
        circuit: String(b.circuit ?? '1'),
        rPu: Number(b.rPu ?? 0),
        xPu: Number(b.xPu),
        bPu: Number(b.bPu ?? 0),
        rateAMva: Number(b.rateAMva),
        rateBMva: Number(b.rateBMva ?? 0),
      })),
      units: ((p.units ?? []) as Json[]).map((u) => ({
        busNumber: Number(u.bus),
        pMaxMw: Number(u.pMaxMw),
        pMinMw: Number(u.pMinMw ?? 0),
        pMw: Number(u.pMw ?? 0),
      })),
    })),
  };
  const options = isObject(file.options) ? file.options : {};
  const studyOptions = {
    busbars: numbers(file.busbars, 'busbars'),
    capMw: Number(options.tmaxMw ?? 2000),
    postRating: (options.postContingencyRating ?? 'emergency') as PostRating,
    distributionFactorCutoff: Number(options.distributionFactorCutoff ?? 0.01),
    preExisting:
      options.preExistingViolations === 'ignore' ? ('ignore' as const) : ('limit' as const),
  };
  const results = runStudy(network, spec, studyOptions);
  const effects =
    flags['project-effects'] === undefined
      ? undefined
      : projectEffects(network, spec, studyOptions);
  return {
    name: file.name ?? null,
    ...(effects === undefined ? {} : { projectEffects: effects }),
    cases: results.map((r) => ({
      name: r.name,
      scenario: r.scenario,
      year: r.year,
      projectsInService: r.projectsInService,
      contingencies: r.nContingencies,
      busbars: r.capacities.map(busbarCapacityOutput),
    })),
  };
}
