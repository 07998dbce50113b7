import { MAX_UPLOAD_BYTES } from '@holgura/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { clientConfigQueryOptions } from '../../../lib/client-config';
import { casesQueryOptions, clearCachedCases } from '../api/cases';
import { BusbarCapacitySection } from '../../../components/busbar-capacities/busbar-capacity-section';
import { clearTableState } from '../../../components/busbar-capacities/table-state';
import { forgetCachedFlexibility } from '../flexibility/cache';
import { HoursSection } from '../hours/hours-section';
import { CaseComparison } from './case-comparison';
import { CaseResults } from './case-results';
import { CasesTable } from './cases-table';
import { ContingencySetCard } from './contingency-set-card';
import { ShortCircuitCard } from './short-circuit-card';
import { DeleteCaseButton } from './delete-case-button';
import { UploadCard } from './upload-card';

type AnalysisPageProps = {
  signedIn: boolean;
  /** Who the case-list cache belongs to (one session-storage entry per user). */
  userKey: string;
};

/** After a deletion: the first case of the table, else its refresh button. */
function focusCases() {
  const section = document.querySelector('section[aria-labelledby="casos-titulo"]');
  const target =
    section?.querySelector<HTMLElement>('input[type="radio"]') ??
    section?.querySelector<HTMLElement>('button');
  target?.focus();
}

/** /analisis 'Análisis de flexibilidad' (docs/product.md §2): upload, the case list, the selected case. */
export function AnalysisPage({ signedIn, userKey }: AnalysisPageProps) {
  const queryClient = useQueryClient();
  const config = useQuery(clientConfigQueryOptions());
  const cases = useQuery({ ...casesQueryOptions(userKey), enabled: signedIn });
  // The selected case is in the address (`?caso=`), with «Capacidad por barra»'s page, order
  // and filters: a link or a reload shows the same case and rows.
  const [params, setParams] = useSearchParams();
  const selectedId = params.get('caso');
  const setSelectedId = (caseId: string | null) =>
    setParams(
      (current) => {
        if (current.get('caso') === caseId) return current;
        const next = clearTableState(current);
        if (caseId === null) next.delete('caso');
        else next.set('caso', caseId);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );

  const refresh = async () => {
    clearCachedCases(userKey);
    await queryClient.refetchQueries(casesQueryOptions(userKey));
  };

  const list = cases.data ?? [];
  const selected = list.find((item) => item.caseId === selectedId) ?? null;

  const onDeleted = (caseId: string) => {
    setSelectedId(null);
    forgetCachedFlexibility(caseId);
    // Every query of the case goes: its data, groups, catalogue and results.
    queryClient.removeQueries({
      predicate: (query) => query.queryKey[0] === 'analysis' && query.queryKey.includes(caseId),
    });
    // Once the list without it is drawn.
    void refresh().then(() => setTimeout(focusCases, 0));
  };

  return (
    <div className="mx-auto grid max-w-7xl grid-cols-[minmax(0,1fr)] gap-6 px-4 py-8 sm:px-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] lg:px-8">
      <UploadCard
        signedIn={signedIn}
        maxUploadBytes={config.data?.maxUploadBytes ?? MAX_UPLOAD_BYTES}
        onProcessed={(caseId, ok) => {
          void refresh().then(() => {
            if (ok) setSelectedId(caseId);
          });
        }}
      />
      <CasesTable
        signedIn={signedIn}
        state={cases.isPending ? 'loading' : cases.isError ? 'error' : 'ready'}
        cases={list}
        errorMessage={cases.error?.message}
        selectedCaseId={selected?.caseId ?? null}
        onSelect={setSelectedId}
        onRefresh={() => void refresh()}
        selectedActions={
          selected !== null && (
            <DeleteCaseButton key={selected.caseId} item={selected} onDeleted={onDeleted} />
          )
        }
      />
      <div className="lg:col-span-2">
        <CaseResults selected={selected} onAnalysisFinished={() => void refresh()} />
      </div>
      {/* The contingencies its busbar capacities are computed on (issue #30). */}
      {selected?.analysis?.state === 'done' && (
        <ContingencySetCard key={`contingencias-${selected.caseId}`} caseId={selected.caseId} />
      )}
      {/* An uploaded case once analysed: its busbar capacities are computed after (issue #17). */}
      {selected?.analysis?.state === 'done' && (
        <BusbarCapacitySection key={selected.caseId} caseId={selected.caseId} />
      )}
      {/* Each bus's short-circuit power, computed when asked, after the capacities (issue #31). */}
      {selected?.analysis?.state === 'done' && (
        <ShortCircuitCard key={`cortocircuito-${selected.caseId}`} caseId={selected.caseId} />
      )}
      {/* A bus's capacity in every hour of the case's hourly profiles (issue #32). */}
      {selected?.analysis?.state === 'done' && (
        <HoursSection key={`horas-${selected.caseId}`} caseId={selected.caseId} />
      )}
      {selected?.analysis?.state === 'done' && (
        <div className="lg:col-span-2">
          <CaseComparison key={selected.caseId} selected={selected} cases={list} />
        </div>
      )}
    </div>
  );
}
