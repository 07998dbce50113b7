import type { CaseResultFacts, CaseSummary, JobStatus, N1Loading } from '@holgura/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Card } from '../../../components/ui/card';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { es } from '../../../strings/es';
import { esContingencySets } from '../../../strings/es-contingency-sets';
import { cancelJob, followJob } from '../../../lib/job-progress';
import { toast } from 'sonner';
import { contingencySetQueryOptions } from '../api/contingency-sets';
import { caseResultQueryOptions } from '../api/result-parts';
import { JobProgress } from '../../../components/ui/job-progress';
import { FlexibilitySection } from '../flexibility/flexibility-view';
import { CaseReportButtons } from './case-report-buttons';
import { Figures } from './figures';
import { loadingColumns, WorstRowsTable } from './worst-rows-table';
import { BaseCaseNotes } from '../../../components/input-checks/base-case-notes';

const t = es.analysis.results;

type CaseResultsProps = {
  selected: CaseSummary | null;
  /** A selected case still being analysed has finished: the list is read again. */
  onAnalysisFinished: () => void;
};

/** 'Resultados del caso seleccionado': the case's stored N-1 result, nothing invented. */
export function CaseResults({ selected, onAnalysisFinished }: CaseResultsProps) {
  const analysis = selected?.analysis ?? null;
  return (
    <Card titleId="resultados-titulo" title={t.heading}>
      {selected === null ? (
        <p className="mt-3 text-slate-600">{t.noSelection}</p>
      ) : (
        <>
          <div className="mt-1 flex flex-wrap items-center justify-between gap-2">
            <p className="text-sm font-medium text-sky-800" data-testid="results-case-name">
              {selected.caseName}
            </p>
            {/* Its report (issue #29), beside the case it is of: once its analysis is done. */}
            {analysis?.state === 'done' && (
              <CaseReportButtons
                key={selected.caseId}
                caseId={selected.caseId}
                caseName={selected.caseName}
              />
            )}
          </div>
          {analysis?.state === 'cancelled' ? (
            <Notice tone="warning" title={t.cancelledTitle} className="mt-4">
              {t.cancelledBody}
            </Notice>
          ) : analysis?.state === 'failed' ? (
            // A failed upload has no results to ask for: its error is the result (issue #16).
            <Notice tone="error" title={t.failedTitle} className="mt-4">
              {analysis.error?.message ?? es.analysis.upload.unknownError}
            </Notice>
          ) : analysis !== null && analysis.state !== 'done' ? (
            <CaseInProgress
              key={analysis.jobId}
              jobId={analysis.jobId}
              onFinished={onAnalysisFinished}
            />
          ) : (
            <CaseData
              key={selected.caseId}
              caseId={selected.caseId}
              // Its busbar capacities follow a done upload (shown below, issue #17).
              capacities={analysis?.state === 'done'}
            />
          )}
        </>
      )}
    </Card>
  );
}

/** A case whose analysis is still running: its progress, then the list is read again. */
function CaseInProgress({ jobId, onFinished }: { jobId: string; onFinished: () => void }) {
  const [job, setJob] = useState<JobStatus | null>(null);
  const [cancelling, setCancelling] = useState(false);
  const cancel = () => {
    setCancelling(true);
    cancelJob(jobId).then(
      () => setCancelling(false),
      (error: unknown) => {
        setCancelling(false);
        toast.error(es.jobs.cancelFailed(error instanceof Error ? error.message : String(error)));
      },
    );
  };
  useEffect(() => {
    const controller = new AbortController();
    followJob(jobId, setJob, controller.signal).then(
      () => onFinished(),
      () => undefined,
    );
    return () => controller.abort();
    // The job is followed once; a new callback identity is not a new job.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [jobId]);
  const upload = es.analysis.upload;
  return (
    <div className="mt-4">
      <Notice tone="warning" title={t.analysingTitle}>
        {t.analysingBody}
      </Notice>
      {job !== null && (
        <JobProgress
          job={job}
          label={upload.progressLabel}
          failedTitle={upload.failedTitle}
          queued={upload.queued}
          running={upload.running}
          cancel={{ onCancel: cancel, busy: cancelling }}
        />
      )}
    </div>
  );
}

/**
 * The selected case's result, read in parts (issue #16): its summary first — the N-1 figures and
 * the flexibility's levels — then, inside the flexibility view, only the pages shown.
 */
function CaseData({ caseId, capacities }: { caseId: string; capacities: boolean }) {
  const result = useQuery(caseResultQueryOptions(caseId, null));
  if (result.isError) {
    return (
      <Notice tone="error" className="mt-4">
        {t.error(result.error.message)}
      </Notice>
    );
  }
  if (result.isPending) return <Spinner label={t.loading} className="mt-4 py-10" />;
  return (
    <div className="mt-4 space-y-6">
      <FlexibilitySection
        key={caseId}
        caseId={caseId}
        upload={result.data}
        capacities={capacities}
      />
      {result.data.facts === null ? (
        <Notice tone="warning">{t.noAnalysis}</Notice>
      ) : (
        <N1Summary caseId={caseId} analysis={result.data.facts} />
      )}
    </div>
  );
}

function N1Summary({ caseId, analysis }: { caseId: string; analysis: CaseResultFacts }) {
  const { counts } = analysis.network;
  const { n1 } = analysis;
  // The planner's own contingencies (issue #30): these figures are not on them.
  const contingencySet = useQuery(contingencySetQueryOptions(caseId)).data?.set ?? null;
  return (
    <>
      <Figures
        title={t.networkTitle}
        items={[
          [t.buses, counts.buses, 'buses'],
          [t.branches, counts.branches, 'branches'],
          [t.generators, counts.generators, 'generators'],
          [t.loads, counts.loads, 'loads'],
          [t.islands, counts.islands, 'islands'],
        ]}
      />
      <div>
        <Figures
          title={t.n1Title}
          items={[
            [t.contingencies, n1.contingencies, 'contingencies'],
            [t.islandingContingencies, n1.islandingContingencies, 'islandingContingencies'],
            [t.monitored, n1.monitored, 'monitored'],
            [t.baseCaseOverloads, n1.baseCaseOverloads, 'baseCaseOverloads'],
            [t.overloadedPairs, n1.overloadedPairs, 'overloadedPairs'],
          ]}
        />
        {contingencySet !== null && (
          <p className="mt-2 text-sm text-slate-700" data-testid="n1-contingency-set-note">
            {esContingencySets.caseN1Note(contingencySet.fileName)}
          </p>
        )}
      </div>
      <BaseCaseNotes baseCase={analysis.baseCase} figure="n1" />
      <TopLoadings rows={n1.top} />
    </>
  );
}

const topColumns = loadingColumns<N1Loading>({
  rank: t.rank,
  monitoredElement: t.monitoredElement,
  contingency: t.contingencyElement,
  baseCase: t.baseCase,
  flow: t.flow,
  limit: t.limit,
  loading: t.loading_,
});

function TopLoadings({ rows }: { rows: N1Loading[] }) {
  return (
    <div>
      <h3 id="top-cargas" className="text-sm font-semibold uppercase tracking-wide text-slate-600">
        {t.topTitle}
      </h3>
      <p className="mt-1 text-xs text-slate-600">{t.topCaption}</p>
      <WorstRowsTable
        labelledBy="top-cargas"
        columns={topColumns}
        rows={rows}
        getRowId={(row) => `${row.monitoredBranch}-${row.contingencyBranch ?? 0}`}
        emptyText={t.noTop}
        words={t}
      />
    </div>
  );
}
