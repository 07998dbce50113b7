import type { FastifyBaseLogger } from 'fastify';
import { describeEngineError, errorMessages } from '@holgura/contracts';
import type { EngineFailure } from './engine-failure';

/** How one kind's runner names its job's end in the log and in the stored message. */
export interface OutcomeContext {
  jobId: string;
  log: FastifyBaseLogger;
  /** Fails the job with this code and Spanish message (and whatever the kind keeps beside it). */
  fail: (code: string, message: string) => Promise<void>;
  /** Logged when the thread answered something else than the outcome: a bug. */
  bugLog: string;
  /** Logged when the engine refused the input. */
  refusedLog: string;
  /** Fields logged with a refusal instead of the engine's detail (a study's case). */
  refusedFields?: Record<string, unknown>;
  /** Appended to the stored message of a refusal (a study's case: " (caso E1_2030)"). */
  messageSuffix?: string;
}

/**
 * The one mapping from a worker thread's answer to a job's outcome: the expected reply with a
 * success is returned; an engine error fails the job with the engine's stable code and its
 * Spanish message (contracts' describeEngineError); any other answer is a bug and fails it with
 * JOB_INTERNAL. Null: the job was failed here and its run is finished.
 */
export async function settleReply<S extends { ok: true }>(
  reply: { type: string; jobId: string },
  expected: string,
  ctx: OutcomeContext,
): Promise<S | null> {
  if (reply.type !== expected || !('outcome' in reply)) {
    ctx.log.error({ jobId: ctx.jobId, reply }, ctx.bugLog);
    await ctx.fail('JOB_INTERNAL', errorMessages.JOB_INTERNAL);
    return null;
  }
  const outcome = reply.outcome as S | EngineFailure;
  if (outcome.ok) return outcome;
  const described = describeEngineError(outcome);
  ctx.log.info(
    { jobId: ctx.jobId, code: outcome.code, ...(ctx.refusedFields ?? { detail: outcome.detail }) },
    ctx.refusedLog,
  );
  await ctx.fail(described.code, `${described.message}${ctx.messageSuffix ?? ''}`);
  return null;
}
