import { checksFor, type BaseCase, type CheckedFigure } from '@holgura/contracts';
import {
  baseDispatchSentence,
  esInputChecks,
  inputCheckText,
  type CheckContext,
} from '../../strings/es-input-checks';
import { cn } from '../../utils/cn';
import { Notice } from '../ui/notice';

const t = esInputChecks;

type BaseCaseNotesProps = {
  /** The base case the figures rest on; null or absent for a result computed before it. */
  baseCase: BaseCase | null | undefined;
  /** The figures these notes stand beside: only the checks that affect them are shown. */
  figure: CheckedFigure;
  /**
   * The base dispatch rule the figures were computed with, when known and when it may differ
   * from `baseCase.slack` (a group recalculated with a single slack beside the upload's case).
   */
  slack?: string | undefined;
  context?: CheckContext;
  className?: string;
};

/**
 * What the figures beside it rest on (issue #25): the base dispatch in one sentence, and the
 * input checks that affect these figures as one warning, each worded in Spanish from its code.
 * The same piece stands beside the N-1 figures, the flexibility and «Capacidad por barra».
 */
export function BaseCaseNotes({ baseCase, figure, slack, context, className }: BaseCaseNotesProps) {
  if (baseCase === null || baseCase === undefined) {
    return (
      <p
        className={cn('text-xs text-slate-600', className)}
        data-testid={`base-dispatch-${figure}`}
      >
        {t.noBaseCase}
      </p>
    );
  }
  const used = slack ?? baseCase.slack;
  // What did not fit within the units' limits is the distributed rule's: not a single slack's.
  const checks = checksFor(baseCase, figure).filter(
    (check) => used === 'distributed' || check.code !== 'DISPATCH_UNABSORBED',
  );
  return (
    <div className={cn('space-y-2', className)}>
      <p className="text-xs text-slate-600" data-testid={`base-dispatch-${figure}`}>
        {baseDispatchSentence(baseCase, used)}
      </p>
      {checks.length > 0 && (
        <Notice tone="warning" title={t.title(checks.length)}>
          <ul className="mt-1 list-disc space-y-1 pl-4" data-testid={`input-checks-${figure}`}>
            {checks.map((check) => (
              <li key={check.code} data-code={check.code}>
                {inputCheckText(check, figure, context)}
              </li>
            ))}
          </ul>
        </Notice>
      )}
    </div>
  );
}
