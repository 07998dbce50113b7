import { runStudyCase, type LoadedCase, type Network } from '@holgura/engine';
import { contingencySetWords } from '@holgura/contracts';
import { engineFailure, readCaseForJob, type EngineFailure } from '../../jobs/engine-failure';
import type { NetworkViewV1, StudyFile } from '@holgura/contracts';
import { buildNetworkView } from '../network/network-view';
import {
  capacityColumns,
  readCapacitySet,
  type CapacityColumns,
  type CapacityContingencyFile,
  type CapacityRunOptions,
  type CapacitySet,
} from '../busbar-capacities/busbar-capacities';
import { setContingencyName } from '../contingency-sets/contingency-set-n1';
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

/** A line of the planner's set that this scenario × year network cannot resolve. */
class UnresolvedInCase extends Error {
  constructor(readonly lines: number) {
    super(`${lines} unresolved lines`);
  }
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
  contingencySet?: CapacityContingencyFile | null;
}): Promise<StudyCaseOutcome> {
  try {
    const loaded = await readBase(input.baseKey, input.bytes);
    const spec = toStudySpec(input.study);
    const scenario = spec.scenarios.find((s) => s.name === input.scenario);
    if (scenario === undefined) throw new Error(`scenario ${input.scenario} is not in the study`);
    const file = input.contingencySet ?? null;
    // Read once per case, against the network the case builds, for its busbars and every bus.
    let set: CapacitySet | undefined;
    const readSet = (net: Network) => {
      set = readCapacitySet(net, file!, loaded.generatorIds);
      // Never computed on part of a planner's list: a line this case's network cannot resolve
      // stops the case, named.
      if (set.unresolved.length > 0 || set.contingencies.length === 0) {
        throw new UnresolvedInCase(set.unresolved.length);
      }
      return {
        contingencies: set.contingencies,
        ...(set.monitored === undefined ? {} : { monitored: set.monitored }),
        nameOf: setContingencyName,
        interfaceName: contingencySetWords.interface,
      };
    };
    const result = runStudyCase(loaded.network, spec, scenario, input.year, {
      ...studyRunOptions(input.study),
      ...(file === null ? {} : { contingencySet: readSet }),
    });
    return {
      ok: true,
      cases: describeStudyCase(result, input.study, {
        acChecks: false,
        format: loaded.format,
        revision: loaded.revision,
      }),
      capacities: capacityColumns(
        result.network,
        studyCapacityOptions(input.study),
        undefined,
        set,
      ),
    };
  } catch (error) {
    if (error instanceof UnresolvedInCase) {
      return {
        ok: false,
        code: 'CONTINGENCY_FILE_UNRESOLVED',
        detail: `${error.lines} unresolved lines`,
      };
    }
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
