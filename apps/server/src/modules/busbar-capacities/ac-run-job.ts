import { acSecondsPerBus, errorMessages, progressStage } from '@holgura/contracts';
import type { JobRunner } from '../../jobs/job-kinds';
import { settleReply } from '../../jobs/job-outcome';
import type { AcRunJobStore, PendingBus } from './ac-run.store';
import type { AcRunMessage, AcRunOutcome } from './ac-run-thread';
import { capacityRunOptions, type CapacityContingencyFile } from './busbar-capacities';

/** About this long of work per slice on two threads: what a crash may lose, a turn may hold. */
const SLICE_SECONDS = 40;

/** Buses per slice for a case of this size: about SLICE_SECONDS, between 4 and 400. */
export function acSliceSize(caseBuses: number): number {
  return Math.max(4, Math.min(400, Math.round((2 * SLICE_SECONDS) / acSecondsPerBus(caseBuses))));
}

/** A stored DC figure found again by the AC verification (the same test as one bus's). */
const sameFigure = (storedMw: number, dcMw: number) =>
  Math.abs(dcMw - storedMw) <= 1e-6 * Math.max(1, storedMw);

/**
 * An 'ac-capacity' job (issue #31, «Verificar todas en AC»): the buses its run asked for and not
 * stored yet, least MW first, a slice at a time on two threads (ac-run-thread.ts); each slice is
 * stored when it comes back, so a crash, a cancel or a failure loses only the slice under way,
 * and a retry (or a new request) goes on with the rest. Between slices it gives its turn away
 * when another job waits, as a study does between its cases: one user's long verification never
 * holds up other users' work for longer than a slice. A bus whose stored DC figure this engine
 * does not find again fails the job (BUSBAR_AC_CHECK_STALE): it is verified on what was stored or
 * not at all.
 */
export function acRunJobRunner(
  runs: AcRunJobStore,
  /** The case's contingency file (issue #30), read when the job runs; null: none now. */
  contingencyFileOf: (caseId: string) => Promise<CapacityContingencyFile | null>,
  /** Buses per slice (tests); default acSliceSize of the case. */
  sliceBuses?: number,
): JobRunner {
  return async ({ job, bytes, talk, store, publish, log }) => {
    const plan = await runs.plan(job);
    if (plan === null) {
      await store.fail(
        job.id,
        'BUSBAR_AC_ALL_RESULT_GONE',
        errorMessages.BUSBAR_AC_ALL_RESULT_GONE,
      );
      return 'finished';
    }
    const file =
      plan.onContingencySet && job.caseId !== null ? await contingencyFileOf(job.caseId) : null;
    if (plan.onContingencySet && file === null) {
      await store.fail(job.id, 'BUSBAR_AC_CHECK_STALE', errorMessages.BUSBAR_AC_CHECK_STALE);
      return 'finished';
    }
    const options = {
      ...capacityRunOptions(plan.options),
      ...(file === null ? {} : { contingencySet: file }),
    };
    const size = sliceBuses ?? acSliceSize(job.caseBuses ?? plan.caseBuses);
    let done = plan.total - plan.pending.length;
    for (let from = 0; from < plan.pending.length; from += size) {
      const slice = plan.pending.slice(from, from + size);
      const percent = plan.total === 0 ? 0 : Math.min(99, Math.floor((100 * done) / plan.total));
      await store.progress(job.id, percent, progressStage.acCapacities(done, plan.total));
      await publish(job.id);
      const copy = bytes.slice();
      const answer = await talk(
        {
          type: 'ac-capacity-run',
          jobId: job.id,
          attempt: job.attempts,
          key: job.uploadSha256,
          bytes: copy,
          options,
          figure: plan.figure,
          buses: slice.map((bus) => bus.busNumber),
          done,
          total: plan.total,
        } satisfies AcRunMessage as AcRunMessage,
        [copy.buffer as ArrayBuffer],
      );
      if (answer.type === 'crashed') return 'crashed';
      const outcome = await settleReply<Extract<AcRunOutcome, { ok: true }>>(
        answer.reply,
        'ac-capacity-done',
        {
          jobId: job.id,
          log,
          fail: (code, message) => store.fail(job.id, code, message),
          bugLog: 'all-bus AC verification failed with a bug',
          refusedLog: 'all-bus AC verification refused',
        },
      );
      if (outcome === null) return 'finished';
      const { verified, stale } = matchSlice(slice, outcome.results);
      if ((await runs.store(job, plan, verified)) === 'stopped') return 'finished';
      if (stale.length > 0) {
        log.info(
          { jobId: job.id, buses: stale.slice(0, 10) },
          'all-bus AC: the stored capacity is not what this version computes',
        );
        await store.fail(job.id, 'BUSBAR_AC_CHECK_STALE', errorMessages.BUSBAR_AC_CHECK_STALE);
        return 'finished';
      }
      if (outcome.threads === 1 && slice.length > 1) {
        log.warn({ jobId: job.id }, 'all-bus AC: the helper thread was lost; one thread did both');
      }
      done += slice.length;
      const more = from + size < plan.pending.length;
      if (more && (await runs.yieldIfOthersWait(job))) return 'finished';
    }
    await runs.finish(job);
    return 'finished';
  };
}

/**
 * A slice's answers against its buses: those verified from the stored DC figure, and the
 * numbers of those this engine did not find again (another figure, or none).
 */
export function matchSlice<C extends { dcMw: number }>(
  slice: readonly PendingBus[],
  results: readonly { busNumber: number; capacity: C }[],
): { verified: { position: number; capacity: C }[]; stale: number[] } {
  const byBus = new Map(results.map((result) => [result.busNumber, result.capacity]));
  const verified: { position: number; capacity: C }[] = [];
  const stale: number[] = [];
  for (const bus of slice) {
    const capacity = byBus.get(bus.busNumber);
    if (capacity === undefined || !sameFigure(bus.capacityMw, capacity.dcMw)) {
      stale.push(bus.busNumber);
    } else verified.push({ position: bus.position, capacity });
  }
  return { verified, stale };
}
