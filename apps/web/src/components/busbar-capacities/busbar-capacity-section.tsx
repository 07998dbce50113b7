import {
  busbarCapacityPaths,
  checksFor,
  type BusbarCapacityPageResponse,
  type BusbarFigureName,
  type NextCapacityJob,
  type WeakGridStatus,
} from '@holgura/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MapPin } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { ExportButtons } from '../export/export-buttons';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { Notice } from '../ui/notice';
import { Spinner } from '../ui/spinner';
import { useJobStatus } from '../../lib/use-job-status';
import { useNetworkSlots } from '../../lib/network-slot';
import { esBusbarCapacities } from '../../strings/es-busbar-capacities';
import { esContingencySets } from '../../strings/es-contingency-sets';
import { analysisOptionsShort } from '../../strings/es-analysis-options';
import { BaseCaseNotes } from '../input-checks/base-case-notes';
import { formatFixed, formatInteger, formatNumber } from '../../utils/format';
import { JobProgress } from '../ui/job-progress';
import { SegmentedToggle } from '../ui/segmented-toggle';
import { AcAllPanel } from './ac-all-panel';
import { capacityPageQueryOptions, capacityQueriesKey, requestBusbarCapacities } from './api';
import { CapacityFilters } from './capacity-filters';
import { CapacityHistogram } from './capacity-histogram';
import { CapacityTable } from './capacity-table';
import {
  exportQuery,
  readTableState,
  writeTableState,
  type CapacityTableState,
} from './table-state';

const t = esBusbarCapacities;

/**
 * Where the case comes from: an uploaded case (/analisis: its capacities are a job of their own
 * after the upload's analysis, and a case analysed before can ask for them), or a busbar case of
 * a user's study (/resultados: the study job stores the capacities of its scenario × year's
 * network with it; a version computed before has none, and cannot ask for them here).
 */
export type CapacitySource =
  { kind: 'upload' } | { kind: 'study'; caseName: string; studyId: string; version: number | null };

/**
 * «Capacidad por barra» (issue #17, decision 016): the N-1 connection capacity of every bus of
 * the selected case — served in pages, never as one document — with both figures (attributable
 * first), the pre-existing violation each injection worsens, a histogram, the network coloured
 * by MW and the downloads. For an uploaded case, its computation's progress is followed here.
 */
export function BusbarCapacitySection({
  caseId,
  source = { kind: 'upload' },
}: {
  caseId: string;
  source?: CapacitySource;
}) {
  const [params, setParams] = useSearchParams();
  const state = readTableState(params);
  const update = (patch: Partial<CapacityTableState>) =>
    setParams((current) => writeTableState(current, { ...readTableState(current), ...patch }), {
      replace: true,
      preventScrollReset: true,
    });
  const page = useQuery(capacityPageQueryOptions(caseId, state));

  return (
    <BusbarCapacityCard source={source}>
      <div className="mt-4" data-testid="busbar-capacities" data-state={page.data?.state}>
        {page.isError ? (
          <Notice tone="error">{t.error(page.error.message)}</Notice>
        ) : page.isPending ? (
          <Spinner label={t.loading} className="py-10" />
        ) : page.data.state === 'done' ? (
          <Capacities
            caseId={caseId}
            state={state}
            update={update}
            data={page.data}
            study={
              source.kind === 'study'
                ? { studyId: source.studyId, version: source.version }
                : undefined
            }
          />
        ) : source.kind === 'study' ? (
          <Notice tone="warning" title={t.studyAbsentTitle}>
            {t.studyAbsentBody}
          </Notice>
        ) : (
          <NotDone caseId={caseId} data={page.data} />
        )}
      </div>
    </BusbarCapacityCard>
  );
}

/** The section's card, also for what /resultados shows without a case (or for the demo). */
export function BusbarCapacityCard({
  source = { kind: 'upload' },
  children,
}: {
  source?: { kind: 'upload' } | { kind: 'study'; caseName: string | null };
  children: ReactNode;
}) {
  return (
    <Card
      titleId="capacidad-barras-titulo"
      title={source.kind === 'study' ? t.studyTitle : t.title}
      subtitle={
        source.kind === 'study' && source.caseName !== null
          ? t.studyIntro(source.caseName)
          : t.intro
      }
      className="lg:col-span-2"
    >
      {children}
    </Card>
  );
}

/** Pending, running, failed or absent: the job's progress, its error, or the offer to compute. */
function NotDone({ caseId, data }: { caseId: string; data: BusbarCapacityPageResponse }) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: capacityQueriesKey(caseId) });
  const active = data.state === 'pending' || data.state === 'running';
  const job = useJobStatus(data.jobId, active, () => void refresh());
  const request = useMutation({
    mutationFn: () => requestBusbarCapacities(caseId),
    onSuccess: () => refresh(),
  });

  if (active) {
    const shown = job ?? {
      state: data.state === 'running' ? ('running' as const) : ('queued' as const),
      stage: data.stage,
      progressPercent: data.progressPercent,
      error: null,
    };
    return (
      <div className="rounded-xl border border-slate-200 p-4" data-testid="capacity-progress">
        <p className="text-sm font-semibold text-slate-900">{t.pendingTitle}</p>
        <p className="mt-1 text-sm text-slate-600">
          {data.jobId === null ? t.waitingAnalysis : t.pendingBody}
        </p>
        <JobProgress
          job={shown}
          label={t.progressLabel}
          failedTitle={t.failedTitle}
          queued={t.queued}
          running={t.running}
        />
      </div>
    );
  }

  const failed = data.state === 'failed';
  return (
    <div className="space-y-3">
      {failed ? (
        <Notice tone="error" title={t.failedTitle}>
          {data.error?.message}
        </Notice>
      ) : (
        <Notice tone="warning" title={t.absentTitle}>
          {t.absentBody}
        </Notice>
      )}
      <Button onClick={() => request.mutate()} disabled={request.isPending}>
        {request.isPending ? t.computing : failed ? t.computeAgain : t.compute}
      </Button>
      {request.isError && <Notice tone="error">{t.computeError(request.error.message)}</Notice>}
    </div>
  );
}

function Capacities({
  caseId,
  state,
  update,
  data,
  study,
}: {
  caseId: string;
  state: CapacityTableState;
  update: (patch: Partial<CapacityTableState>) => void;
  data: BusbarCapacityPageResponse;
  /** A study's case: the map draws the study's network (the case has no view of its own). */
  study: { studyId: string; version: number | null } | undefined;
}) {
  const summary = data.summary!;
  const options = data.options;
  /** The .mon sent with the set the capacities were computed on: only its branches watched. */
  const monitoredFile = options?.contingencySet?.monitoredFile ?? null;
  const strict = state.figure === 'strict';
  const figure = summary[state.figure];
  const cap = formatInteger(summary.capMw);
  // Issue #25: where the sink cannot give the cap, its room is what a bus reaches when nothing
  // in the network binds first: such a bus says so, not the cap.
  const sinkRoomMw =
    options?.sinkRoomMw !== undefined &&
    options.sinkRoomMw !== null &&
    options.sinkRoomMw < summary.capMw
      ? options.sinkRoomMw
      : null;
  const noRatedBranch = checksFor(options?.baseCase, 'capacity').some(
    (check) => check.code === 'NO_RATED_BRANCH',
  );
  const [mapShown, setMapShown] = useState(false);
  const { CaseCapacityMap } = useNetworkSlots();
  const mw = (value: number | null) => (value === null ? t.noValue : t.mw(formatFixed(value, 1)));
  const figures: [string, string, string][] = [
    ['capacity-buses', t.buses, formatInteger(summary.computed)],
    ['capacity-median', t.median(strict), mw(figure.medianMw)],
    [
      'capacity-zero',
      // The other figure's zeros beside: a map of zeros is never the whole answer.
      t.zeroOther(strict, formatInteger(summary[strict ? 'attributable' : 'strict'].zero)),
      formatInteger(figure.zero),
    ],
    [
      'capacity-at-cap',
      sinkRoomMw === null ? t.atCap(cap) : t.atSinkRoom(formatFixed(sinkRoomMw, 1)),
      formatInteger(figure.atCap),
    ],
  ];
  return (
    <div className="space-y-5">
      {data.next !== null && data.next !== undefined && (
        <NextRun key={data.next.jobId} caseId={caseId} next={data.next} />
      )}
      <FigureSwitch figure={state.figure} onChange={(next) => update({ figure: next, page: 1 })} />
      <div>
        <h3 className="sr-only">{t.summaryLabel}</h3>
        <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          {figures.map(([testId, label, value]) => (
            <div key={testId} className="flex flex-col rounded-xl bg-slate-50 p-3">
              <dt className="order-2 text-xs text-slate-600">{label}</dt>
              <dd
                className="order-1 text-xl font-bold tabular-nums text-slate-900"
                data-testid={testId}
              >
                {value}
              </dd>
            </div>
          ))}
        </dl>
        <p className="mt-3 text-sm text-slate-700" data-testid="capacity-pre-existing">
          {summary.withPreExistingLimit > 0
            ? t.preExistingSentence(
                formatInteger(summary.withPreExistingLimit),
                formatInteger(summary.computed),
              )
            : t.noPreExisting}
        </p>
        {summary.outsideIsland > 0 && (
          <p className="mt-1 text-sm text-slate-700">
            {t.outsideIsland(formatInteger(summary.outsideIsland))}
          </p>
        )}
        {sinkRoomMw !== null && (
          <p className="mt-1 text-sm text-slate-700" data-testid="capacity-sink-room">
            {t.sinkRoomSentence(formatFixed(sinkRoomMw, 1), cap)}
          </p>
        )}
        {options !== null && (
          <p className="mt-1 text-xs text-slate-600" data-testid="capacity-options">
            {t.options(
              formatInteger(options.capMw),
              formatNumber(options.distributionFactorCutoff, 6),
              formatInteger(options.contingencies),
              options.postContingencyRating,
              options.sink,
              options.slack ?? null,
            )}
          </p>
        )}
        {options !== null && (
          <p className="mt-1 text-xs text-slate-600" data-testid="capacity-contingency-set">
            {esContingencySets.capacityOptions(options.contingencySet)}
          </p>
        )}
        {monitoredFile !== null && (
          <p className="mt-1 text-xs text-slate-600" data-testid="capacity-monitored-file">
            {esContingencySets.capacityMonitored(monitoredFile)}
          </p>
        )}
        {options !== null && (
          <BaseCaseNotes
            baseCase={options.baseCase}
            figure="capacity"
            slack={options.slack}
            context={{ capMw: summary.capMw }}
            className="mt-2"
          />
        )}
      </div>
      <CapacityFilters state={state} onApply={(patch) => update({ ...patch, page: 1 })} />
      {study === undefined && <AcAllPanel caseId={caseId} state={state} data={data} />}
      <Card
        level={3}
        titleId="capacidad-barras-tabla-titulo"
        title={t.tableTitle}
        subtitle={
          <p
            className="mt-1 text-sm text-slate-600"
            aria-live="polite"
            data-testid="capacity-total"
          >
            {t.total(formatInteger(data.total), formatInteger(summary.buses))}
          </p>
        }
        actions={
          <ExportButtons
            table={t.downloadTable}
            path={(format) =>
              `${busbarCapacityPaths.export(caseId, format)}?${exportQuery(state).toString()}`
            }
            fileName={(format) => `capacidad-por-barra.${format}`}
          />
        }
      >
        {data.weakGrid !== undefined && study === undefined && (
          <p className="mt-2 text-xs text-slate-600" data-testid="weak-grid-note">
            {weakGridNote(data.weakGrid)}
          </p>
        )}
        <div className="mt-3">
          <CapacityTable
            data={data}
            state={state}
            capMw={summary.capMw}
            sinkRoomMw={sinkRoomMw}
            noRatedBranch={noRatedBranch}
            update={update}
            // An uploaded case's buses can be checked in AC one at a time (issue #25).
            acCheckCaseId={study === undefined ? caseId : undefined}
          />
        </div>
      </Card>
      <CapacityHistogram caseId={caseId} state={state} />
      {CaseCapacityMap !== null &&
        (mapShown ? (
          <CaseCapacityMap
            caseId={caseId}
            figure={state.figure}
            {...(study === undefined ? {} : { study })}
          />
        ) : (
          <div className="flex flex-wrap items-center gap-3">
            <Button variant="outline" size="sm" onClick={() => setMapShown(true)}>
              <MapPin aria-hidden="true" className="h-4 w-4" />
              {t.showMap}
            </Button>
            <p className="text-sm text-slate-600">{t.showMapHint}</p>
          </div>
        ))}
    </div>
  );
}

/** Issue #31: where the weak-grid column's figures come from, or why it has none. */
function weakGridNote(weakGrid: WeakGridStatus): string {
  if (weakGrid.state !== 'available') return t.weakGridNote[weakGrid.state];
  return t.weakGridNote.available(
    formatNumber(weakGrid.scrMin ?? 3, 2),
    weakGrid.xdPu === null ? null : formatNumber(weakGrid.xdPu, 4),
  );
}

/**
 * A computation with other options on its way, or failed (issue #25): the result shown stays
 * until it is done; its progress is followed here, then every answer of the case is read again.
 */
function NextRun({ caseId, next }: { caseId: string; next: NextCapacityJob }) {
  const queryClient = useQueryClient();
  const active = next.state !== 'failed';
  const job = useJobStatus(next.jobId, active, () => {
    void queryClient.invalidateQueries({ queryKey: capacityQueriesKey(caseId) });
  });
  if (!active) {
    return (
      <Notice tone="error" title={t.nextFailedTitle}>
        {t.nextFailedBody(next.error?.message ?? '')}
      </Notice>
    );
  }
  const words = analysisOptionsShort(next.options);
  return (
    <div className="rounded-xl border border-sky-200 bg-sky-50 p-4" data-testid="capacity-next">
      <p className="text-sm font-semibold text-slate-900">{t.nextTitle}</p>
      <p className="mt-1 text-sm text-slate-700">
        {t.nextBody(
          words === '' ? t.nextDefaults : words,
          next.contingencyFile === undefined
            ? null
            : next.contingencyFile === null
              ? t.nextEveryBranch
              : t.nextContingencyFile(next.contingencyFile),
        )}
      </p>
      <JobProgress
        job={
          job ?? {
            state: next.state === 'running' ? 'running' : 'queued',
            stage: next.stage,
            progressPercent: next.progressPercent,
            error: null,
          }
        }
        label={t.progressLabel}
        failedTitle={t.failedTitle}
        queued={t.queued}
        running={t.running}
      />
    </div>
  );
}

/** Attributable first, strict a click away (docs/analysis.md §6), for the table, histogram and map. */
function FigureSwitch({
  figure,
  onChange,
}: {
  figure: BusbarFigureName;
  onChange: (figure: BusbarFigureName) => void;
}) {
  const names: [BusbarFigureName, string][] = [
    ['attributable', t.attributable],
    ['strict', t.strict],
  ];
  return (
    <div className="space-y-2">
      <SegmentedToggle label={t.figureLabel} value={figure} options={names} onChange={onChange} />
      <p className="text-xs text-slate-600" aria-live="polite" data-testid="capacity-figure-help">
        {figure === 'attributable' ? t.attributableHelp : t.strictHelp}
      </p>
    </div>
  );
}
