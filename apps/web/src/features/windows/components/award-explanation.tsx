import type { WindowResultView, WindowRuleName } from '@holgura/contracts';
import { Card } from '../../../components/ui/card';
import { esWindows } from '../../../strings/es-windows';
import { explainRequest } from '../model/explanation';

const t = esWindows.view;

/** Why the selected request gets what it gets under the selected rule, in sentences. */
export function AwardExplanation({
  result,
  rule,
  requestId,
}: {
  result: WindowResultView;
  rule: WindowRuleName;
  requestId: string | null;
}) {
  const request = result.requests.find((r) => r.id === requestId) ?? null;
  const sentences = request === null ? null : explainRequest(result, request.id, rule);
  const title =
    request === null
      ? t.explanationEmpty
      : `${t.explanationTitle(request.id)}${request.name === null ? '' : ` · ${request.name}`}`;
  return (
    <Card level={3} titleId="ventana-explicacion" title={title}>
      <div
        aria-live="polite"
        className="mt-2 space-y-1.5 text-sm text-slate-800"
        data-testid="window-explanation"
      >
        {sentences === null ? (
          <p className="text-slate-600">{t.explanationHint}</p>
        ) : (
          // One paragraph: read aloud and copied as the sentences they are.
          <p>{sentences.join(' ')}</p>
        )}
      </div>
    </Card>
  );
}
