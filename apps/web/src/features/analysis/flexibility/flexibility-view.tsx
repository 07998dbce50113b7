import {
  DEFAULT_ANALYSIS_OPTIONS,
  DEFAULT_PAGE_SIZE,
  exportPaths,
  flexibilityOptionsKey,
  type AnalysisOptions,
  type BaseCase,
  type ConstraintSummary,
  type FlexibilityFigureName,
  type FigureSummary,
  type FlexibilitySummary,
  type GroupAnalysisSummary,
} from '@holgura/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { PaginationState } from '@tanstack/react-table';
import { useMemo, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { capacityPageQueryOptions } from '../../../components/busbar-capacities/api';
import { readTableState } from '../../../components/busbar-capacities/table-state';
import { BaseCaseNotes } from '../../../components/input-checks/base-case-notes';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { useNetworkSlots } from '../../../lib/network-slot';
import { ExportButtons } from '../../../components/export/export-buttons';
import { esExport } from '../../../strings/es-export';
import { esAnalysisResults } from '../../../strings/es';
import { esAnalysisOptions } from '../../../strings/es-analysis-options';
import { formatInteger, formatNumber } from '../../../utils/format';
import { ConstraintPanel } from './constraint-panel';
import { ConstraintsTable, type ConstraintRows } from './constraints-table';
import { GeneratorsPanel } from './generators-panel';
import { LevelsPanel } from './levels-panel';
import { findConstraintPage } from './locate';
import {
  bindingLevel,
  generatorViews,
  stillInLevel,
  whatIfDeltaMw,
  type ManualDispatch,
  type ViewMode,
} from './model';
import { networkFocus } from './network-focus';
import { analysesQueryOptions } from '../api/groups';
import { contingencySetQueryOptions } from '../api/contingency-sets';
import { esContingencySets } from '../../../strings/es-contingency-sets';
import {
  caseResultQueryOptions,
  constraintGeneratorsQueryOptions,
  constraintPageQueryOptions,
  violationsQueryOptions,
  type CaseResult,
} from '../api/result-parts';
import { JobProgress } from '../../../components/ui/job-progress';
import { StudyGroupPanel } from '../groups/study-group-panel';
import { useGroupRun } from '../groups/use-group-run';
import { PreExistingTable } from './pre-existing-table';
import { AnalysisOptionsPanel } from '../options/analysis-options-panel';

const t = esAnalysisResults;

/** The base case a flexibility rests on: its own (summary or whole), else the case's N-1 one. */
function flexibilityBaseCase(result: CaseResult | null): BaseCase | null {
  return (
    result?.flexibility?.baseCase ?? result?.whole?.baseCase ?? result?.facts?.baseCase ?? null
  );
}

/** The options a result was computed with, when its analysis row is not known (yet). */
function optionsOf(flexibility: FlexibilitySummary | null): AnalysisOptions {
  const d = DEFAULT_ANALYSIS_OPTIONS;
  if (flexibility === null) return { ...d };
  const { sink } = flexibility.options;
  return {
    postContingencyRating: flexibility.options.postContingencyRating,
    distributionFactorCutoff: flexibility.options.distributionFactorCutoff,
    sink: sink === 'group' ? d.sink : sink,
    slack: flexibility.options.slack ?? d.slack,
    capMw: d.capMw,
    contingencies: flexibility.options.contingencySet ? 'case-set' : 'every-branch',
  };
}

/**
 * Issue #30: a flexibility over every branch of a case with the planner's set says so, and how
 * to compute it on the set; one computed on the set says so in its options sentence instead.
 */
function ContingencySetNote({
  caseId,
  flexibility,
}: {
  caseId: string;
  flexibility: FlexibilitySummary;
}) {
  const set = useQuery(contingencySetQueryOptions(caseId)).data?.set ?? null;
  if (set === null || (flexibility.options.contingencySet ?? null) !== null) return null;
  return (
    <p className="text-xs text-slate-600" data-testid="flexibility-contingency-set-note">
      {esContingencySets.flexibilityNote(set.fileName)}
    </p>
  );
}

/** «Calculado con …»: the options the figures shown were computed with. */
export function OptionsSentence({ flexibility }: { flexibility: FlexibilitySummary }) {
  const { options } = flexibility;
  const set = options.contingencySet ?? null;
  return (
    <p className="text-xs text-slate-600" data-testid="analysis-options-sentence">
      {esAnalysisOptions.flexibilitySentence(
        options.postContingencyRating,
        formatNumber(options.distributionFactorCutoff, 6),
        options.sink,
        options.slack ?? null,
        set === null
          ? null
          : { total: formatInteger(set.counts.total), notScreened: set.notScreened },
      )}
    </p>
  );
}

/**
 * The flexibility part of 'Resultados del caso seleccionado': the study group with its figures
 * and the groups run (issue #21), what the figures rest on and the options to recalculate them
 * with (issue #25), the pre-existing violations, then levels, constraints, generators and the
 * constraint panel of the group and figure chosen. `upload` is the upload's own result summary
 * (its loading and errors are the case data's, shown by the caller). `capacities`: the case has
 * busbar capacities (shown below the results), recalculated with the options too.
 */
export function FlexibilitySection({
  caseId,
  upload,
  capacities = false,
}: {
  caseId: string;
  upload: CaseResult;
  capacities?: boolean;
}) {
  const groups = useQuery(analysesQueryOptions(caseId));
  // null: the upload's own group (its result is `upload`).
  const [chosenId, setChosenId] = useState<string | null>(null);
  const [figure, setFigure] = useState<FlexibilityFigureName>('attributable');
  const groupRun = useGroupRun(caseId, setChosenId);

  const list = groups.data?.analyses ?? null;
  const uploadRow = list?.find((row) => row.isUploadGroup) ?? null;
  const chosenRow =
    chosenId === null ? null : (list?.find((row) => row.analysisId === chosenId) ?? null);
  const showingUpload = chosenId === null || chosenRow?.isUploadGroup === true;
  const group = useQuery({
    ...caseResultQueryOptions(caseId, chosenId),
    enabled: !showingUpload && chosenRow?.state === 'done',
  });
  const { CaseNetwork } = useNetworkSlots();

  const result = showingUpload ? upload : (group.data ?? null);
  const flexibility = result?.flexibility ?? null;
  const select = (analysisId: string) =>
    setChosenId(analysisId === uploadRow?.analysisId ? null : analysisId);
  const run = groupRun.run?.analysisId === chosenId ? groupRun.run : null;
  const shownRow: GroupAnalysisSummary | null = showingUpload ? uploadRow : chosenRow;

  // The capacities shown below (the same query as their section: no request of its own) give
  // the cap the options start from.
  const [params] = useSearchParams();
  const capacityPage = useQuery({
    ...capacityPageQueryOptions(caseId, readTableState(params)),
    enabled: capacities,
  });
  const shownOptions: AnalysisOptions = {
    ...(shownRow?.options ?? optionsOf(flexibility)),
    capMw: capacityPage.data?.options?.capMw ?? DEFAULT_ANALYSIS_OPTIONS.capMw,
  };
  const studyGroup = flexibility?.studyGroup ?? null;
  const recalculated =
    shownRow !== null
      ? { key: shownRow.groupKey, label: shownRow.label }
      : studyGroup === null
        ? null
        : { key: studyGroup.key, label: studyGroup.label };

  let body: ReactNode;
  if (showingUpload) {
    body =
      upload.flexibility === null ? (
        <>
          <Notice tone="warning">{t.flexibilityMissing}</Notice>
          {CaseNetwork !== null && <CaseNetwork caseId={caseId} focus={null} />}
        </>
      ) : null;
  } else if (chosenRow?.state === 'failed' || run?.job?.state === 'failed') {
    body = (
      <Notice tone="error" title={t.groups.failedTitle}>
        {chosenRow?.error?.message ?? run?.job?.error?.message}
      </Notice>
    );
  } else if (chosenRow?.state === 'done') {
    body = group.isError ? (
      <Notice tone="error">{t.groups.groupError(group.error.message)}</Notice>
    ) : group.isPending ? (
      <Spinner label={t.groups.loadingGroup} className="py-10" />
    ) : group.data.flexibility === null ? (
      <Notice tone="warning">{t.flexibilityMissing}</Notice>
    ) : null;
  } else {
    const job = run?.job ?? chosenRow;
    body = (
      <div className="rounded-xl border border-slate-200 p-4" data-testid="group-progress">
        <p className="text-sm font-semibold text-slate-900">
          {t.groups.runningTitle(chosenRow?.label ?? run?.groupKey ?? '')}
        </p>
        <JobProgress
          job={job ?? { state: 'queued', stage: null, progressPercent: 0, error: null }}
          label={t.groups.progressLabel}
          failedTitle={t.groups.failedTitle}
          queued={t.groups.states.queued}
          running={t.groups.states.running}
        />
      </div>
    );
  }

  // The download of a group's tables names its analysis; the upload's is the default.
  const exportQuery = [
    showingUpload || chosenId === null ? null : `analysis=${encodeURIComponent(chosenId)}`,
    flexibility?.twoFigures === true ? `figure=${figure}` : null,
  ]
    .filter((part) => part !== null)
    .join('&');

  return (
    <div className="space-y-4">
      <StudyGroupPanel
        caseId={caseId}
        flexibility={flexibility}
        figure={figure}
        onFigureChange={setFigure}
        groups={list}
        groupsError={groups.isError ? t.groups.listError(groups.error.message) : null}
        selectedId={showingUpload ? (uploadRow?.analysisId ?? null) : chosenId}
        onSelect={select}
        running={groupRun.busy}
        runError={groupRun.error}
        runExisting={groupRun.existing}
        // Another group runs with the options of the figures shown.
        onRun={(text) =>
          void groupRun.start(
            text,
            flexibilityOptionsKey(shownOptions) === '' ? undefined : shownOptions,
          )
        }
        figureNotes={
          flexibility !== null && (
            <>
              <OptionsSentence flexibility={flexibility} />
              <ContingencySetNote caseId={caseId} flexibility={flexibility} />
              <BaseCaseNotes
                baseCase={flexibilityBaseCase(result)}
                figure="flexibility"
                slack={flexibility.options.slack}
              />
            </>
          )
        }
      />
      <AnalysisOptionsPanel
        caseId={caseId}
        shown={shownOptions}
        group={recalculated}
        capacities={capacities}
        groupRun={groupRun}
      />
      {body}
      {result !== null && flexibility !== null && body === null && (
        <>
          {flexibility.preExisting !== null && <Violations result={result} />}
          <FlexibilityView
            key={`${chosenId ?? 'upload'}:${figure}`}
            result={result}
            figure={figure}
            exportQuery={exportQuery}
          />
        </>
      )}
    </div>
  );
}

/** «Violaciones existentes»: the counts from the summary, the list from its own part. */
function Violations({ result }: { result: CaseResult }) {
  const counts = result.flexibility!.preExisting!;
  // Nothing over its limit: nothing to ask for.
  const query = useQuery({ ...violationsQueryOptions(result), enabled: counts.total > 0 });
  return (
    <PreExistingTable
      counts={counts}
      violations={
        counts.total === 0
          ? { status: 'ready', rows: [] }
          : query.isError
            ? { status: 'error', message: query.error.message }
            : query.isPending
              ? { status: 'loading' }
              : { status: 'ready', rows: query.data.violations }
      }
    />
  );
}

/**
 * The level chosen and the constraint selected (docs/product.md §4). `auto`: the first constraint of the
 * level is to be selected when its first page arrives. `locate`: the selected constraint's page
 * in the level is being found (the result opens on the binding constraint, issue #25).
 */
type Selection = {
  level: number | null;
  constraint: ConstraintSummary | null;
  auto: boolean;
  locate: boolean;
};

/**
 * Issue #25: the constraint that sets the figure's FCITC, selected in the level that holds it;
 * without one (Tmax reached first), the spec's first level and its first constraint.
 */
function openingSelection(shown: FigureSummary): Selection {
  const binding = shown.limitingConstraint;
  const level = bindingLevel(shown.levels, binding);
  if (binding !== null && level !== null) {
    return { level, constraint: binding, auto: false, locate: true };
  }
  return { level: shown.levels[0]?.level ?? null, constraint: null, auto: true, locate: false };
}

export function FlexibilityView({
  result,
  figure,
  exportQuery = '',
}: {
  result: CaseResult;
  figure: FlexibilityFigureName;
  /** Added to the downloads' query: the group's analysis and the figure shown. */
  exportQuery?: string;
}) {
  const caseId = result.caseId;
  const summary = result.flexibility!;
  const shown = summary.figures[figure];
  const extra = exportQuery === '' ? '' : `&${exportQuery}`;
  const queryClient = useQueryClient();
  const [selection, setSelection] = useState<Selection>(() => openingSelection(shown));
  const [page, setPage] = useState<PaginationState>({
    pageIndex: 0,
    pageSize: DEFAULT_PAGE_SIZE,
  });
  const [mode, setMode] = useState<ViewMode>('original');
  const [manual, setManual] = useState<ManualDispatch>({});

  const level = shown.levels.find((item) => item.level === selection.level);
  const hasConstraints = level !== undefined && level.constraintCount > 0;
  const pageQuery = useQuery({
    ...constraintPageQueryOptions(
      result,
      figure,
      level?.level ?? 0,
      page.pageIndex + 1,
      page.pageSize,
    ),
    enabled: hasConstraints,
  });

  // The opening constraint's page: found once, then the table shows it.
  const target = selection.locate ? selection.constraint : null;
  const located = useQuery({
    queryKey: [
      ...constraintPageQueryOptions(result, figure, level?.level ?? 0, 1, page.pageSize).queryKey,
      'locate',
      target?.id ?? 0,
    ],
    queryFn: () =>
      findConstraintPage(queryClient, result, figure, level!.level, page.pageSize, target!),
    enabled: target !== null && hasConstraints,
    retry: false,
    staleTime: Infinity,
  });
  if (selection.locate) {
    if (!hasConstraints || located.isError) {
      setSelection({ ...selection, locate: false });
    } else if (located.isSuccess) {
      if (located.data !== null && located.data !== page.pageIndex) {
        setPage({ ...page, pageIndex: located.data });
      }
      setSelection({ ...selection, locate: false });
    }
  }

  // Spec §4: the level's first constraint once its first page is here (none for an empty level).
  if (selection.auto) {
    if (!hasConstraints) {
      setSelection({ ...selection, constraint: null, auto: false });
    } else if (
      pageQuery.data !== undefined &&
      !pageQuery.isPlaceholderData &&
      pageQuery.data.level === level.level &&
      pageQuery.data.page === 1
    ) {
      setSelection({
        ...selection,
        constraint: pageQuery.data.constraints[0] ?? null,
        auto: false,
      });
    }
  }
  const constraint = selection.auto ? null : selection.constraint;

  const generators = useQuery({
    ...constraintGeneratorsQueryOptions(result, constraint?.id ?? 0),
    enabled: constraint !== null,
  });
  const rows = useMemo(
    () =>
      constraint === null || generators.data === undefined
        ? null
        : generatorViews(generators.data, level?.transferMw ?? 0),
    [constraint, generators.data, level],
  );
  const whatIf = rows === null ? 0 : whatIfDeltaMw(rows, manual);
  const { CaseNetwork } = useNetworkSlots();
  const focus = useMemo(
    () => networkFocus(constraint, generators.data ?? null, mode, whatIf),
    [constraint, generators.data, mode, whatIf],
  );

  const selectLevel = (next: number) => {
    const nextLevel = shown.levels.find((item) => item.level === next);
    const keep = stillInLevel(constraint, nextLevel);
    if (!keep) setManual({});
    setSelection({
      level: next,
      constraint: keep ? constraint : null,
      auto: !keep,
      locate: false,
    });
    setPage((current) => ({ ...current, pageIndex: 0 }));
  };
  const selectConstraint = (next: ConstraintSummary) => {
    if (next.id !== constraint?.id) setManual({});
    setSelection((current) => ({ ...current, constraint: next, auto: false, locate: false }));
  };

  const constraintRows: ConstraintRows = pageQuery.isError
    ? { status: 'error', message: pageQuery.error.message }
    : pageQuery.data === undefined || selection.locate
      ? { status: 'loading' }
      : { status: 'ready', rows: pageQuery.data.constraints, total: pageQuery.data.total };

  return (
    <div className="space-y-4">
      <h3 className="sr-only">{t.flexibilityTitle}</h3>
      <div className="grid grid-cols-[minmax(0,1fr)] gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
        <LevelsPanel
          levels={shown.levels}
          tmaxMw={summary.tmaxMw}
          fcitcMw={shown.fcitcMw}
          selected={level}
          onSelect={selectLevel}
        />
        <ConstraintsTable
          level={level}
          page={page}
          onPageChange={setPage}
          constraints={constraintRows}
          selectedId={constraint?.id ?? null}
          onSelect={selectConstraint}
          bindingId={shown.limitingConstraintId}
          actions={
            level !== undefined && (
              <ExportButtons
                table={esExport.tables.constraints(level.level)}
                path={(format) =>
                  `${exportPaths.constraints(caseId, format)}?level=${level.level}${extra}`
                }
                fileName={(format) => `restricciones-nivel-${level.level}.${format}`}
              />
            )
          }
        />
      </div>
      <div className="grid grid-cols-[minmax(0,1fr)] gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <GeneratorsPanel
          rows={rows}
          status={
            constraint === null
              ? 'ready'
              : generators.isError
                ? 'error'
                : rows === null
                  ? 'loading'
                  : 'ready'
          }
          errorMessage={generators.error?.message}
          level={level?.level ?? null}
          mode={mode}
          manual={manual}
          onManualChange={(plantId, mw) => setManual((current) => ({ ...current, [plantId]: mw }))}
          onReset={() => setManual({})}
          actions={
            level !== undefined &&
            constraint !== null && (
              <ExportButtons
                table={esExport.tables.generators(level.level)}
                path={(format) =>
                  `${exportPaths.generators(caseId, format)}?level=${level.level}&constraint=${constraint.id}${extra}`
                }
                fileName={(format) =>
                  `generadores-nivel-${level.level}-restriccion-${constraint.id}.${format}`
                }
              />
            )
          }
        />
        <ConstraintPanel
          constraint={constraint}
          binding={constraint !== null && constraint.id === shown.limitingConstraintId}
          mode={mode}
          onModeChange={setMode}
          whatIfMw={whatIf}
        />
      </div>
      {CaseNetwork !== null && <CaseNetwork caseId={caseId} focus={focus} />}
    </div>
  );
}
