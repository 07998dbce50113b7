import { exportPaths, type Flexibility } from '@holgura/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Notice } from '../../../components/ui/notice';
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

const t = esAnalysisResults;

/** The flexibility part of 'Resultados del caso seleccionado' (errors are shown by the N-1 part). */
export function FlexibilitySection({ caseId }: { caseId: string }) {
  const queryClient = useQueryClient();
  const query = useQuery(flexibilityQueryOptions(queryClient, caseId));
  const { CaseNetwork } = useNetworkSlots();
  // While pending, the case data's own spinner speaks; its error is shown there too.
  if (query.isPending || query.isError) return null;
  if (query.data === null) {
    return (
      <>
        <Notice tone="warning">{t.flexibilityMissing}</Notice>
        {CaseNetwork !== null && <CaseNetwork caseId={caseId} focus={null} />}
      </>
    );
  }
  return <FlexibilityView key={caseId} flexibility={query.data} caseId={caseId} />;
}

type Selection = { level: number | null; constraintId: number | null };

function initialSelection(flexibility: Flexibility): Selection {
  const first = flexibility.levels[0];
  return { level: first?.level ?? null, constraintId: constraintForLevel(first, null) };
}

export function FlexibilityView({
  flexibility,
  caseId,
}: {
  flexibility: Flexibility;
  /** The stored case: its tables can be downloaded. */
  caseId?: string;
}) {
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
                path={(format) => `${exportPaths.constraints(caseId, format)}?level=${level.level}`}
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
                  `${exportPaths.generators(caseId, format)}?level=${level.level}&constraint=${constraint.id}`
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
