import type { BusbarFigureName, CaseSummary } from '@holgura/contracts';
import { useState } from 'react';
import {
  CapacityComparison,
  ComparisonPicker,
  type ComparisonChoice,
} from '../../../components/busbar-capacities/capacity-comparison';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { esComparison } from '../../../strings/es-comparison';
import { formatDateTime } from '../../../utils/format';

const t = esComparison;

/** How a case is named in the pickers: its file name and when it was uploaded. */
const caseLabel = (item: CaseSummary) => `${item.caseName} · ${formatDateTime(item.createdAt)}`;

/**
 * «Comparar dos casos» of /analisis (issue #29): the selected upload against another analysed
 * one — the same network before and after adding a project, or two seasons — bus by bus.
 * Shown when the user has two analysed cases; nothing is read until «Comparar».
 */
export function CaseComparison({
  selected,
  cases,
}: {
  selected: CaseSummary;
  cases: readonly CaseSummary[];
}) {
  const analysed = cases.filter((item) => item.analysis?.state === 'done');
  const others = analysed.filter((item) => item.caseId !== selected.caseId);
  const [pair, setPair] = useState({
    baseId: selected.caseId,
    otherId: others[0]?.caseId ?? selected.caseId,
  });
  const [figure, setFigure] = useState<BusbarFigureName>('attributable');
  const [shown, setShown] = useState<{ baseId: string; otherId: string } | null>(null);
  const [limit, setLimit] = useState<ComparisonChoice['limit']>(25);
  if (others.length === 0) return null;

  const labelOf = (caseId: string) => {
    const item = analysed.find((entry) => entry.caseId === caseId);
    return item === undefined ? caseId : caseLabel(item);
  };
  const dirty = shown === null || shown.baseId !== pair.baseId || shown.otherId !== pair.otherId;
  return (
    <Card titleId="comparacion-casos-titulo" title={t.title} subtitle={t.casesIntro}>
      <div className="mt-4 space-y-4">
        <div className="flex flex-wrap items-end gap-3">
          <ComparisonPicker
            cases={analysed.map((item) => ({ caseId: item.caseId, label: caseLabel(item) }))}
            baseId={pair.baseId}
            otherId={pair.otherId}
            figure={figure}
            onChange={(next) => {
              setPair({ baseId: next.baseId, otherId: next.otherId });
              setFigure(next.figure);
            }}
          />
          <Button
            onClick={() => {
              setLimit(25);
              setShown(pair);
            }}
            disabled={!dirty}
          >
            {t.compare}
          </Button>
        </div>
        {shown !== null && (
          <CapacityComparison
            choice={{ ...shown, figure, limit }}
            names={{ base: labelOf(shown.baseId), other: labelOf(shown.otherId) }}
            onMore={setLimit}
          />
        )}
      </div>
    </Card>
  );
}
