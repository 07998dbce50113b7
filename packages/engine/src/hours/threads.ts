import { spawnWorker } from '../busbar/all/threads';
import type { Network } from '../model/network';
import type { BusHours, HourlyCapacityOptions, HourlyCapacityResult } from './hourly-capacity';
import { hourlyCapacities } from './hourly-capacity';
import type { HourlyProfiles } from './profiles';

/**
 * Many buses' years on every core (issue #32: every bus of ACTIVSg2000 × 8,784 hours in ≤ 5 min
 * on 2 cores). The network is the same for every bus, and each bus's year is independent of the
 * others' after the case-wide first pass (about a second), so the buses are dealt round-robin
 * into one part per thread: this thread computes the first part, each helper thread another
 * (each repeating the first pass), and the parts join in the order asked. A helper that cannot
 * start or fails leaves its part to this thread: nothing depends on it.
 */

/** What a helper thread is given. */
export interface HoursWorkerData {
  readonly net: Network;
  readonly profiles: HourlyProfiles;
  readonly options: Omit<HourlyCapacityOptions, 'onProgress'>;
}

/** What it answers: its buses' years and the buses it could not compute. */
export interface HoursWorkerAnswer {
  readonly results: BusHours[];
  readonly skippedBuses: number[];
}

/** Fewer buses than this per thread are not worth a thread's first pass and copy of the case. */
export const MIN_BUSES_PER_THREAD = 8;

/**
 * The helper's entry: hours-worker.ts beside this module (sources), or hours-worker.js beside
 * the bundle that holds it (packages/engine/build.mjs names that entry).
 */
export function defaultHoursWorker(): URL {
  const here = import.meta.url;
  return new URL(here.endsWith('.ts') ? './hours-worker.ts' : './hours-worker.js', here);
}

export interface HoursThreadsOptions {
  /** Threads in all, this one included (default 1: this one; the CLI gives the machine's cores). */
  readonly threads?: number;
  readonly worker?: URL;
}

export interface ThreadedHourlyResult extends HourlyCapacityResult {
  /** Threads whose part is in the result: this one and each helper that answered. */
  readonly threads: number;
}

export async function hourlyCapacitiesOnThreads(
  net: Network,
  profiles: HourlyProfiles,
  options: HourlyCapacityOptions = {},
  threading: HoursThreadsOptions = {},
): Promise<ThreadedHourlyResult> {
  const t0 = performance.now();
  const asked = options.buses
    ? Array.from(options.buses)
    : Array.from({ length: net.buses.count }, (_, b) => b);
  const most = threading.threads ?? 1;
  const parts = Math.max(1, Math.min(most, Math.floor(asked.length / MIN_BUSES_PER_THREAD)));
  if (parts <= 1) return { ...hourlyCapacities(net, profiles, options), threads: 1 };

  const subsets = Array.from({ length: parts }, (_, p) => asked.filter((_, i) => i % parts === p));
  const { onProgress, ...plain } = options;
  const worker = threading.worker ?? defaultHoursWorker();
  // The helpers get their copies of the case before this thread starts its own part.
  const helpers = subsets
    .slice(1)
    .map((buses) =>
      runHelper(worker, { net, profiles, options: { ...plain, buses } }).catch(() => null),
    );
  const mine = hourlyCapacities(net, profiles, {
    ...options,
    buses: subsets[0]!,
    ...(onProgress ? { onProgress: (f: number) => onProgress(f / parts) } : {}),
  });
  const answers: HoursWorkerAnswer[] = [{ results: mine.results, skippedBuses: mine.skippedBuses }];
  let threads = 1;
  for (const [at, pending] of helpers.entries()) {
    const answer = await pending;
    if (answer !== null) {
      answers.push(answer);
      threads++;
    } else {
      const r = hourlyCapacities(net, profiles, { ...plain, buses: subsets[at + 1]! });
      answers.push({ results: r.results, skippedBuses: r.skippedBuses });
    }
    onProgress?.((at + 2) / parts);
  }

  const byBus = new Map<number, BusHours>();
  const skipped = new Set<number>();
  for (const answer of answers) {
    for (const r of answer.results) byBus.set(r.bus, r);
    for (const b of answer.skippedBuses) skipped.add(b);
  }
  return {
    ...mine,
    results: asked.flatMap((b) => byBus.get(b) ?? []),
    skippedBuses: asked.filter((b) => skipped.has(b)),
    timingsMs: { ...mine.timingsMs, total: performance.now() - t0 },
    threads,
  };
}

/** One helper's part: its answer, or a rejection when it cannot start or fails. */
function runHelper(url: URL, data: HoursWorkerData): Promise<HoursWorkerAnswer> {
  return new Promise((resolve, reject) => {
    const worker = spawnWorker(url, data);
    worker.once('message', (answer: HoursWorkerAnswer) => {
      resolve(answer);
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the hours helper exited with code ${code}`)));
  });
}
