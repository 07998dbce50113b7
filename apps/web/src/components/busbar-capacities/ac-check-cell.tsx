import {
  reachesCap,
  type AcCapacityResult,
  type AcCheckResult,
  type BusbarCapacityRow,
  type BusbarFigureName,
} from '@holgura/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LoaderCircle } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { esBusbarCapacities } from '../../strings/es-busbar-capacities';
import { formatFixed, formatInteger } from '../../utils/format';
import { Button } from '../ui/button';
import { capacityQueriesKey, requestBusbarAcCheck } from './api';

const t = esBusbarCapacities;

/** An AC check in words: AC and DC loading at the limit, and whether they part (> 5 %). */
export function acCheckWords(check: AcCheckResult): { text: string; flagged: boolean } {
  if (!check.converged || check.acLoadingPercent === null) {
    return { text: t.acNotConverged, flagged: true };
  }
  const text = t.acLoadings(
    formatFixed(check.acLoadingPercent, 1),
    formatFixed(check.dcLoadingPercent, 1),
  );
  return { text: check.flagged ? `${text} · ${t.acFlagged}` : text, flagged: check.flagged };
}

/**
 * A figure verified in AC in words (issue #31): the AC MW and what sets it — the AC limit where
 * AC is lower, the DC constraint where AC confirms it (thermal), nothing more where the cap or
 * the sink's room does —; the drop from DC, or that AC confirms it; what was checked.
 */
export function acCapacityWords(
  capacity: AcCapacityResult,
  figure: BusbarCapacityRow['attributable'],
  strict: boolean,
): { figure: string; drop: string | null; checked: string } {
  const limiting = capacity.acLimiting;
  const dc = figure.limiting;
  const where =
    limiting !== null
      ? t.acWhere(t.acVariables[limiting.variable], limiting.elementName, limiting.contingencyName)
      : capacity.limitingVariable !== null && dc !== null
        ? t.acWhere(t.acVariables[capacity.limitingVariable], dc.monitoredName, dc.contingencyName)
        : null;
  const mw = t.acFigure(formatFixed(capacity.acMw, 1));
  // Equal within the tables' rounding (0,1 MW): the same test as the cap's.
  const lower = !reachesCap(capacity.acMw, capacity.dcMw);
  const dropMw = capacity.dcMw - capacity.acMw;
  const drop = lower
    ? t.acDrop(
        formatFixed(dropMw, 1),
        formatFixed(capacity.dcMw, 1),
        formatFixed(capacity.dcMw > 0 ? (100 * dropMw) / capacity.dcMw : 0, 1),
      )
    : null;
  const pre = capacity.preExisting.count;
  const checked = [
    t.acChecked(formatInteger(capacity.checkedContingencies)),
    ...(pre === 0
      ? []
      : [(strict ? t.acPreExistingStrict : t.acPreExisting)(pre, formatInteger(pre))]),
  ].join(' · ');
  return { figure: where === null ? mw : `${mw} · ${where}`, drop, checked };
}

/**
 * A bus's AC verification in the capacity table (issues #25 and #31): the result when it was
 * asked for before (the row carries it), else a button that asks for it, for every bus with a
 * figure — the cap's too, where AC may still find a voltage or reactive limit.
 */
export function AcCheckCell({
  caseId,
  row,
  figure,
}: {
  caseId: string;
  row: BusbarCapacityRow;
  figure: BusbarFigureName;
}) {
  const client = useQueryClient();
  const value = row[figure];
  const check = useMutation({
    mutationFn: () => requestBusbarAcCheck(caseId, row.bus, figure),
    // The page's rows carry it from now on (its answer's tag counts the checks).
    onSuccess: () => client.invalidateQueries({ queryKey: capacityQueriesKey(caseId) }),
  });
  // The answer takes the button's place: the focus goes with it, not to the page's start.
  const result = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    if (check.isSuccess) result.current?.focus();
  }, [check.isSuccess]);
  if (value.capacityMw === null) {
    return <span className="text-slate-600">{t.noValue}</span>;
  }
  const verified =
    value.acCapacity !== undefined
      ? { acCheck: value.acCheck ?? null, acCapacity: value.acCapacity }
      : check.data;
  if (verified !== undefined) {
    const capacity = verified.acCapacity;
    const loading =
      value.limiting !== null && verified.acCheck !== null ? acCheckWords(verified.acCheck) : null;
    const words = capacity === null ? null : acCapacityWords(capacity, value, figure === 'strict');
    return (
      <span
        ref={result}
        tabIndex={-1}
        className="inline-flex min-w-56 flex-col items-start gap-0.5 rounded focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-sky-500"
        data-testid="ac-capacity"
      >
        {words === null ? (
          loading === null && <span className="text-slate-600">{t.noValue}</span>
        ) : (
          <>
            <span className="font-medium text-slate-900" data-testid="ac-figure">
              {words.figure}
            </span>
            <span
              className={words.drop === null ? 'text-xs text-slate-700' : 'text-xs text-amber-800'}
            >
              {words.drop ?? t.acConfirms}
            </span>
          </>
        )}
        {loading !== null && (
          <span
            className={
              loading.flagged ? 'text-xs font-medium text-amber-800' : 'text-xs text-slate-700'
            }
            data-testid="ac-check"
          >
            {loading.text}
          </span>
        )}
        {words !== null && <span className="text-xs text-slate-600">{words.checked}</span>}
      </span>
    );
  }
  return (
    <span className="inline-flex flex-col items-start gap-1">
      <Button
        variant="ghost"
        size="sm"
        onClick={() => check.mutate()}
        disabled={check.isPending}
        aria-busy={check.isPending}
        aria-label={t.acVerifyBus(row.name)}
      >
        {check.isPending && (
          <LoaderCircle
            aria-hidden="true"
            className="h-4 w-4 animate-spin text-sky-600 motion-reduce:animate-none"
          />
        )}
        {check.isPending ? t.acVerifying : t.acVerify}
      </Button>
      {check.isPending && (
        <span role="status" className="text-xs text-slate-600">
          {t.acVerifyingHint}
        </span>
      )}
      {check.isError && (
        <span role="alert" className="text-xs text-red-700">
          {check.error.message}
        </span>
      )}
    </span>
  );
}
