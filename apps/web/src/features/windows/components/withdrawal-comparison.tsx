import {
  windowRules,
  type WindowDetailResponse,
  type WindowRuleName,
  type WindowWithdrawal,
} from '@holgura/contracts';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { ApiClientError } from '../../../lib/api-client';
import { esWindows } from '../../../strings/es-windows';
import { errorText } from '../api/error-text';
import { windowQueryOptions } from '../api/get-window';
import { windowHref } from '../links';
import { mwText } from '../model/explanation';
import { compareWithdrawal, MOVE_MW } from '../model/withdrawal';

const t = esWindows.comparison;

/**
 * A window made by withdrawing requests from another: what it is, a link back to the original,
 * and per rule who moves up (each request whose award grew, by how many MW) against what the
 * withdrawn requests freed. Read from the two windows' stored awards: nothing is computed anew.
 */
export function WithdrawalComparison({
  userKey,
  item,
  withdrawal,
}: {
  userKey: string;
  item: WindowDetailResponse;
  withdrawal: WindowWithdrawal;
}) {
  const original = useQuery({
    ...windowQueryOptions(userKey, withdrawal.originalWindowId),
    retry: false,
  });
  const gone = original.error instanceof ApiClientError && original.error.status === 404;
  const ids = t.ids(withdrawal.withdrawnIds);
  const many = withdrawal.withdrawnIds.length > 1;
  return (
    <Card
      titleId="ventana-quien-sube"
      title={t.title}
      subtitle={t.intro(ids, many, original.data?.name ?? null)}
      actions={
        gone ? undefined : (
          <Link
            to={windowHref(withdrawal.originalWindowId)}
            className={buttonClasses('outline', 'sm')}
          >
            <ArrowLeft aria-hidden="true" className="h-4 w-4" />
            {t.backToOriginal}
          </Link>
        )
      }
    >
      <div className="mt-4" data-testid="window-comparison">
        {original.isPending ? (
          <Spinner label={t.loading} className="py-6" />
        ) : gone ? (
          <p className="text-sm text-slate-600">{t.originalGone}</p>
        ) : original.isError ? (
          <p role="alert" className="text-sm text-red-800">
            {t.originalError(errorText(original.error))}
          </p>
        ) : original.data.result === null || item.result === null ? (
          <p className="text-sm text-slate-600">{t.waiting}</p>
        ) : (
          <ul className="grid gap-4 md:grid-cols-3">
            {windowRules.map((rule) => (
              <RuleComparison
                key={rule}
                rule={rule}
                sentences={comparisonSentences(
                  original.data.result!,
                  item.result!,
                  withdrawal,
                  rule,
                )}
              />
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
}

function RuleComparison({ rule, sentences }: { rule: WindowRuleName; sentences: string[] }) {
  const titleId = `ventana-quien-sube-${rule}`;
  return (
    <li
      aria-labelledby={titleId}
      data-testid={`window-comparison-${rule}`}
      className="rounded-xl border border-slate-200 p-4"
    >
      <h3 id={titleId} className="text-base font-semibold text-slate-900">
        {t.ruleTitle[rule]}
      </h3>
      <div className="mt-2 space-y-1 text-sm text-slate-800">
        {sentences.map((sentence) => (
          <p key={sentence}>{sentence}</p>
        ))}
      </div>
    </li>
  );
}

/** One rule's comparison in sentences: what was freed, who moves up and down, the totals. */
export function comparisonSentences(
  original: NonNullable<WindowDetailResponse['result']>,
  after: NonNullable<WindowDetailResponse['result']>,
  withdrawal: WindowWithdrawal,
  rule: WindowRuleName,
): string[] {
  const comparison = compareWithdrawal(original, after, withdrawal.withdrawnIds, rule);
  if (!comparison.ok) return [t.ruleFailed];
  const ids = t.ids(withdrawal.withdrawnIds);
  const many = withdrawal.withdrawnIds.length > 1;
  const freedNothing = comparison.freedMw < MOVE_MW;
  const sentences = [
    freedNothing ? t.freedNothing(ids, many) : t.freed(ids, many, mwText(comparison.freedMw)),
  ];
  if (comparison.up.length === 0) sentences.push(t.nobodyUp);
  for (const c of comparison.up) {
    sentences.push(t.movedUp(c.id, mwText(c.beforeMw), mwText(c.afterMw), mwText(c.deltaMw)));
  }
  for (const c of comparison.down) {
    sentences.push(t.movedDown(c.id, mwText(c.beforeMw), mwText(c.afterMw), mwText(-c.deltaMw)));
  }
  if (comparison.up.length > 0) {
    sentences.push(
      freedNothing
        ? t.takenWithoutFreed(mwText(comparison.takenMw), many)
        : t.taken(mwText(comparison.takenMw), mwText(comparison.freedMw)),
    );
  }
  sentences.push(t.total(mwText(comparison.totalBeforeMw), mwText(comparison.totalAfterMw)));
  return sentences;
}
