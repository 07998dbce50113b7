import { windowRules, type WindowResultView, type WindowRuleName } from '@holgura/contracts';
import { esWindows } from '../../../strings/es-windows';
import { cn } from '../../../utils/cn';
import { formatFixed, formatNumber } from '../../../utils/format';
import { mwText } from '../model/explanation';
import { orderShortfallMw, ruleFigures } from '../model/rules';

const t = esWindows.view;

/**
 * The three rules side by side: MW awarded, % of what was asked, complete/partial/none. A rule
 * the solver failed shows its error, never a figure. Below, what per-bus figures would promise
 * and what the order rule leaves that the network could take.
 */
export function RuleCards({
  result,
  selected,
}: {
  result: WindowResultView;
  /** The rule the table below shows: its card is marked. */
  selected: WindowRuleName;
}) {
  const shortfall = orderShortfallMw(result);
  return (
    <section aria-labelledby="ventana-reglas" className="space-y-3">
      <div>
        <h3 id="ventana-reglas" className="text-lg font-semibold text-slate-900">
          {t.rulesTitle}
        </h3>
        <p className="text-sm text-slate-600">{t.rulesCaption}</p>
      </div>
      <ul className="grid gap-4 md:grid-cols-3">
        {windowRules.map((rule) => (
          <RuleCard key={rule} result={result} rule={rule} selected={rule === selected} />
        ))}
      </ul>
      <div className="space-y-1 rounded-xl bg-slate-50 p-4 text-sm text-slate-800">
        <p data-testid="window-standalone-total">
          <span className="font-semibold">
            {t.standaloneTotal(mwText(result.totalStandaloneMw))}
          </span>{' '}
          <span className="text-slate-600">{t.standaloneNote}</span>
        </p>
        {shortfall !== null && (
          <p data-testid="window-order-shortfall" className="font-semibold text-amber-900">
            {t.orderLeaves(mwText(shortfall))}
          </p>
        )}
      </div>
    </section>
  );
}

function RuleCard({
  result,
  rule,
  selected,
}: {
  result: WindowResultView;
  rule: WindowRuleName;
  selected: boolean;
}) {
  const figures = ruleFigures(result, rule);
  const titleId = `ventana-regla-${rule}`;
  return (
    <li
      aria-labelledby={titleId}
      data-testid={`window-rule-${rule}`}
      className={cn(
        'rounded-2xl border bg-white p-5 shadow-sm',
        selected ? 'border-sky-600 ring-1 ring-sky-600' : 'border-slate-200',
      )}
    >
      <h4 id={titleId} className="text-base font-semibold text-slate-900">
        {t.ruleTitle[rule]}
      </h4>
      {figures.ok ? (
        <div className="mt-3 space-y-1">
          <p className="text-3xl font-bold tabular-nums text-slate-900">
            <span className="sr-only">{t.awarded}: </span>
            {mwText(figures.awardedMw)} <span className="text-base font-semibold">MW</span>
          </p>
          {figures.percent !== null && (
            <p className="text-sm text-slate-700">
              {t.ofRequested(formatFixed(figures.percent, 1))}
            </p>
          )}
          <p className="text-sm text-slate-700">
            {t.counts(figures.complete, figures.partial, figures.none)}
          </p>
          <RuleStatsNotes result={result} rule={rule} />
        </div>
      ) : (
        <div role="note" className="mt-3 space-y-1 text-sm text-red-800">
          <p className="font-semibold">{t.ruleFailed}</p>
          <p>{figures.message}</p>
        </div>
      )}
    </li>
  );
}

/** What makes a rule's figure less than exact, said beside it (never hidden). */
function RuleStatsNotes({ result, rule }: { result: WindowResultView; rule: WindowRuleName }) {
  const outcome = result.rules[rule];
  if (!outcome.ok) return null;
  const { violatedAtEnd, worstExcessMw, settledAtFailedLevel } = outcome.stats;
  if (violatedAtEnd === 0 && settledAtFailedLevel === 0) return null;
  return (
    <div role="note" data-testid={`window-rule-${rule}-note`} className="text-xs text-amber-900">
      {settledAtFailedLevel > 0 && <p>{t.approximateFair(settledAtFailedLevel)}</p>}
      {violatedAtEnd > 0 && <p>{t.excessNote(violatedAtEnd, formatNumber(worstExcessMw, 6))}</p>}
    </div>
  );
}
