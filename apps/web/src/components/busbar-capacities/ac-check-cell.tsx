import type { AcCheckResult, BusbarCapacityRow, BusbarFigureName } from '@holgura/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { esBusbarCapacities } from '../../strings/es-busbar-capacities';
import { formatFixed } from '../../utils/format';
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
 * A bus's AC check in the capacity table (issue #25): the result when it was asked for before
 * (the row carries it), else a button that asks for it; nothing to check where no element
 * limits the bus.
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
  const stored = value.acCheck ?? check.data?.acCheck;
  if (value.capacityMw === null || value.limiting === null) {
    return <span className="text-slate-600">{t.noValue}</span>;
  }
  if (stored !== undefined && stored !== null) {
    const words = acCheckWords(stored);
    return (
      <span
        className={words.flagged ? 'font-medium text-amber-800' : 'text-slate-700'}
        data-testid="ac-check"
      >
        {words.text}
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
        {check.isPending ? t.acVerifying : t.acVerify}
      </Button>
      {check.isError && (
        <span role="alert" className="text-xs text-red-700">
          {check.error.message}
        </span>
      )}
    </span>
  );
}
