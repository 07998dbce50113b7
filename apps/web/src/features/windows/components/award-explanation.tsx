import type { WindowResultView, WindowRuleName } from '@holgura/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { UserMinus } from 'lucide-react';
import { useId } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { esWindows } from '../../../strings/es-windows';
import { errorText } from '../api/error-text';
import { windowsKey } from '../api/get-windows';
import { withdrawRequests } from '../api/withdraw-request';
import { windowHref } from '../links';
import { explainRequest } from '../model/explanation';

const t = esWindows.view;
const w = esWindows.withdraw;

/**
 * Why the selected request gets what it gets under the selected rule, in sentences, and
 * «¿Y si se retira?»: the same window without it, to see who moves up.
 */
export function AwardExplanation({
  userKey,
  windowId,
  result,
  rule,
  requestId,
}: {
  userKey: string;
  windowId: string;
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
      {request !== null && result.requests.length > 1 && (
        <WithdrawAction
          // A new request starts without the last one's error.
          key={request.id}
          userKey={userKey}
          windowId={windowId}
          requestId={request.id}
        />
      )}
    </Card>
  );
}

function WithdrawAction({
  userKey,
  windowId,
  requestId,
}: {
  userKey: string;
  windowId: string;
  requestId: string;
}) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const withdraw = useMutation({ mutationFn: () => withdrawRequests(windowId, [requestId]) });
  const hintId = useId();
  return (
    <div className="mt-3 space-y-1.5 border-t border-slate-100 pt-3">
      <Button
        variant="outline"
        size="sm"
        aria-describedby={hintId}
        disabled={withdraw.isPending}
        onClick={() =>
          withdraw.mutate(undefined, {
            onSuccess: (created) => {
              void queryClient.invalidateQueries({ queryKey: windowsKey(userKey) });
              toast.success(w.created(requestId));
              void navigate(windowHref(created.windowId));
            },
          })
        }
      >
        <UserMinus aria-hidden="true" className="h-4 w-4" />
        {withdraw.isPending ? w.sending : w.button(requestId)}
      </Button>
      <p id={hintId} className="text-xs text-slate-600">
        {w.hint}
      </p>
      {withdraw.isError && (
        <p role="alert" className="text-sm text-red-800">
          {w.failed(errorText(withdraw.error))}
        </p>
      )}
    </div>
  );
}
