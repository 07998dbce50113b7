import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { StatsStrip } from '../../../components/stats-strip/stats-strip';
import { buttonClasses } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { ApiClientError } from '../../../lib/api-client';
import { es } from '../../../strings/es';
import { esStudies } from '../../../strings/es-studies';
import { resultsCasesQueryOptions, resultsStatsQueryOptions } from '../api/results';
import { deriveFamilies } from '../model';
import { FamiliesTable } from './families-table';
import { ResultsSection } from './results-section';

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
  const stats = useQuery({ ...resultsStatsQueryOptions(), enabled: signedIn });
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
    <>
      {signedIn && (
        <StatsStrip stats={stats} texts={t.stats} testIdPrefix="results-stat-" compact />
      )}
      <div className="mx-auto max-w-7xl space-y-6 px-4 py-8 sm:px-6 lg:px-8">
        {!signedIn ? (
          <Notice tone="locked" title={<h2>{t.restricted}</h2>} className="max-w-3xl">
            {t.restrictedBody}
          </Notice>
        ) : (
          <>
            <div className="flex justify-end">
              <Link to="/estudios/nuevo" className={buttonClasses('primary', 'sm')}>
                {esStudies.list.newStudy}
              </Link>
            </div>
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
    </>
  );
}
