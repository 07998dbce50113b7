import type { HourlyCapacityResponse, PlantProfileSpecInput } from '@holgura/contracts';
import type { EngineFailure } from '../../jobs/engine-failure';
import { createRequestThread } from '../../jobs/request-thread';
import type { CapacityRunOptions } from '../busbar-capacities/busbar-capacities';
import type { ProfilesFigures } from './hourly-capacity.repository';

/** The case's analysis options the hourly figures use (its contingency file aside). */
export type HourlyRunOptions = Omit<CapacityRunOptions, 'contingencySet'>;

/** The case as uploaded, under its content key: the thread keeps the last case it read. */
interface CaseInput {
  caseSha256: string;
  networkBytes: Uint8Array;
}

/** The profiles' text under its content key: the thread keeps the last profiles it read. */
interface ProfilesInput {
  profilesSha256: string;
  profilesText: string;
}

/** PUT: read the file against the case and say what it gives. */
export interface ReadProfilesRequest extends CaseInput, ProfilesInput {
  kind: 'read';
  options: HourlyRunOptions;
}

/** GET template.csv: a flat year at the case's own loads. */
export interface TemplateRequest extends CaseInput {
  kind: 'template';
}

/** POST: one bus's capacity in every hour, and what a plant there can count on. */
export interface CapacityRequest extends CaseInput, ProfilesInput {
  kind: 'capacity';
  options: HourlyRunOptions;
  bus: number;
  preExisting: 'ignore' | 'limit';
  plant: { mw: number; profile: PlantProfileSpecInput } | null;
}

export type HourlyRequest = ReadProfilesRequest | TemplateRequest | CapacityRequest;

export type ReadProfilesOutcome =
  { ok: true; format: 'matpower-chgtab' | 'csv'; figures: ProfilesFigures } | EngineFailure;
export type TemplateOutcome = { ok: true; csv: string } | EngineFailure;
export type CapacityOutcome =
  { ok: true; figures: Omit<HourlyCapacityResponse, 'caseId'> } | EngineFailure;

export type HourlyOutcome<R extends HourlyRequest> = R extends ReadProfilesRequest
  ? ReadProfilesOutcome
  : R extends TemplateRequest
    ? TemplateOutcome
    : CapacityOutcome;

export interface HourlyCalculator {
  compute<R extends HourlyRequest>(request: R): Promise<HourlyOutcome<R>>;
  close(): Promise<void>;
}

/** Source (tsx, Vitest) runs hourly-capacity-worker.ts; the bundle its dist/ .js. */
function defaultWorkerUrl(): URL {
  return import.meta.url.endsWith('.ts')
    ? new URL('./hourly-capacity-worker.ts', import.meta.url)
    : new URL('./hourly-capacity-worker.js', import.meta.url);
}

/**
 * A year of hours (issue #32) on its own thread: reading a year of profiles against a case, its
 * infeasible hours and one bus's capacity in each of 8,784 hours take from under a second
 * (ACTIVSg200) to several (ACTIVSg2000), none of which may stall the event loop. One request at
 * a time; the thread keeps the last case, the last profiles and the last bus's hourly series, so
 * another plant size or profile at the same bus answers at once.
 */
export function createHourlyCalculator(workerUrl: URL = defaultWorkerUrl()): HourlyCalculator {
  const thread = createRequestThread<HourlyRequest, HourlyOutcome<HourlyRequest>>(
    workerUrl,
    'hourly-capacity',
  );
  return {
    compute: <R extends HourlyRequest>(request: R) =>
      thread.request(request) as Promise<HourlyOutcome<R>>,
    close: () => thread.close(),
  };
}
