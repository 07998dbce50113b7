import { cn } from '../../../utils/cn';
import { formatInteger } from '../../../utils/format';

/** One figure: its label, its value and the key its test id ends with. */
export type Figure = [label: string, value: number, key: string];

/**
 * A row of whole-number figures, each in a box, the number above its label: the case's network
 * and N-1 figures, and the N-1 on a contingency set (issue #30). Without `title`, the caller's
 * heading names them.
 */
export function Figures({
  title,
  items,
  testIdPrefix = 'figure-',
}: {
  title?: string;
  items: Figure[];
  /** Each value's test id is this prefix and its key. */
  testIdPrefix?: string;
}) {
  return (
    <div>
      {title !== undefined && (
        <h3 className="text-sm font-semibold uppercase tracking-wide text-slate-600">{title}</h3>
      )}
      <dl
        className={cn(
          'grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5',
          title !== undefined && 'mt-2',
        )}
      >
        {items.map(([label, value, key]) => (
          <div key={key} className="flex flex-col rounded-xl bg-slate-50 p-3">
            <dt className="order-2 text-xs text-slate-600">{label}</dt>
            <dd
              className="order-1 text-xl font-bold tabular-nums text-slate-900"
              data-testid={`${testIdPrefix}${key}`}
            >
              {formatInteger(value)}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
