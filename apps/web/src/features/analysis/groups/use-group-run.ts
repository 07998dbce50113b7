import type { AnalysisOptions, JobStatus } from '@holgura/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { ApiClientError } from '../../../lib/api-client';
import { followJob } from '../../../lib/job-progress';
import { es, esAnalysisResults } from '../../../strings/es';
import { analysesQueryOptions, createGroupAnalysis } from '../api/groups';

const t = esAnalysisResults.groups;

/** The group being computed from this page: its analysis and its job's latest status. */
export type GroupRun = { analysisId: string; groupKey: string; job: JobStatus | null };

/**
 * Runs the case again with another study group (decision 013 §2): POST …/analyses, then the
 * job followed to its end with lib/job-progress; the list of groups is refreshed when it
 * starts and when it ends. `onStarted` gets the new analysis (the screen switches to it).
 */
export function useGroupRun(caseId: string, onStarted: (analysisId: string) => void) {
  const queryClient = useQueryClient();
  const [run, setRun] = useState<GroupRun | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [existing, setExisting] = useState(false);
  const abortRef = useRef<AbortController | null>(null);
  useEffect(() => () => abortRef.current?.abort(), []);

  const refreshList = () =>
    queryClient.invalidateQueries({ queryKey: analysesQueryOptions(caseId).queryKey });

  /** Runs `group` with `options` (none: the defaults); resolves when its job has ended. */
  const start = async (group: string, options?: AnalysisOptions) => {
    abortRef.current?.abort();
    const controller = new AbortController();
    abortRef.current = controller;
    setBusy(true);
    setError(null);
    setExisting(false);
    try {
      const answer = await createGroupAnalysis(caseId, group, options, controller.signal);
      const current: GroupRun = {
        analysisId: answer.analysisId,
        groupKey: answer.groupKey,
        job: null,
      };
      setRun(current);
      setExisting(answer.existing);
      onStarted(answer.analysisId);
      await refreshList();
      await followJob(answer.jobId, (job) => setRun({ ...current, job }), controller.signal);
      await refreshList();
    } catch (failure) {
      if (controller.signal.aborted) return;
      setError(
        t.runError(
          failure instanceof ApiClientError ? failure.message : es.analysis.upload.unknownError,
        ),
      );
    } finally {
      if (!controller.signal.aborted) setBusy(false);
    }
  };

  return { run, busy, error, existing, start };
}
