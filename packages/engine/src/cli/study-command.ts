import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describeStudyErrors, studyFileSchema, type StudyFile } from '@holgura/contracts';
import type { SlackRule } from '../base/base-dispatch';
import type { Network } from '../model/network';
import { projectEffects } from '../study/project-effects';
import {
  contingencyName,
  readDefinitionBundle,
  type DefinitionBundle,
} from '../contingency/sets/read-definitions';
import type { ContingencyCounts } from '../contingency/sets/contingency-set';
import {
  runStudy,
  type StudyBusbarVerification,
  type StudyContingencySet,
} from '../study/run-study';
import { allCapacitiesOnSet, readText } from './contingency-set-command';
import { CliInputError } from './cli-error';
import { toStudySpec } from './study-spec';
import type { CommandOutput } from './format';
import { loadCaseFile } from './load-case';
import type { Progress } from './progress';
import {
  allCapacities,
  BUSBAR_COLUMNS,
  busbarCapacityOutput,
  busbarCells,
} from './transfer-commands';

/**
 * Reads and validates a study file with the contracts' schema (the one the API uses), so the CLI
 * accepts exactly the files the web app does and lists every problem at once. Its messages are
 * the product's, in Spanish.
 */
export function readStudyFile(studyPath: string): StudyFile & { baseCase: string };
export function readStudyFile(studyPath: string, needsBaseCase: false): StudyFile;
export function readStudyFile(studyPath: string, needsBaseCase = true): StudyFile {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(studyPath, 'utf8'));
  } catch (e) {
    throw new CliInputError(
      'INPUT_UNREADABLE',
      `cannot read the study file ${studyPath}: ${(e as Error).message}`,
    );
  }
  const parsed = studyFileSchema.safeParse(raw);
  const problems = parsed.success ? [] : describeStudyErrors(parsed.error);
  // Optional in the schema (the web app sends the case as an upload); the CLI reads it from disk.
  const baseCase = parsed.success ? parsed.data.baseCase : readBaseCase(raw);
  if (!needsBaseCase && parsed.success) return parsed.data;
  if (baseCase === undefined && !problems.some((p) => p.startsWith('baseCase:'))) {
    problems.push('baseCase: Indica el archivo del caso base, relativo al archivo del estudio');
  }
  if (!parsed.success || baseCase === undefined) throw invalid(studyPath, problems);
  return { ...parsed.data, baseCase };
}

function readBaseCase(raw: unknown): string | undefined {
  const value = (raw as { baseCase?: unknown } | null)?.baseCase;
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

function invalid(studyPath: string, problems: string[]): CliInputError {
  const count = problems.length === 1 ? '1 problem' : `${problems.length} problems`;
  return new CliInputError('STUDY_FILE_INVALID', `${studyPath} has ${count}:`, problems);
}

/** Every bus the study names that the base case lacks, as one list (not the first only). */
function missingBuses(study: StudyFile, network: Network): string[] {
  const present = new Set(network.buses.number);
  const problems: string[] = [];
  const check = (bus: number, where: string) => {
    if (!present.has(bus)) problems.push(`${where}: La barra ${bus} no está en el caso base`);
  };
  study.busbars.forEach((bus, i) => check(bus, `busbars.${i}`));
  study.scenarios.forEach((s, i) =>
    s.interchanges.forEach((x, j) => check(x.bus, `scenarios.${i}.interchanges.${j}.bus`)),
  );
  study.projects.forEach((p, i) => {
    p.branches.forEach((b, j) => {
      check(b.fromBus, `projects.${i}.branches.${j}.fromBus`);
      check(b.toBus, `projects.${i}.branches.${j}.toBus`);
    });
    p.units.forEach((u, j) => check(u.bus, `projects.${i}.units.${j}.bus`));
  });
  return problems;
}

export interface StudyCommandOptions {
  readonly projectEffects: boolean;
  /**
   * Also the capacity of every bus of each scenario × year network (as `capacity --all`, with
   * the study's cap, rating and cutoff): what the web app stores for each case of a study.
   */
  readonly allBuses?: boolean;
  /** Overrides the file's options.slack (`--slack single` reproduces earlier figures). */
  readonly slack?: SlackRule;
  /**
   * Issue #30: a planner's contingency file (contab or .con) with its .sub and .mon, read again
   * against every scenario × year network; absent: every branch, one at a time.
   */
  readonly contingencies?: { file: string; subsystems?: string; monitored?: string };
}

/** What one scenario × year case read of the planner's files. */
interface CaseSetReading {
  bundle: DefinitionBundle;
  counts: ContingencyCounts;
  unresolved: { file: string; line: number; text: string; reason: string }[];
}

/**
 * `holgura study STUDY.json`: every scenario × year case of the study with its busbar
 * capacities; `baseCase` is a case file path relative to the study file.
 */
export async function study(
  studyPath: string,
  options: StudyCommandOptions,
  progress: Progress,
): Promise<CommandOutput> {
  progress.stage('reading the study file…');
  const file = readStudyFile(studyPath);
  progress.stage(`reading ${file.baseCase}…`);
  const { network, generatorIds } = await loadCaseFile(
    path.resolve(path.dirname(studyPath), file.baseCase),
  );
  const missing = missingBuses(file, network);
  if (missing.length > 0) throw invalid(studyPath, missing);
  const spec = toStudySpec(file);
  const definitions = options.contingencies;
  const texts =
    definitions === undefined
      ? null
      : {
          contingencies: { name: definitions.file, text: await readText(definitions.file) },
          ...(definitions.subsystems === undefined
            ? {}
            : {
                subsystems: {
                  name: definitions.subsystems,
                  text: await readText(definitions.subsystems),
                },
              }),
          ...(definitions.monitored === undefined
            ? {}
            : {
                monitored: {
                  name: definitions.monitored,
                  text: await readText(definitions.monitored),
                },
              }),
        };
  // Each case reads the files again against its own network; what it read is reported with it.
  const readings: CaseSetReading[] = [];
  const contingencySet =
    texts === null
      ? undefined
      : (net: Network): StudyContingencySet => {
          const bundle = readDefinitionBundle(
            texts,
            net,
            generatorIds === undefined ? {} : { generatorIds },
          );
          readings.push({
            bundle,
            counts: bundle.set.counts,
            unresolved: bundle.unresolved.map((u) => ({
              file: u.file,
              line: u.line,
              text: u.text,
              reason: u.reason,
            })),
          });
          return {
            contingencies: bundle.set.contingencies,
            ...(bundle.monitored === null ? {} : { monitored: bundle.monitored }),
            nameOf: (n, c) => `${c.label}: ${contingencyName(n, c)}`,
          };
        };
  // Issue #31: the file's checks beyond DC (AC verification, the weak grid).
  const asked = file.options.verification;
  const verification =
    asked === undefined || (!asked.ac && !asked.shortCircuit)
      ? undefined
      : {
          ac: asked.ac,
          ...(asked.shortCircuit
            ? {
                shortCircuit: {
                  scrMin: asked.scrMin,
                  ...(asked.xdPu === undefined ? {} : { xdPu: asked.xdPu }),
                },
              }
            : {}),
        };
  const studyOptions = {
    busbars: file.busbars,
    capMw: file.options.tmaxMw,
    postRating: file.options.postContingencyRating,
    distributionFactorCutoff: file.options.distributionFactorCutoff,
    preExisting: file.options.preExistingViolations,
    slack: options.slack ?? file.options.slack,
    ...(contingencySet === undefined ? {} : { contingencySet }),
    ...(verification === undefined ? {} : { verification }),
  };
  const total = spec.scenarios.length * spec.years.length;
  const busbars = `${file.busbars.length} busbar${file.busbars.length === 1 ? '' : 's'}`;
  progress.stage(`case 1/${total}: N-1 and capacity of ${busbars}…`);
  const results = runStudy(network, spec, studyOptions, (done, _total, result) => {
    if (done < total) {
      progress.stage(`case ${done + 1}/${total} (${result.name} done): capacity of ${busbars}…`);
    }
  });
  let effects;
  if (options.projectEffects) {
    progress.stage(`effect of ${spec.projects.length} projects…`);
    effects = projectEffects(network, spec, studyOptions);
  }
  const unresolvedCases = results.filter((_, i) => (readings[i]?.unresolved.length ?? 0) > 0);
  const allBuses = results.map((r, i) => {
    if (options.allBuses !== true) return undefined;
    progress.stage(`case ${i + 1}/${total} (${r.name}): capacity of every bus…`);
    const reading = readings[i];
    const output =
      reading === undefined
        ? allCapacities(r.network, {
            postRating: studyOptions.postRating,
            capMw: studyOptions.capMw,
            distributionFactorCutoff: studyOptions.distributionFactorCutoff,
            preExisting: studyOptions.preExisting,
            slack: studyOptions.slack,
          })
        : allCapacitiesOnSet(r.network, reading.bundle.set, {
            postRating: studyOptions.postRating,
            capMw: studyOptions.capMw,
            preExisting: studyOptions.preExisting,
            slack: studyOptions.slack,
            pickup: 'headroom',
            ...(reading.bundle.monitored === null ? {} : { monitored: reading.bundle.monitored }),
          });
    return (output.json as { results: unknown[] }).results;
  });
  const cases = results.map((r, i) => ({
    name: r.name,
    scenario: r.scenario,
    year: r.year,
    projectsInService: r.projectsInService,
    contingencies: r.nContingencies,
    ...(texts === null
      ? {}
      : {
          contingencySet: { counts: readings[i]!.counts, unresolved: readings[i]!.unresolved },
        }),
    ...(r.shortCircuit === undefined ? {} : { shortCircuit: r.shortCircuit }),
    busbars: r.capacities.map((b) => ({
      ...busbarCapacityOutput(b, r),
      ...(b.verification === undefined ? {} : verificationOutput(b.verification)),
    })),
    ...(allBuses[i] === undefined ? {} : { allBuses: allBuses[i] }),
  }));
  return {
    json: {
      name: file.name,
      ...(effects === undefined ? {} : { projectEffects: effects }),
      cases,
    },
    table: {
      summary: [
        `${file.name}: ${cases.length} cases × ${busbars}`,
        `cap: ${file.options.tmaxMw} MW; post-contingency rating: ${file.options.postContingencyRating}; pre-existing violations: ${file.options.preExistingViolations}`,
        texts === null
          ? 'contingencies: every in-service branch, one at a time'
          : `contingencies: ${texts.contingencies.name} (${readings[0]!.counts.total} in ${results[0]!.name}), a lost unit's output made up by the others' room up`,
        ...unresolvedCases.map(
          (r) =>
            `WARNING ${r.name}: ${readings[results.indexOf(r)]!.unresolved.length} lines of the files name nothing in this case and were left out (see --format json)`,
        ),
      ],
      columns: [
        { header: 'case' },
        { header: 'scenario' },
        { header: 'year' },
        ...BUSBAR_COLUMNS,
        ...(verification === undefined ? [] : VERIFICATION_COLUMNS),
      ],
      rows: cases.flatMap((c) =>
        c.busbars.map((b) => [
          c.name,
          c.scenario,
          c.year,
          ...busbarCells(b),
          ...(verification === undefined ? [] : verificationCells(b)),
        ]),
      ),
    },
  };
}

/** Issue #31: a busbar's checks beyond DC, for the output (NaN as null). */
function verificationOutput(v: StudyBusbarVerification) {
  const lim = v.ac?.acLimiting ?? null;
  return {
    verifiedMw: v.capacityMw,
    limitingVariable: v.limitingVariable,
    acMw: v.ac?.acMw ?? null,
    acLimiting:
      lim === null
        ? null
        : {
            variable: lim.variable,
            elementName: lim.elementName,
            contingencyName: lim.contingencyName,
            value: Number.isFinite(lim.value) ? lim.value : null,
            limit: Number.isFinite(lim.limit) ? lim.limit : null,
            unit: lim.unit,
          },
    weakGridMw: v.strength?.weakGridMw ?? null,
    sccMinMva: v.strength?.sccMinMva ?? null,
  };
}

const VERIFICATION_COLUMNS = [
  { header: 'acMw', decimals: 1 },
  { header: 'weakGridMw', decimals: 1 },
  { header: 'verifiedMw', decimals: 1 },
  { header: 'limitingVariable' },
];

function verificationCells(b: Partial<ReturnType<typeof verificationOutput>>) {
  return [b.acMw ?? null, b.weakGridMw ?? null, b.verifiedMw ?? null, b.limitingVariable ?? null];
}
