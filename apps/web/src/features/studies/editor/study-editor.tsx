import type { StudyDetail, StudyFile, StudyProblem } from '@holgura/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { FormProvider, useForm, type FieldErrors } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { esStudies } from '../../../strings/es-studies';
import { formatInteger } from '../../../utils/format';
import { createStudy, problemsOf } from '../api/create-study';
import { errorText } from '../api/error-text';
import { busCatalogQueryOptions } from '../api/get-case-buses';
import { studiesKey } from '../api/get-studies';
import type { BaseCase } from '../api/study-form-data';
import { validateStudy } from '../api/validate-study';
import { emptyStudy, studyToFormValues, type StudyFormValues } from '../model/form-values';
import { AreasSection } from './areas-section';
import { BASE_CASE_FIELD_ID, BaseCaseSection, type BaseCaseMode } from './base-case-section';
import { BusbarPicker, type CatalogStatus } from './busbar-picker';
import { CatalogContext } from './catalog-context';
import { GeneralSection } from './general-section';
import { LoadFileCard } from './load-file-card';
import { OptionsSection } from './options-section';
import { ProjectsSection } from './projects-section';
import { ReviewOutcome, type Review } from './review-outcome';
import { RunPanel } from './run-panel';
import { ScenariosSection } from './scenarios-section';
import { countErrors, studyResolver } from './study-resolver';
import { SummaryCard } from './summary-card';
import { YearsSection } from './years-section';

const t = esStudies.editor;

type StudyEditorProps = { userKey: string; detail: StudyDetail | null };

/**
 * The study form: base case first (its buses and areas feed the rest), every field of the study
 * file, «Revisar» (every problem, or what running takes), then «Calcular estudio» and its live
 * progress. Editing a study runs it as a new version.
 */
export function StudyEditor({ userKey, detail }: StudyEditorProps) {
  const queryClient = useQueryClient();
  const form = useForm<StudyFormValues, unknown, StudyFile>({
    resolver: studyResolver,
    defaultValues: detail === null ? emptyStudy() : studyToFormValues(detail.study),
    shouldFocusError: false,
  });
  // A study made from an uploaded file keeps that network (stored with it) unless another is chosen.
  const storedNetwork =
    detail === null || detail.baseCaseId !== null
      ? null
      : {
          kind: 'study' as const,
          studyId: detail.studyId,
          version: detail.version,
          fileName: detail.baseFileName,
        };
  const [mode, setMode] = useState<BaseCaseMode>(detail?.baseCaseId ? 'case' : 'file');
  const [base, setBaseState] = useState<BaseCase | null>(
    detail?.baseCaseId ? { kind: 'case', caseId: detail.baseCaseId } : storedNetwork,
  );
  const [review, setReview] = useState<Review>({ kind: 'idle' });
  const [starting, setStarting] = useState(false);
  const [runError, setRunError] = useState<string | null>(null);
  const [run, setRun] = useState<{ studyId: string; jobId: string } | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const catalogQuery = useQuery(busCatalogQueryOptions(userKey, base));
  const catalog = base === null ? null : (catalogQuery.data ?? null);

  // A change after the review makes its summary stale: review again before running.
  useEffect(
    () =>
      form.subscribe({
        formState: { values: true },
        callback: () =>
          setReview((current) => (current.kind === 'ready' ? { kind: 'stale' } : current)),
      }),
    [form],
  );

  // A new study starts with the case's areas, named «Área N».
  const prefilled = useRef(detail !== null);
  useEffect(() => {
    if (catalog === null || prefilled.current) return;
    prefilled.current = true;
    if (form.getValues('areas').length > 0) return;
    form.setValue(
      'areas',
      catalog.areas.map((id) => ({ id, name: esStudies.areas.defaultName(id) })),
    );
  }, [catalog, form]);

  const setBase = (next: BaseCase | null) => {
    setBaseState(next);
    setReview({ kind: 'idle' });
  };

  const focusFirstInvalid = () =>
    window.setTimeout(() => {
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
    }, 0);

  const onInvalid = (errors: FieldErrors<StudyFormValues>) => {
    setReview({ kind: 'invalid', count: countErrors(errors) });
    focusFirstInvalid();
  };

  const onValid = async (study: StudyFile) => {
    setRunError(null);
    if (base === null) {
      setReview({ kind: 'error', message: t.needsBaseCase });
      document.getElementById(BASE_CASE_FIELD_ID)?.focus();
      return;
    }
    setReview({ kind: 'checking' });
    try {
      const answer = await validateStudy(base, { kind: 'values', study });
      if (answer.valid && answer.summary !== null) {
        setReview({ kind: 'ready', summary: answer.summary, study: answer.study ?? study });
      } else {
        showProblems(answer.problems);
      }
    } catch (error) {
      setReview({ kind: 'error', message: t.reviewFailed(errorText(error)) });
    }
  };

  /** The server's problems: listed, and each beside its field. */
  const showProblems = (problems: StudyProblem[]) => {
    for (const problem of problems) {
      if (problem.field === null) continue;
      const prefix = `${problem.field}: `;
      const message = problem.message.startsWith(prefix)
        ? problem.message.slice(prefix.length)
        : problem.message;
      form.setError(problem.field as never, { type: 'server', message });
    }
    setReview({ kind: 'problems', problems });
  };

  const onRun = async () => {
    if (review.kind !== 'ready' || base === null) return;
    setStarting(true);
    setRunError(null);
    try {
      const created = await createStudy(
        base,
        { kind: 'values', study: review.study },
        detail?.studyId ?? null,
      );
      setRun({ studyId: created.studyId, jobId: created.jobId });
      void queryClient.invalidateQueries({ queryKey: studiesKey(userKey) });
    } catch (error) {
      const problems = problemsOf(error);
      if (problems !== null) showProblems(problems);
      else setRunError(esStudies.summary.runFailed(errorText(error)));
    } finally {
      setStarting(false);
    }
  };

  const catalogStatus: CatalogStatus =
    base === null
      ? { state: 'none' }
      : catalogQuery.isError
        ? { state: 'error', message: errorText(catalogQuery.error) }
        : catalog === null
          ? { state: 'loading' }
          : { state: 'ready' };
  const locked = run !== null || starting;

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      {detail !== null && (
        <div className="mb-6 space-y-2 rounded-xl bg-slate-100 p-4 text-sm text-slate-800">
          <p>{t.editingVersion(detail.name, detail.version)}</p>
          {(detail.state === 'queued' || detail.state === 'running') && <p>{t.runningNote}</p>}
        </div>
      )}
      <CatalogContext value={catalog}>
        <FormProvider {...form}>
          <form
            ref={formRef}
            noValidate
            aria-label={t.formLabel}
            onSubmit={(event) => void form.handleSubmit(onValid, onInvalid)(event)}
          >
            <fieldset disabled={locked} className="min-w-0 space-y-6">
              <BaseCaseSection
                userKey={userKey}
                mode={mode}
                onMode={(next) => {
                  setMode(next);
                  if (next === 'file' && storedNetwork !== null) setBase(storedNetwork);
                  else if (next !== base?.kind) setBase(null);
                }}
                base={base}
                onBase={setBase}
                storedNetwork={storedNetwork}
                catalogSummary={
                  catalog === null
                    ? null
                    : esStudies.baseCase.busesReady(
                        formatInteger(catalog.number.length),
                        catalog.areas.length,
                        formatInteger(catalog.areas.length),
                      )
                }
                disabled={locked}
              />
              <LoadFileCard
                base={base}
                disabled={locked}
                onLoaded={(study) => {
                  prefilled.current = true;
                  form.reset(studyToFormValues(study));
                  setReview({ kind: 'idle' });
                }}
              />
              <GeneralSection />
              <YearsSection />
              <AreasSection />
              <ScenariosSection />
              <ProjectsSection />
              <BusbarPicker status={catalogStatus} />
              <OptionsSection />
            </fieldset>
            <Card
              titleId="estudio-revision"
              title={t.review}
              subtitle={t.reviewHint}
              className="mt-6"
            >
              <div className="mt-4 space-y-4">
                {run === null && (
                  <Button type="submit" disabled={review.kind === 'checking' || locked}>
                    {review.kind === 'checking' ? t.reviewing : t.review}
                  </Button>
                )}
                <ReviewOutcome review={review} />
                {review.kind === 'ready' && run === null && (
                  <SummaryCard
                    summary={review.summary}
                    verification={review.study.options.verification}
                    newVersion={detail !== null}
                    starting={starting}
                    onRun={() => void onRun()}
                  />
                )}
                {runError !== null && (
                  <p role="alert" className="text-sm text-red-700">
                    {runError}
                  </p>
                )}
                {run !== null && <RunPanel userKey={userKey} {...run} />}
              </div>
            </Card>
          </form>
        </FormProvider>
      </CatalogContext>
    </div>
  );
}
