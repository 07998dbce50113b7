import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Lock } from 'lucide-react';
import { useMemo, useState } from 'react';
import { ApiClientError } from '../../../lib/api-client';
import { es } from '../../../strings/es';
import { resultsCasesQueryOptions, resultsStatsQueryOptions } from '../api/results';
import { deriveFamilies } from '../model';
import { FamiliesTable } from './families-table';
import { ResultsSection } from './results-section';
import { ResultsStatsStrip } from './stats-strip';

const t = es.resultsDemo.results;

type ResultsPageProps = {
  signedIn: boolean;
  /** Whose case list this is (one query per user). */
  userKey: string;
};

/** /resultados (spec §2): connection capacity per busbar, by scenario and year. */
export function ResultsPage({ signedIn, userKey }: ResultsPageProps) {
  const queryClient = useQueryClient();
  const cases = useQuery({ ...resultsCasesQueryOptions(userKey), enabled: signedIn });
  const [selectedId, setSelectedId] = useState<string | null>(null);

  const families = useMemo(
    () => (cases.data === undefined ? [] : deriveFamilies(cases.data)),
    [cases.data],
  );
  const family = families.find((item) => item.familyId === selectedId) ?? null;
  const toLoad = useMemo(() => {
    const all = (cases.data ?? []).filter(
      (item) => item.familyId !== null && item.familyId.trim() !== '',
    );
    return selectedId === null ? all : all.filter((item) => item.familyId === selectedId);
  }, [cases.data, selectedId]);

  const refresh = () => {
    void queryClient.refetchQueries(resultsCasesQueryOptions(userKey));
    void queryClient.refetchQueries(resultsStatsQueryOptions());
  };

  return (
    <section aria-labelledby="pagina-titulo">
      <title>{`${t.title} · ${es.brand.name}`}</title>
      <div className="bg-gradient-to-br from-slate-950 to-sky-950">
        <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
          <h1
            id="pagina-titulo"
            className="text-3xl font-bold tracking-tight text-white sm:text-4xl"
          >
            {t.title}
          </h1>
          <p className="mt-3 max-w-3xl text-slate-300">{t.intro}</p>
        </div>
      </div>
      {signedIn && <ResultsStatsStrip />}
      <div className="mx-auto max-w-7xl space-y-6 px-4 py-8 sm:px-6 lg:px-8">
        {!signedIn ? (
          <div className="flex max-w-3xl gap-3 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
            <Lock aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-slate-600" />
            <div>
              <h2 className="font-semibold text-slate-900">{t.restricted}</h2>
              <p className="text-sm text-slate-600">{t.restrictedBody}</p>
            </div>
          </div>
        ) : (
          <>
            <FamiliesTable
              state={cases.isPending ? 'loading' : cases.isError ? 'error' : 'ready'}
              families={cases.data !== undefined && cases.data.length === 0 ? null : families}
              errorMessage={cases.error instanceof ApiClientError ? cases.error.message : undefined}
              selectedId={selectedId}
              onSelect={setSelectedId}
              onRefresh={refresh}
            />
            {cases.isSuccess && toLoad.length > 0 && (
              <ResultsSection key={selectedId ?? 'todas'} cases={toLoad} family={family} />
            )}
          </>
        )}
      </div>
    </section>
  );
}
