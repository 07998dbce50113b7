import type { BusbarFigureName, StudyCaseResult } from '@holgura/contracts';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  CapacityComparison,
  ComparisonPicker,
  type ComparisonChoice,
} from '../../../components/busbar-capacities/capacity-comparison';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Notice } from '../../../components/ui/notice';
import { esComparison } from '../../../strings/es-comparison';

const t = esComparison;

/**
 * The query string that keeps the comparison shown: `comparar=<caso A>~<caso B>` by the
 * study's case names («escenario_año»), so a link opens the same two cases.
 */
export const COMPARE_PARAM = 'comparar';

type StudyCaseOption = { caseId: string; label: string; scenario: string; year: number };

/**
 * The study's scenario × year cases that have a computed network: each is read through its
 * first busbar case (every busbar case of a scenario × year holds the same network's figures).
 */
export function comparableCases(cases: readonly StudyCaseResult[]): StudyCaseOption[] {
  return cases.flatMap((item) => {
    const caseId = item.busbars[0]?.caseId;
    return caseId === undefined
      ? []
      : [{ caseId, label: item.name, scenario: item.scenario, year: item.year }];
  });
}

/** The first scenario's earliest year against its latest: what a planner compares first. */
export function defaultPair(options: readonly StudyCaseOption[]): [string, string] | null {
  if (options.length < 2) return null;
  const scenario = options[0]!.scenario;
  const own = options.filter((option) => option.scenario === scenario);
  const byYear = [...own].sort((a, b) => a.year - b.year);
  if (byYear.length >= 2) return [byYear[0]!.caseId, byYear[byYear.length - 1]!.caseId];
  return [options[0]!.caseId, options[1]!.caseId];
}

/**
 * «Comparar dos casos» of /resultados (issue #29): two years or two scenarios of the study side
 * by side, the whole network's busbar capacities. Closed until asked, so the page stays light.
 */
export function StudyComparison({ cases }: { cases: readonly StudyCaseResult[] }) {
  const [params, setParams] = useSearchParams();
  const options = useMemo(() => comparableCases(cases), [cases]);
  const byName = (name: string | undefined) =>
    options.find((option) => option.label === name)?.caseId;
  const asked = params.get(COMPARE_PARAM)?.split('~') ?? [];
  const shownPair =
    asked.length === 2 && byName(asked[0]) !== undefined && byName(asked[1]) !== undefined
      ? ([byName(asked[0])!, byName(asked[1])!] as const)
      : null;
  const fallback = defaultPair(options);
  const [draft, setDraft] = useState<{ baseId: string; otherId: string } | null>(null);
  const [figure, setFigure] = useState<BusbarFigureName>('attributable');
  const [limit, setLimit] = useState<ComparisonChoice['limit']>(25);

  const picked =
    draft ?? (shownPair === null ? null : { baseId: shownPair[0], otherId: shownPair[1] });
  const current =
    picked ?? (fallback === null ? null : { baseId: fallback[0], otherId: fallback[1] });
  const labelOf = (caseId: string) =>
    options.find((option) => option.caseId === caseId)?.label ?? caseId;

  const show = () => {
    if (current === null) return;
    setLimit(25);
    setDraft(null);
    const next = new URLSearchParams(params);
    next.set(COMPARE_PARAM, `${labelOf(current.baseId)}~${labelOf(current.otherId)}`);
    setParams(next, { replace: true, preventScrollReset: true });
  };
  const dirty =
    current !== null &&
    (shownPair === null || current.baseId !== shownPair[0] || current.otherId !== shownPair[1]);

  return (
    <Card titleId="comparacion-titulo" title={t.title} subtitle={t.studyIntro}>
      {current === null ? (
        <Notice tone="empty" className="mt-3">
          {t.singleCase}
        </Notice>
      ) : (
        <div className="mt-4 space-y-4">
          <div className="flex flex-wrap items-end gap-3">
            <ComparisonPicker
              cases={options}
              baseId={current.baseId}
              otherId={current.otherId}
              figure={figure}
              onChange={(next) => {
                setDraft({ baseId: next.baseId, otherId: next.otherId });
                setFigure(next.figure);
              }}
            />
            <Button onClick={show} disabled={!dirty && shownPair !== null}>
              {t.compare}
            </Button>
          </div>
          {shownPair !== null && (
            <CapacityComparison
              choice={{ baseId: shownPair[0], otherId: shownPair[1], figure, limit }}
              names={{ base: labelOf(shownPair[0]), other: labelOf(shownPair[1]) }}
              onMore={setLimit}
            />
          )}
        </div>
      )}
    </Card>
  );
}
