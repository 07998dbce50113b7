import {
  DEMO_STUDY_ID,
  studyIdSchema,
  studyVerificationWords,
  type StudyDetail,
} from '@holgura/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { StatsStrip } from '../../../components/stats-strip/stats-strip';
import { buttonClasses } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { ApiClientError } from '../../../lib/api-client';
import { es } from '../../../strings/es';
import { esStudies } from '../../../strings/es-studies';
import {
  publicStatsQueryOptions,
  resultsStudiesQueryOptions,
  studyResultsQueryOptions,
} from '../api/results';
import { studyCards, studyFamilies, studyStats } from '../model';
import { FamiliesTable } from './families-table';
import { ResultsSection } from './results-section';
import { StudyChooser } from './study-chooser';
import { StudyComparison } from './study-comparison';

const t = es.resultsDemo.results;

/** How often the demo is read again while its data is computed (as the stats strip asks). */
const DEMO_REREAD_MS = 10_000;

/** The query string that names the study shown: `/resultados?estudio=<studyId>`. */
export const STUDY_PARAM = 'estudio';

type ResultsPageProps = {
  signedIn: boolean;
  /** Whose studies these are (one set of queries per user). */
  userKey: string;
};

/**
 * /resultados (docs/product.md §2): connection capacity per busbar, by scenario and year, of the chosen
 * study — the demo by default, or one of the user's (`?estudio=`).
 *
 * The spec reads the results one case at a time with a 500 ms pause between cases (§4, §9):
 * the demo's 450 cases took about 3.7 minutes to fill the default view. Holgura reads the whole
 * study in one request (`GET /api/studies/{id}`: every scenario × year case with its busbars;
 * docs/product.md's fixes, issue #16, docs/decisions/014) and a busbar case's detail only for the
 * selected card; the spec's loading, error and empty states stay.
 */
export function ResultsPage({ signedIn, userKey }: ResultsPageProps) {
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const asked = params.get(STUDY_PARAM)?.trim() ?? '';
  const studyId = asked === '' ? DEMO_STUDY_ID : asked;
  const validId = studyIdSchema.safeParse(studyId).success;
  const isDemo = studyId === DEMO_STUDY_ID;
  const studies = useQuery({ ...resultsStudiesQueryOptions(userKey), enabled: signedIn });
  const detail = useQuery({
    ...studyResultsQueryOptions(userKey, studyId),
    enabled: signedIn && validId,
    // The demo before its first computation: read again until its cases are there.
    refetchInterval: (query) => (isDemo && query.state.data === null ? DEMO_REREAD_MS : false),
  });
  const studyFigures = useQuery({
    ...studyResultsQueryOptions(userKey, studyId),
    enabled: signedIn && validId,
    select: (data) => studyStats(data ?? { cases: [] }),
  });
  // Without the demo's cases, the server's public figures say whether they are being computed.
  const demoMissing = isDemo && detail.isSuccess && detail.data === null;
  const publicStats = useQuery({ ...publicStatsQueryOptions(), enabled: signedIn && demoMissing });
  const stats = demoMissing ? publicStats : studyFigures;

  // Not the user's (deleted, another account's, a mistyped link); the demo is only "not yet".
  const notFound = !validId || (!isDemo && detail.isSuccess && detail.data === null);
  const listed = studies.data?.find((study) => study.studyId === studyId) ?? null;

  const choose = (next: string) => setParams({ [STUDY_PARAM]: next });
  const reread = () => {
    void queryClient.refetchQueries(resultsStudiesQueryOptions(userKey));
    void queryClient.refetchQueries(studyResultsQueryOptions(userKey, studyId));
  };

  if (!signedIn) {
    return (
      <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
        <Notice tone="locked" title={<h2>{t.restricted}</h2>} className="max-w-3xl">
          {t.restrictedBody}
        </Notice>
      </div>
    );
  }

  return (
    <>
      {!notFound && (
        <StatsStrip stats={stats} texts={t.stats} testIdPrefix="results-stat-" compact />
      )}
      <div className="mx-auto max-w-7xl space-y-6 px-4 py-8 sm:px-6 lg:px-8">
        <StudyChooser
          studies={studies}
          selectedId={studyId}
          selected={notFound ? null : (listed ?? detail.data ?? null)}
          onChoose={choose}
          onJobEnded={reread}
        />
        {notFound ? (
          <Notice tone="error" title={<h2>{t.chooser.notFoundTitle}</h2>} className="max-w-3xl">
            <p>{t.chooser.notFound(studyId)}</p>
            <Link
              to={`/resultados?${STUDY_PARAM}=${DEMO_STUDY_ID}`}
              className={buttonClasses('outline', 'sm', 'mt-3')}
            >
              {t.chooser.showDemo}
            </Link>
          </Notice>
        ) : (
          <StudyResults
            // Another study starts with no family selected.
            key={studyId}
            userKey={userKey}
            studyId={studyId}
            state={detail.isPending ? 'loading' : detail.isError ? 'error' : 'ready'}
            detail={detail.data ?? null}
            errorMessage={detail.error instanceof ApiClientError ? detail.error.message : undefined}
            onRefresh={reread}
          />
        )}
      </div>
    </>
  );
}

/** The families table and the result section of one study. */
function StudyResults({
  userKey,
  studyId,
  state,
  detail,
  errorMessage,
  onRefresh,
}: {
  userKey: string;
  studyId: string;
  state: 'loading' | 'error' | 'ready';
  /** null: no results to show (the demo not computed yet). */
  detail: StudyDetail | null;
  errorMessage: string | undefined;
  onRefresh: () => void;
}) {
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const cases = detail?.cases;
  const families = useMemo(() => (cases === undefined ? [] : studyFamilies(cases)), [cases]);
  const family = families.find((item) => item.familyId === selectedId) ?? null;
  const cards = useMemo(
    () => (cases === undefined ? [] : studyCards(cases, family?.familyId ?? null)),
    [cases, family],
  );

  return (
    <>
      <FamiliesTable
        state={state}
        // No case at all: 'No hay datos disponibles' (docs/product.md §2), with why.
        families={cases === undefined || cases.length === 0 ? null : families}
        noDataHint={studyId === DEMO_STUDY_ID ? t.families.noDataHint : t.families.noStudyDataHint}
        errorMessage={errorMessage}
        selectedId={selectedId}
        onSelect={setSelectedId}
        onRefresh={onRefresh}
      />
      {detail !== null && families.length > 0 && (
        <ResultsSection
          // Another family starts on 'Todos' with no card selected.
          key={selectedId ?? 'todas'}
          userKey={userKey}
          study={{
            studyId,
            version: detail.resultsVersion,
            networkLabel: detail.networkLabel,
            // The study knows the newest version's set: older results shown while a newer
            // version is computed are not said to be on it.
            contingencies:
              detail.isDemo ||
              detail.resultsVersion === null ||
              detail.resultsVersion === detail.version
                ? esStudies.contingencies.description(detail.contingencySet)
                : null,
            // The file of the version shown: what its figures were computed with.
            verification: studyVerificationWords.settings(detail.study.options.verification),
          }}
          cases={detail.cases}
          cards={cards}
          family={family}
        />
      )}
      {detail !== null && detail.cases.length > 0 && <StudyComparison cases={detail.cases} />}
    </>
  );
}
