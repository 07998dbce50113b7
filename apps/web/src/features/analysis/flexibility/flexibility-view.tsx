import {
  exportPaths,
  withFlexibilityFigure,
  type Flexibility,
  type FlexibilityFigureName,
} from '@holgura/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { useNetworkSlots } from '../../../lib/network-slot';
import { ExportButtons } from '../../../components/export/export-buttons';
import { esExport } from '../../../strings/es-export';
import { esAnalysisResults } from '../../../strings/es';
import { ConstraintPanel } from './constraint-panel';
import { ConstraintsTable } from './constraints-table';
import { GeneratorsPanel } from './generators-panel';
import { LevelsPanel } from './levels-panel';
import {
  constraintForLevel,
  generatorViews,
  whatIfDeltaMw,
  type ManualDispatch,
  type ViewMode,
} from './model';
import { networkFocus } from './network-focus';
import { flexibilityQueryOptions } from './query';
import { analysesQueryOptions, groupAnalysisQueryOptions } from '../api/groups';
import { JobProgress } from '../components/job-progress';
import { StudyGroupPanel } from '../groups/study-group-panel';
import { useGroupRun } from '../groups/use-group-run';
import { PreExistingTable } from './pre-existing-table';

const t = esAnalysisResults;

/**
 * The flexibility part of 'Resultados del caso seleccionado' (errors of the case data are shown
 * by the N-1 part): the study group with its figures and the groups run (issue #21), the
 * pre-existing violations, then levels, constraints, generators and the constraint panel of the
 * group and figure chosen.
 */
export function FlexibilitySection({ caseId }: { caseId: string }) {
  const queryClient = useQueryClient();
  const upload = useQuery(flexibilityQueryOptions(queryClient, caseId));
  const groups = useQuery(analysesQueryOptions(caseId));
  // null: the upload's own group (its result comes with the case data).
  const [chosenId, setChosenId] = useState<string | null>(null);
  const [figure, setFigure] = useState<FlexibilityFigureName>('attributable');
  const groupRun = useGroupRun(caseId, setChosenId);

  const list = groups.data?.analyses ?? null;
  const uploadRow = list?.find((row) => row.isUploadGroup) ?? null;
  const chosenRow =
    chosenId === null ? null : (list?.find((row) => row.analysisId === chosenId) ?? null);
  const showingUpload = chosenId === null || chosenRow?.isUploadGroup === true;
  const group = useQuery({
    ...groupAnalysisQueryOptions(caseId, chosenId ?? ''),
    enabled: !showingUpload && chosenRow?.state === 'done',
  });
  const { CaseNetwork } = useNetworkSlots();

  // While pending, the case data's own spinner speaks; its error is shown there too.
  if (upload.isPending || upload.isError) return null;

  const flexibility = showingUpload ? upload.data : (group.data?.flexibility ?? null);
  const select = (analysisId: string) =>
    setChosenId(analysisId === uploadRow?.analysisId ? null : analysisId);
  const run = groupRun.run?.analysisId === chosenId ? groupRun.run : null;

  let body: ReactNode;
  if (showingUpload) {
    body =
      upload.data === null ? (
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
    flexibility?.figures === undefined ? null : `figure=${figure}`,
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
        onRun={(text) => void groupRun.start(text)}
      />
      {body}
      {flexibility !== null && body === null && (
        <>
          {flexibility.preExisting !== undefined && (
            <PreExistingTable preExisting={flexibility.preExisting} />
          )}
          <FlexibilityView
            key={`${chosenId ?? 'upload'}:${figure}`}
            flexibility={withFlexibilityFigure(flexibility, figure)}
            caseId={caseId}
            exportQuery={exportQuery}
          />
        </>
      )}
    </div>
  );
}

type Selection = { level: number | null; constraintId: number | null };

function initialSelection(flexibility: Flexibility): Selection {
  const first = flexibility.levels[0];
  return { level: first?.level ?? null, constraintId: constraintForLevel(first, null) };
}

export function FlexibilityView({
  flexibility,
  caseId,
  exportQuery = '',
}: {
  flexibility: Flexibility;
  /** The stored case: its tables can be downloaded. */
  caseId?: string;
  /** Added to the downloads' query: the group's analysis and the figure shown. */
  exportQuery?: string;
}) {
  const extra = exportQuery === '' ? '' : `&${exportQuery}`;
  const [selection, setSelection] = useState<Selection>(() => initialSelection(flexibility));
  const [mode, setMode] = useState<ViewMode>('original');
  const [manual, setManual] = useState<ManualDispatch>({});

  const constraints = useMemo(
    () => new Map(flexibility.constraints.map((constraint) => [constraint.id, constraint])),
    [flexibility],
  );
  const level = flexibility.levels.find((item) => item.level === selection.level);
  const constraint =
    selection.constraintId === null ? null : (constraints.get(selection.constraintId) ?? null);
  const rows = useMemo(
    () =>
      constraint === null ? null : generatorViews(flexibility, constraint, level?.transferMw ?? 0),
    [flexibility, constraint, level],
  );
  const whatIf = rows === null ? 0 : whatIfDeltaMw(rows, manual);
  const { CaseNetwork } = useNetworkSlots();
  const focus = useMemo(
    () => networkFocus(flexibility, constraint, mode, whatIf),
    [flexibility, constraint, mode, whatIf],
  );

  const selectLevel = (next: number) => {
    const nextLevel = flexibility.levels.find((item) => item.level === next);
    const constraintId = constraintForLevel(nextLevel, selection.constraintId);
    if (constraintId !== selection.constraintId) setManual({});
    setSelection({ level: next, constraintId });
  };
  const selectConstraint = (id: number) => {
    if (id !== selection.constraintId) setManual({});
    setSelection((current) => ({ ...current, constraintId: id }));
  };

  return (
    <div className="space-y-4">
      <h3 className="sr-only">{t.flexibilityTitle}</h3>
      <div className="grid grid-cols-[minmax(0,1fr)] gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
        <LevelsPanel flexibility={flexibility} selected={level} onSelect={selectLevel} />
        <ConstraintsTable
          level={level}
          constraints={constraints}
          selectedId={selection.constraintId}
          onSelect={selectConstraint}
          actions={
            caseId !== undefined &&
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
          level={level?.level ?? null}
          mode={mode}
          manual={manual}
          onManualChange={(plantId, mw) => setManual((current) => ({ ...current, [plantId]: mw }))}
          onReset={() => setManual({})}
          actions={
            caseId !== undefined &&
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
          mode={mode}
          onModeChange={setMode}
          whatIfMw={whatIf}
        />
      </div>
      {CaseNetwork !== null && caseId !== undefined && (
        <CaseNetwork caseId={caseId} focus={focus} />
      )}
    </div>
  );
}
