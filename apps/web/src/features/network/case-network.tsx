import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MapPin } from 'lucide-react';
import { useId, useRef } from 'react';
import { toast } from 'sonner';
import { Card } from '../../components/ui/card';
import type { CaseNetworkProps, NetworkFocus } from '../../lib/network-slot';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { esNetwork } from '../../strings/es-network';
import { formatFixed } from '../../utils/format';
import { caseNetworkQueryOptions, uploadCoordinates } from './api';
import { LoadLegend } from './legend';
import { branchState } from './model';
import { NetworkView } from './network-view';
import type { NetworkViewV1 } from '@holgura/contracts';

const t = esNetwork;

/** /analisis: the case's network, with the selected constraint's elements highlighted. */
export function CaseNetwork({ caseId, focus }: CaseNetworkProps) {
  const query = useQuery(caseNetworkQueryOptions(caseId));
  return (
    <Card level={3} titleId="vista-red-titulo" title={t.caseTitle} subtitle={t.caseCaption}>
      <div className="mt-3">
        {query.isPending ? (
          <Spinner label={t.loading} className="py-10" />
        ) : query.isError ? (
          <p role="alert" className="rounded-xl bg-amber-50 p-4 text-sm text-amber-900">
            {t.error(query.error.message)}
          </p>
        ) : (
          <NetworkView view={query.data} focus={focus} legend={<LoadLegend withFocus />}>
            <Highlighted view={query.data} focus={focus} />
            <CoordinatesUpload caseId={caseId} />
          </NetworkView>
        )}
      </div>
    </Card>
  );
}

/** The highlighted elements in words: what the picture shows, for every user. */
function Highlighted({ view, focus }: { view: NetworkViewV1; focus: NetworkFocus | null }) {
  if (focus === null) {
    return <p className="text-sm text-slate-600">{t.highlightedNone}</p>;
  }
  const monitored = branchState(view, focus.monitored.branch, focus);
  // A set's contingency of several elements or of a unit: named, nothing of it drawn.
  const setContingency = focus.setContingency ?? null;
  return (
    <div>
      <h4
        id="resaltados-titulo"
        className="text-xs font-semibold uppercase tracking-wide text-slate-600"
      >
        {t.highlightedTitle}
      </h4>
      <ul aria-labelledby="resaltados-titulo" className="mt-1 space-y-1 text-sm text-slate-800">
        <li data-testid="network-monitored" data-branch={focus.monitored.branch}>
          {t.monitored(
            focus.monitored.name,
            monitored.loadingPercent === null
              ? t.noLoading
              : `${formatFixed(monitored.loadingPercent, 1)} %`,
          )}
        </li>
        <li
          data-testid="network-contingency"
          data-branch={focus.contingency?.branch ?? ''}
          data-out-of-service={focus.contingency?.outOfService ? 'true' : 'false'}
        >
          {focus.contingency === null
            ? setContingency === null
              ? t.baseCase
              : t.contingency(setContingency)
            : `${t.contingency(focus.contingency.name)} — ${
                focus.contingency.outOfService ? t.outOfService : t.inService
              }`}
        </li>
        {focus.generators.length > 0 && (
          <li>
            {t.generators}:
            <ul className="ml-4 list-disc" data-testid="network-generators">
              {focus.generators.map((g) => (
                <li key={g.busNumber} data-bus={g.busNumber}>
                  {t.generator(g.name, formatFixed(g.sensitivity, 3))}
                </li>
              ))}
            </ul>
          </li>
        )}
      </ul>
    </div>
  );
}

/** A companion CSV `bus,lat,lon` puts the buses at their geographic positions. */
function CoordinatesUpload({ caseId }: { caseId: string }) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const queryClient = useQueryClient();
  const upload = useMutation({
    mutationFn: (file: File) => uploadCoordinates(caseId, file),
    onSuccess: (network) => {
      queryClient.setQueryData(caseNetworkQueryOptions(caseId).queryKey, network);
      toast.success(t.coordinatesDone);
    },
    onError: (error) => toast.error(t.coordinatesError(error.message)),
  });
  return (
    <div className="flex flex-wrap items-center gap-2 border-t border-slate-100 pt-3">
      <input
        ref={input}
        id={inputId}
        type="file"
        accept=".csv,text/csv,text/plain"
        className="sr-only"
        aria-label={t.coordinatesInput}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file !== undefined) upload.mutate(file);
        }}
      />
      <Button
        variant="outline"
        size="sm"
        disabled={upload.isPending}
        onClick={() => input.current?.click()}
      >
        <MapPin aria-hidden="true" className="h-4 w-4" />
        {upload.isPending ? t.coordinatesSending : t.coordinatesButton}
      </Button>
      <p className="text-xs text-slate-600">{t.coordinatesHint}</p>
    </div>
  );
}
