import { progressStageText, type StudyListItem } from '@holgura/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { useId } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { ApiClientError } from '../../../lib/api-client';
import { useJobStatus } from '../../../lib/use-job-status';
import { es } from '../../../strings/es';
import { esStudies } from '../../../strings/es-studies';
import { cn } from '../../../utils/cn';

const t = es.resultsDemo.results.chooser;
const ts = esStudies;

export const isRunning = (study: Pick<StudyListItem, 'state'>) =>
  study.state === 'queued' || study.state === 'running';

/** The chooser's options: the demo, and the user's studies with results or being computed. */
export function chooserOptions(studies: readonly StudyListItem[], selectedId: string) {
  return studies.filter(
    (study) =>
      study.isDemo ||
      study.resultsVersion !== null ||
      isRunning(study) ||
      study.studyId === selectedId,
  );
}

const optionText = (study: StudyListItem) =>
  study.isDemo ? t.demoOption(study.name) : t.option(study.name, ts.state[study.state]);

type StudyChooserProps = {
  studies: UseQueryResult<StudyListItem[]>;
  /** The study in the URL (`?estudio=`), the demo by default. */
  selectedId: string;
  /** What the list (or the study's detail) says of it; null while unknown or not found. */
  selected: StudyListItem | null;
  onChoose: (studyId: string) => void;
  /** Its computation ended (done, failed, cancelled): read the list and its results again. */
  onJobEnded: () => void;
};

/**
 * «Estudio»: which study /resultados shows (the demo or one of the user's), its network and
 * shown version, and, while a new version is computed, its live progress.
 */
export function StudyChooser(props: StudyChooserProps) {
  const { studies, selectedId, selected } = props;
  const selectId = useId();
  const hintId = useId();
  const options = chooserOptions(studies.data ?? [], selectedId);
  const known = options.some((study) => study.studyId === selectedId);

  return (
    <Card
      titleId="estudio-mostrado-titulo"
      title={t.heading}
      actions={
        <div className="flex flex-wrap gap-2">
          <Link to="/estudios/nuevo" className={buttonClasses('primary', 'sm')}>
            {t.newStudy}
          </Link>
          <Link to="/estudios" className={buttonClasses('outline', 'sm')}>
            {t.myStudies}
          </Link>
        </div>
      }
    >
      <div className="mt-3 max-w-2xl space-y-1">
        <label htmlFor={selectId} className="block text-sm font-medium text-slate-800">
          {t.label}
        </label>
        <select
          id={selectId}
          aria-describedby={hintId}
          value={known ? selectedId : ''}
          disabled={!studies.isSuccess}
          onChange={(event) => {
            if (event.target.value !== '') props.onChoose(event.target.value);
          }}
          className="block h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-sm focus:border-sky-600 focus:outline-none focus:ring-2 focus:ring-sky-500/40 disabled:bg-slate-100 disabled:text-slate-600"
        >
          {!known && (
            <option value="" disabled>
              {studies.isPending ? t.loading : '—'}
            </option>
          )}
          {options.map((study) => (
            <option key={study.studyId} value={study.studyId}>
              {optionText(study)}
            </option>
          ))}
        </select>
        <p id={hintId} className="text-xs text-slate-600">
          {t.hint}
        </p>
        {studies.isError && (
          <p role="alert" className="text-sm text-red-700">
            {t.listError(
              studies.error instanceof ApiClientError
                ? studies.error.message
                : es.analysis.upload.unknownError,
            )}
          </p>
        )}
      </div>
      {selected !== null && <StudyStatus study={selected} onJobEnded={props.onJobEnded} />}
    </Card>
  );
}

/** The shown study in a line, and its computation while one runs (or how the last one ended). */
function StudyStatus({ study, onJobEnded }: { study: StudyListItem; onJobEnded: () => void }) {
  const live = useJobStatus(study.jobId, isRunning(study), onJobEnded);
  const state = live?.state ?? study.state;
  const percent = live?.progressPercent ?? study.progressPercent;
  const stage = progressStageText(live?.stage ?? study.stage);
  const running = state === 'queued' || state === 'running';
  const error = live?.error ?? study.error;
  return (
    <div className="mt-4 space-y-3 text-sm text-slate-700">
      <p data-testid="study-summary-line">
        {[
          t.network(study.networkLabel),
          ts.list.size(study.scenarios, study.years.length, study.busbars),
          ...(study.resultsVersion !== null && !study.isDemo
            ? [t.shownVersion(study.resultsVersion)]
            : []),
        ].join(' · ')}
      </p>
      {/*
       * What the figures are computed on (issue #30). The list knows the newest version's set:
       * while older results are shown, it says whose set it is.
       */}
      <p data-testid="study-contingencies">
        {!study.isDemo && study.resultsVersion !== null && study.resultsVersion !== study.version
          ? ts.contingencies.sentenceOfVersion(study.version, study.contingencySet)
          : ts.contingencies.sentence(study.contingencySet)}
      </p>
      {running && (
        <div
          className="max-w-2xl space-y-1.5 rounded-xl bg-sky-50 p-3 text-sky-950"
          aria-live="polite"
        >
          <div className="flex flex-wrap justify-between gap-2">
            <span className="font-semibold">{t.running(study.name)}</span>
            <span className="tabular-nums">
              {t.runningStage(stage ?? ts.state[state], percent)}
            </span>
          </div>
          <ProgressBar
            label={ts.state.progressLabel(study.name)}
            percent={percent}
            text={stage ?? ''}
          />
          <p className="text-xs">
            {study.resultsVersion !== null
              ? t.previousResults(study.resultsVersion)
              : t.noResultsYet}
          </p>
        </div>
      )}
      {!running && (state === 'failed' || state === 'cancelled') && (
        <p className={cn('text-sm', state === 'failed' ? 'text-red-800' : 'text-amber-900')}>
          {state === 'failed' ? t.failed(error?.message ?? '') : t.cancelled}
        </p>
      )}
    </div>
  );
}
