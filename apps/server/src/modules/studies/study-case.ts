import { runStudyCase, type LoadedCase } from '@holgura/engine';
import { engineFailure, readCaseForJob, type EngineFailure } from '../../jobs/engine-failure';
import type { NetworkViewV1, StudyFile } from '@holgura/contracts';
import { buildNetworkView } from '../network/network-view';
import {
  capacityColumns,
  type CapacityColumns,
  type CapacityRunOptions,
} from '../busbar-capacities/busbar-capacities';
import {
  describeStudyCase,
  studyRunOptions,
  toStudySpec,
  type StudyBusbarCase,
} from './study-results';

export type StudyCaseOutcome =
  | {
      ok: true;
      cases: StudyBusbarCase[];
      /** Every bus of the scenario × year network (issue #17), with the study's settings. */
      capacities: CapacityColumns;
    }
  | EngineFailure;

/**
 * The base network last read by this thread, by its upload's content key: a study's cases run
 * one after another on the same thread and each would otherwise read the file again. Study
 * cases copy what they change (engine study/grow-network.ts), so the base is never modified.
 */
let cachedBase: { key: string; loaded: LoadedCase } | null = null;

async function readBase(key: string, bytes: Uint8Array): Promise<LoadedCase> {
  if (cachedBase?.key !== key) cachedBase = { key, loaded: await readCaseForJob(bytes) };
  return cachedBase.loaded;
}

/** A study's settings for the capacity of every bus of its cases (docs/decisions/016). */
export function studyCapacityOptions(study: StudyFile): CapacityRunOptions {
  const options = studyRunOptions(study);
  return {
    capMw: options.capMw,
    postRating: options.postRating,
    distributionFactorCutoff: options.distributionFactorCutoff,
    slack: options.slack,
  };
}

/**
 * One scenario × year case of a user's study, inside an analysis worker thread: the case built
 * from the base network, its busbar capacities and N-1, described as one stored case per busbar,
 * and the capacity of every bus of that case's network (engine allBusbarCapacities on the
 * network runStudyCase built, one thread). Bad input is an outcome with the engine's code, never
 * a crash.
 */
export async function runStudyCaseJob(input: {
  baseKey: string;
  bytes: Uint8Array;
  study: StudyFile;
  scenario: string;
  year: number;
}): Promise<StudyCaseOutcome> {
  try {
    const loaded = await readBase(input.baseKey, input.bytes);
    const spec = toStudySpec(input.study);
    const scenario = spec.scenarios.find((s) => s.name === input.scenario);
    if (scenario === undefined) throw new Error(`scenario ${input.scenario} is not in the study`);
    const result = runStudyCase(
      loaded.network,
      spec,
      scenario,
      input.year,
      studyRunOptions(input.study),
    );
    return {
      ok: true,
      cases: describeStudyCase(result, input.study, {
        acChecks: false,
        format: loaded.format,
        revision: loaded.revision,
      }),
      capacities: capacityColumns(result.network, studyCapacityOptions(input.study)),
    };
  } catch (error) {
    return engineFailure(error);
  }
}

/** The study map's picture of the base network (laid out once, like an analysed case's). */
export async function buildStudyNetworkView(input: {
  baseKey: string;
  bytes: Uint8Array;
}): Promise<NetworkViewV1> {
  const loaded = await readBase(input.baseKey, input.bytes);
  return buildNetworkView(loaded.network, { areaNames: loaded.areaNames });
}
