import { MAX_UPLOAD_BYTES } from '@holgura/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { clientConfigQueryOptions } from '../../../lib/client-config';
import { es } from '../../../strings/es';
import { casesQueryOptions, clearCachedCases } from '../api/cases';
import { CaseResults } from './case-results';
import { CasesTable } from './cases-table';
import { UploadCard } from './upload-card';

type AnalysisPageProps = {
  signedIn: boolean;
  /** Who the case-list cache belongs to (one session-storage entry per user). */
  userKey: string;
};

/** /analisis 'Análisis de flexibilidad' (spec §2): upload, the case list, the selected case. */
export function AnalysisPage({ signedIn, userKey }: AnalysisPageProps) {
  const queryClient = useQueryClient();
  const config = useQuery(clientConfigQueryOptions());
  const cases = useQuery({ ...casesQueryOptions(userKey), enabled: signedIn });
  const [selectedId, setSelectedId] = useState<string | null>(null);

  const refresh = async () => {
    clearCachedCases(userKey);
    await queryClient.refetchQueries(casesQueryOptions(userKey));
  };

  const list = cases.data ?? [];
  const selected = list.find((item) => item.caseId === selectedId) ?? null;

  return (
    <section aria-labelledby="pagina-titulo">
      <title>{`${es.pages.analysis.title} · ${es.brand.name}`}</title>
      <div className="bg-gradient-to-br from-slate-950 to-sky-950">
        <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
          <h1
            id="pagina-titulo"
            className="text-3xl font-bold tracking-tight text-white sm:text-4xl"
          >
            {es.pages.analysis.title}
          </h1>
          <p className="mt-2 max-w-3xl text-slate-300">{es.analysis.intro}</p>
        </div>
      </div>
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
        />
        <div className="lg:col-span-2">
          <CaseResults selected={selected} />
        </div>
      </div>
    </section>
  );
}
