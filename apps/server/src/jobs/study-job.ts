import type { FastifyBaseLogger } from 'fastify';
import { errorMessages } from '@holgura/contracts';
import type { ClaimedJob, JobQueueStore } from './jobs.repository';
import { settleReply } from './job-outcome';
import type { StudyCaseOutcome } from './study-case';
import type { RunOutcome, ThreadTalk } from './worker-protocol';

/**
 * A study job on one worker thread (issue #15): its scenario × year cases one at a time, each
 * stored as soon as it is computed. Between two cases it gives its turn away when another job is
 * waiting (`yieldTurn`: it goes behind that job in the queue and resumes at its next case), so a
 * large study never holds up other users' uploads for longer than one case. When every case is
 * stored, the version becomes the study's results.
 */
export async function runStudyJob(deps: {
  job: ClaimedJob;
  bytes: Uint8Array;
  talk: ThreadTalk;
  store: JobQueueStore;
  publish: (jobId: string) => Promise<void>;
  log: FastifyBaseLogger;
}): Promise<RunOutcome> {
  const { job, bytes, talk, store, publish, log } = deps;
  const plan = await store.study.plan(job);
  if (plan === null) {
    // The study was deleted while its job waited.
    await store.fail(job.id, 'STUDY_NOT_FOUND', errorMessages.STUDY_NOT_FOUND);
    return 'finished';
  }
  const steps = plan.caseCount + (plan.needsView ? 1 : 0);
  let done = plan.caseCount - plan.pending.length;
  const baseKey = job.uploadSha256;

  for (const slice of plan.pending) {
    const name = `${slice.scenario}_${slice.year}`;
    const busbars = plan.study.busbars.length;
    await store.progress(
      job.id,
      (100 * done) / steps,
      `Caso ${done + 1} de ${plan.caseCount}: ${name} (${busbars} ${busbars === 1 ? 'barra' : 'barras'})`,
    );
    await publish(job.id);
    const answer = await talk({
      type: 'study-case',
      jobId: job.id,
      baseKey,
      bytes: bytes.slice(),
      study: plan.study,
      scenario: slice.scenario,
      year: slice.year,
    });
    if (answer.type === 'crashed') return 'crashed';
    const outcome = await settleReply<Extract<StudyCaseOutcome, { ok: true }>>(
      answer.reply,
      'study-case-done',
      {
        jobId: job.id,
        log,
        fail: (code, message) => store.fail(job.id, code, message),
        bugLog: 'study case failed with a bug',
        refusedLog: 'study case refused',
        refusedFields: { case: name },
        messageSuffix: ` (caso ${name})`,
      },
    );
    if (outcome === null) return 'finished';
    done += 1;
    const stored = await store.study.storeCase(job, slice, outcome.cases, outcome.capacities, {
      percent: (100 * done) / steps,
      stage: `Caso ${done} de ${plan.caseCount} listo: ${name}`,
    });
    if (stored === 'stopped') return 'finished';
    await publish(job.id);
    const more = done < plan.caseCount;
    if (more && (await store.study.othersWaiting(job.id)) && (await store.study.yieldTurn(job))) {
      return 'finished';
    }
  }

  if (plan.needsView) {
    await store.progress(job.id, (100 * done) / steps, 'Dibujando la red del estudio');
    await publish(job.id);
    const answer = await talk({ type: 'study-view', jobId: job.id, baseKey, bytes: bytes.slice() });
    if (answer.type === 'crashed') return 'crashed';
    if (answer.reply.type === 'study-view-done' && answer.reply.view !== null) {
      await store.study.saveView(job, answer.reply.view);
    }
  }
  await store.study.finish(job);
  return 'finished';
}
