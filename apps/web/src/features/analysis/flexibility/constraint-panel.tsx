import { Card } from '../../../components/ui/card';
import { Notice } from '../../../components/ui/notice';
import { SegmentedToggle } from '../../../components/ui/segmented-toggle';
import { es, esAnalysisResults } from '../../../strings/es';
import { cn } from '../../../utils/cn';
import { formatFixed } from '../../../utils/format';
import {
  gaugeWidthPercent,
  loadBand,
  loadBandClasses,
  loadBandLabel,
} from '../../../utils/load-bands';
import {
  constraintState,
  loadingPercent,
  type ConstraintFacts,
  type ElementState,
  type ViewMode,
} from './model';

const t = esAnalysisResults.constraint;

type ConstraintPanelProps = {
  constraint: ConstraintFacts | null;
  mode: ViewMode;
  onModeChange: (mode: ViewMode) => void;
  /** Σ sensibilidad · ΔP of the manual dispatch (limite view only). */
  whatIfMw: number;
  /** It sets the FCITC of the figure shown (issue #25). */
  binding?: boolean;
};

/** 'Analisis de la Restricción': flow against limit of both elements, in the chosen view. */
export function ConstraintPanel({
  constraint,
  mode,
  onModeChange,
  whatIfMw,
  binding = false,
}: ConstraintPanelProps) {
  return (
    <Card
      level={3}
      titleId="restriccion-titulo"
      title={t.title}
      actions={<ViewToggle mode={mode} onModeChange={onModeChange} />}
    >
      <ConstraintBody constraint={constraint} mode={mode} whatIfMw={whatIfMw} binding={binding} />
    </Card>
  );
}

export function ViewToggle({
  mode,
  onModeChange,
}: {
  mode: ViewMode;
  onModeChange: (mode: ViewMode) => void;
}) {
  return (
    <SegmentedToggle
      label={t.viewLabel}
      value={mode}
      options={[
        ['original', t.original],
        ['limite', t.limitView],
      ]}
      onChange={onModeChange}
    />
  );
}

function ConstraintBody({
  constraint,
  mode,
  whatIfMw,
  binding,
}: {
  constraint: ConstraintFacts | null;
  mode: ViewMode;
  whatIfMw: number;
  binding: boolean;
}) {
  if (constraint === null) return <p className="mt-3 text-sm text-slate-600">{t.noConstraint}</p>;
  const state = constraintState(constraint, mode, mode === 'limite' ? whatIfMw : 0);
  const values = [state.monitored.flowMw, state.monitored.limitMw];
  // No rating on the monitored element: there is no flow against limit to show.
  if (!values.every(Number.isFinite) || !(state.monitored.limitMw > 0)) {
    return <p className="mt-3 text-sm text-slate-600">{t.noData}</p>;
  }
  return (
    <div className="mt-4 space-y-4">
      <ElementCard
        testId="monitored"
        title={t.monitored}
        element={state.monitored}
        caption={state.monitoredAfterContingency === null ? undefined : t.beforeContingency}
        after={state.monitoredAfterContingency}
      />
      {state.contingency === null ? (
        <div className="rounded-lg border border-dashed border-slate-300 p-3">
          <p className="text-xs font-semibold uppercase tracking-wide text-slate-600">
            {t.contingency}
          </p>
          <p className="mt-1 font-medium text-slate-900" data-testid="contingency-name">
            {state.contingencyName ?? t.fullNetwork}
          </p>
        </div>
      ) : (
        <ElementCard testId="contingency" title={t.contingency} element={state.contingency} />
      )}
      <p className="text-xs text-slate-600" data-testid="transfer-at-limit">
        {t.transferAtLimit(formatFixed(constraint.transferAtLimitMw, 1))}
      </p>
      {binding && (
        <p className="text-xs font-medium text-sky-900" data-testid="binding-note">
          {t.binding(formatFixed(constraint.transferAtLimitMw, 1))}
        </p>
      )}
      <AcCheck check={constraint.acCheck} />
      {mode === 'limite' && (
        <p
          className={cn('text-xs tabular-nums', whatIfMw === 0 ? 'text-slate-500' : 'text-sky-800')}
          data-testid="what-if"
          aria-live="polite"
        >
          {t.whatIf(formatFixed(whatIfMw, 1))}
        </p>
      )}
    </div>
  );
}

/**
 * The AC power flow at the limit dispatch (issue #25): AC against DC loading, flagged when they
 * differ by more than 5 % or when the AC flow did not converge. Computed for each figure's
 * limiting constraint and the first of each level; the others say so.
 */
export function AcCheck({ check }: { check: ConstraintFacts['acCheck'] }) {
  if (check === undefined) {
    return (
      <p className="text-xs text-slate-600" data-testid="ac-check">
        {t.acAbsent}
      </p>
    );
  }
  const dc = formatFixed(check.dcLoadingPercent, 1);
  if (!check.converged) {
    return (
      <Notice tone="warning" title={t.acNotConverged} className="py-3">
        <span data-testid="ac-check">{t.acNotConvergedHelp(dc)}</span>
      </Notice>
    );
  }
  const loadings = t.acLoadings(
    check.acLoadingPercent === null ? '–' : formatFixed(check.acLoadingPercent, 1),
    dc,
  );
  if (check.flagged) {
    return (
      <Notice tone="warning" title={t.acFlagged} className="py-3">
        <span data-testid="ac-check">
          {loadings} {t.acFlaggedHelp}
        </span>
      </Notice>
    );
  }
  return (
    <div className="rounded-lg bg-slate-50 p-3 text-xs text-slate-700">
      <p className="font-semibold text-slate-900">{t.acTitle}</p>
      <p className="mt-1" data-testid="ac-check">
        {loadings} {t.acAgrees}
      </p>
    </div>
  );
}

function ElementCard({
  testId,
  title,
  element,
  caption,
  after = null,
}: {
  testId: string;
  title: string;
  element: ElementState;
  /** Names the first reading when a second one follows. */
  caption?: string | undefined;
  /** The same element after the contingency (test ids `<testId>-post-…`). */
  after?: ElementState | null;
}) {
  return (
    <div className="rounded-lg border border-slate-200 p-3" data-testid={`element-${testId}`}>
      <p className="text-xs font-semibold uppercase tracking-wide text-slate-600">{title}</p>
      <p className="mt-1 font-medium text-slate-900">{element.name}</p>
      <Reading testId={testId} element={element} caption={caption} />
      {after !== null && (
        <Reading testId={`${testId}-post`} element={after} caption={t.afterContingency} />
      )}
    </div>
  );
}

/** Flow, limit, loading and its band: one condition of an element. */
function Reading({
  testId,
  element,
  caption,
}: {
  testId: string;
  element: ElementState;
  caption?: string | undefined;
}) {
  const percent = loadingPercent(element.flowMw, element.limitMw);
  const band = percent === null ? null : loadBand(percent);
  const gaugeName = caption === undefined ? element.name : `${element.name}, ${caption}`;
  return (
    <div className={cn(caption !== undefined && 'mt-2 border-t border-slate-100 pt-2')}>
      {caption !== undefined && (
        <p className="text-xs font-medium text-slate-700" data-testid={`${testId}-caption`}>
          {caption}
        </p>
      )}
      <dl className="mt-2 flex flex-wrap gap-x-5 gap-y-1 text-sm">
        {[
          ['flow', t.flow, t.mw(formatFixed(element.flowMw, 1))],
          ['limit', t.limit, t.mw(formatFixed(element.limitMw, 1))],
          [
            'loading',
            t.loading,
            element.outOfService || percent === null ? '–' : t.percent(formatFixed(percent, 1)),
          ],
        ].map(([key, label, value]) => (
          <div key={key}>
            <dt className="text-xs text-slate-600">{label}</dt>
            <dd
              className="whitespace-nowrap font-semibold tabular-nums"
              data-testid={`${testId}-${key}`}
            >
              {value}
            </dd>
          </div>
        ))}
      </dl>
      <div className="mt-2 flex items-center gap-2">
        <span
          role="img"
          aria-label={
            percent === null || element.outOfService
              ? t.gaugeLabel(gaugeName)
              : `${t.gaugeLabel(gaugeName)}: ${t.percent(formatFixed(percent, 1))}`
          }
          className="block h-2 flex-1 overflow-hidden rounded-full bg-slate-200"
        >
          {!element.outOfService && band !== null && percent !== null && (
            <span
              className={cn('block h-full', loadBandClasses[band].bar)}
              style={{ width: `${gaugeWidthPercent(percent)}%` }}
            />
          )}
        </span>
        <span
          data-testid={`${testId}-status`}
          className={cn(
            'whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold',
            element.outOfService
              ? 'bg-slate-200 text-slate-800'
              : band === null
                ? 'bg-slate-100 text-slate-700'
                : loadBandClasses[band].badge,
          )}
        >
          {element.outOfService
            ? es.analysis.bands.outOfService
            : band === null
              ? '–'
              : loadBandLabel[band]}
        </span>
      </div>
    </div>
  );
}
