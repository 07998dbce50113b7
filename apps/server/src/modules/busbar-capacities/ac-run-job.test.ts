import { describe, expect, it } from 'vitest';
import { DEFAULT_ANALYSIS_OPTIONS, errorMessages, type AcCapacityResult } from '@holgura/contracts';
import type { ClaimedJob } from '../../jobs/claimed-job';
import type { JobRun } from '../../jobs/job-kinds';
import type { ThreadAnswer } from '../../jobs/worker-protocol';
import { acRunJobRunner, acSliceSize, matchSlice } from './ac-run-job';
import type { AcRunJobStore, AcRunPlan, PendingBus } from './ac-run.store';
import type { AcRunMessage } from './ac-run-thread';

/**
 * The all-bus AC job's runner (issue #31) with its thread and stores replaced: slices stored as
 * they come, a crash losing only the slice under way, a stale figure failing the job, turns.
 */

const capacity = (dcMw: number, acMw = dcMw): AcCapacityResult => ({
  dcMw,
  acMw,
  limitingVariable: 'voltage',
  acLimiting: null,
  checkedContingencies: 10,
  preExisting: { count: 0, items: [] },
  powerFlows: 3,
});

const job: ClaimedJob = {
  id: 'job-1',
  userId: 'u',
  kind: 'ac-capacity',
  caseId: 'c',
  caseName: 'c',
  studyId: null,
  studyVersion: null,
  uploadSha256: 'sha',
  studyGroup: null,
  options: { ...DEFAULT_ANALYSIS_OPTIONS },
  attempts: 1,
  caseBuses: 14,
  slicesDone: 0,
};

const pending = (n: number): PendingBus[] =>
  Array.from({ length: n }, (_, i) => ({ position: i, busNumber: 100 + i, capacityMw: 10 * i }));

function harness(plan: AcRunPlan, answer: (message: AcRunMessage, call: number) => ThreadAnswer) {
  const stored: { position: number; capacity: AcCapacityResult }[] = [];
  const progress: string[] = [];
  const failed: { code: string; message: string }[] = [];
  const messages: AcRunMessage[] = [];
  let finished = false;
  let othersWait = false;
  const runs = {
    plan: () => Promise.resolve(plan),
    store: (_job: ClaimedJob, _plan: unknown, buses: typeof stored) => {
      stored.push(...buses);
      return Promise.resolve('stored' as const);
    },
    yieldIfOthersWait: () => Promise.resolve(othersWait),
    finish: () => {
      finished = true;
      return Promise.resolve(true);
    },
  } as unknown as AcRunJobStore;
  const run: JobRun = {
    job,
    bytes: new Uint8Array([1, 2, 3]),
    talk: (message) => {
      messages.push(message as AcRunMessage);
      return Promise.resolve(answer(message as AcRunMessage, messages.length));
    },
    store: {
      progress: (_id: string, _percent: number, stage: string) => {
        progress.push(stage);
        return Promise.resolve();
      },
      fail: (_id: string, code: string, message: string) => {
        failed.push({ code, message });
        return Promise.resolve();
      },
    } as unknown as JobRun['store'],
    publish: () => Promise.resolve(),
    log: { info: () => undefined, warn: () => undefined, error: () => undefined } as never,
  };
  return {
    runs,
    run,
    stored,
    progress,
    failed,
    messages,
    finished: () => finished,
    othersWait: (value: boolean) => (othersWait = value),
  };
}

/** The thread's answer to a slice: every bus verified from its stored figure. */
const verifiedAnswer = (message: AcRunMessage, dcOf: (bus: number) => number): ThreadAnswer => ({
  type: 'reply',
  reply: {
    type: 'ac-capacity-done',
    jobId: message.jobId,
    outcome: {
      ok: true,
      threads: 2,
      results: message.buses.map((busNumber) => ({
        busNumber,
        capacity: capacity(dcOf(busNumber)),
      })),
    },
  } as never,
});

const plan = (n: number, total = n): AcRunPlan => ({
  resultKey: 1,
  figure: 'attributable',
  total,
  pending: pending(n),
  caseBuses: 14,
  options: { ...DEFAULT_ANALYSIS_OPTIONS },
  onContingencySet: false,
});

const dcOf = (bus: number) => 10 * (bus - 100);

describe('the all-bus AC job’s runner (issue #31)', () => {
  it('stores each slice as it comes: a thread that dies loses only the slice under way', async () => {
    const h = harness(plan(10), (message, call) =>
      call === 1 ? verifiedAnswer(message, dcOf) : { type: 'crashed', reason: 'exit 3' },
    );
    const outcome = await acRunJobRunner(h.runs, () => Promise.resolve(null), 4)(h.run);
    expect(outcome).toBe('crashed');
    expect(h.stored.map((bus) => bus.position)).toEqual([0, 1, 2, 3]);
    expect(h.messages.map((m) => [m.done, m.buses.length, m.total])).toEqual([
      [0, 4, 10],
      [4, 4, 10],
    ]);
    expect(h.progress).toEqual(['ac-capacities:0/10', 'ac-capacities:4/10']);
    expect(h.finished()).toBe(false);

    // The retry reads what is left: it goes on from there, and closes the job.
    const retry = harness({ ...plan(10), pending: pending(10).slice(4) }, (message) =>
      verifiedAnswer(message, dcOf),
    );
    expect(await acRunJobRunner(retry.runs, () => Promise.resolve(null), 4)(retry.run)).toBe(
      'finished',
    );
    expect(retry.messages.map((m) => m.done)).toEqual([4, 8]);
    expect(retry.stored.map((bus) => bus.position)).toEqual([4, 5, 6, 7, 8, 9]);
    expect(retry.finished()).toBe(true);
  });

  it('fails the job when a stored figure is not found again, keeping the slice’s others', async () => {
    const h = harness(plan(4), (message) =>
      verifiedAnswer(message, (bus) => dcOf(bus) + (bus === 102 ? 5 : 0)),
    );
    expect(await acRunJobRunner(h.runs, () => Promise.resolve(null), 4)(h.run)).toBe('finished');
    expect(h.stored.map((bus) => bus.position)).toEqual([0, 1, 3]);
    expect(h.failed).toEqual([
      { code: 'BUSBAR_AC_CHECK_STALE', message: errorMessages.BUSBAR_AC_CHECK_STALE },
    ]);
    expect(h.finished()).toBe(false);
  });

  it('gives its turn away between slices when another job waits; fails a run whose result is gone', async () => {
    const h = harness(plan(10), (message) => verifiedAnswer(message, dcOf));
    h.othersWait(true);
    expect(await acRunJobRunner(h.runs, () => Promise.resolve(null), 4)(h.run)).toBe('finished');
    expect(h.messages).toHaveLength(1);
    expect(h.stored).toHaveLength(4);
    expect(h.finished()).toBe(false);

    const gone = harness(plan(0), () => ({ type: 'crashed', reason: 'never asked' }));
    (gone.runs as unknown as { plan: () => Promise<null> }).plan = () => Promise.resolve(null);
    expect(await acRunJobRunner(gone.runs, () => Promise.resolve(null))(gone.run)).toBe('finished');
    expect(gone.failed[0]!.code).toBe('BUSBAR_AC_ALL_RESULT_GONE');
  });

  it('sizes slices to about 40 s on two threads, and matches answers to the stored figures', () => {
    expect(acSliceSize(200)).toBe(400);
    expect(acSliceSize(2000)).toBe(320);
    expect(acSliceSize(10_000)).toBe(39);
    const slice = pending(3);
    const { verified, stale } = matchSlice(slice, [
      { busNumber: 100, capacity: capacity(0) },
      { busNumber: 101, capacity: capacity(10.5) },
    ]);
    expect(verified.map((bus) => bus.position)).toEqual([0]);
    // Another figure, and one the engine did not verify at all (outside its island).
    expect(stale).toEqual([101, 102]);
  });
});
