import { DEFAULT_ANALYSIS_OPTIONS, type AnalysisOptions, type JobStatus } from '@holgura/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import {
  capacityQueriesKey,
  requestBusbarCapacities,
} from '../../../components/busbar-capacities/api';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { JobProgress } from '../../../components/ui/job-progress';
import { Notice } from '../../../components/ui/notice';
import { useJobStatus } from '../../../lib/use-job-status';
import { esAnalysisOptions } from '../../../strings/es-analysis-options';
import { cn } from '../../../utils/cn';
import { formatInteger } from '../../../utils/format';
import { contingencySetQueryOptions } from '../api/contingency-sets';
import type { GroupRun } from '../groups/use-group-run';
import {
  DEFAULT_FORM_VALUES,
  formValues,
  parseOptionsForm,
  type OptionsFormErrors,
  type OptionsFormValues,
} from './options-form';

const t = esAnalysisOptions.panel;

/** What the panel needs of the page's group runner (use-group-run.ts). */
export type GroupRunner = {
  run: GroupRun | null;
  busy: boolean;
  error: string | null;
  existing: boolean;
  start: (group: string, options?: AnalysisOptions) => Promise<void>;
};

type AnalysisOptionsPanelProps = {
  caseId: string;
  /** The options of the figures shown: the form starts from them. */
  shown: AnalysisOptions;
  /** The group of the figures shown (recalculated with the new options); null: not recorded. */
  group: { key: string; label: string } | null;
  /** The case has busbar capacities (its upload's analysis is done): they are recalculated too. */
  capacities: boolean;
  groupRun: GroupRunner;
};

/** A job's progress as the panel shows it. */
type Progress = Pick<JobStatus, 'state' | 'stage' | 'progressPercent' | 'error'>;
const QUEUED: Progress = { state: 'queued', stage: null, progressPercent: 0, error: null };
const DONE: Progress = { state: 'done', stage: null, progressPercent: 100, error: null };

/**
 * «Opciones del análisis» (issue #25): post-contingency rating, distribution-factor cutoff,
 * sink, base dispatch and cap per busbar, and for a case with its own contingencies (issue #30)
 * which ones the flexibility is computed on. «Recalcular» runs the group shown with them (a new
 * analysis, selected when it starts) and the capacity of every busbar with them (the section
 * below keeps the old result until the new one is done), with the progress of both here.
 */
export function AnalysisOptionsPanel({
  caseId,
  shown,
  group,
  capacities,
  groupRun,
}: AnalysisOptionsPanelProps) {
  const queryClient = useQueryClient();
  const contingencySet = useQuery(contingencySetQueryOptions(caseId)).data;
  const set = contingencySet?.set ?? null;
  const [values, setValues] = useState<OptionsFormValues>(() => formValues(shown));
  const [errors, setErrors] = useState<OptionsFormErrors>({});
  const [started, setStarted] = useState(false);
  const [capacityJob, setCapacityJob] = useState<{ jobId: string; existing: boolean } | null>(null);
  const [capacityFinal, setCapacityFinal] = useState<Progress | null>(null);

  const refreshCapacities = () =>
    queryClient.invalidateQueries({ queryKey: capacityQueriesKey(caseId) });
  const capacityActive = capacityJob !== null && capacityFinal === null;
  const capacityStatus = useJobStatus(capacityJob?.jobId ?? null, capacityActive, (final) => {
    // A job that can no longer be followed: its result (or error) is the section's to show.
    setCapacityFinal(final ?? { ...QUEUED, state: 'failed' });
    void refreshCapacities();
  });
  const capacityRequest = useMutation({
    mutationFn: (options: AnalysisOptions) => requestBusbarCapacities(caseId, options),
    onSuccess: (answer) => {
      setCapacityJob({ jobId: answer.jobId, existing: answer.existing });
      // Done already (the result shown has these options): nothing to follow.
      setCapacityFinal(answer.state === 'done' ? DONE : null);
      // The section reads the new job as its `next` and follows it.
      void refreshCapacities();
    },
  });
  const running = groupRun.busy || capacityRequest.isPending || capacityActive;

  // Other figures shown (another analysis, a new capacity result): the form starts from their
  // options, once nothing runs (meanwhile it keeps what was sent).
  const shownKey = JSON.stringify(shown);
  const [formKey, setFormKey] = useState(shownKey);
  if (shownKey !== formKey && !running) {
    setFormKey(shownKey);
    setValues(formValues(shown));
    setErrors({});
  }

  const change = <K extends keyof OptionsFormValues>(key: K, value: OptionsFormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (running) return;
    const parsed = parseOptionsForm(values);
    if (!parsed.ok) {
      setErrors(parsed.errors);
      return;
    }
    setErrors({});
    setStarted(true);
    setCapacityJob(null);
    setCapacityFinal(null);
    capacityRequest.reset();
    // A case known to have no set (any more) can only be computed over every branch; while its
    // set is loading, the choice shown stands.
    const options: AnalysisOptions =
      contingencySet !== undefined && set === null
        ? { ...parsed.options, contingencies: 'every-branch' }
        : parsed.options;
    if (group !== null) void groupRun.start(group.key, options);
    // The capacities always use the case's set when it has one: the choice is the flexibility's
    // alone, and sending it would key a second, identical capacity computation.
    if (capacities) {
      capacityRequest.mutate({
        ...options,
        contingencies: DEFAULT_ANALYSIS_OPTIONS.contingencies,
      });
    }
  };

  const flexJob = groupRun.run?.job ?? null;
  const flexFailed = groupRun.error !== null || flexJob?.state === 'failed';
  const capacityFailed = capacityRequest.isError || capacityFinal?.state === 'failed';
  const invalid = Object.keys(errors).length > 0;

  return (
    <Card level={3} titleId="opciones-analisis-titulo" title={t.title} subtitle={t.intro}>
      <form
        aria-label={t.formLabel}
        noValidate
        onSubmit={submit}
        className="mt-4 space-y-4"
        data-testid="analysis-options-form"
      >
        <fieldset disabled={running} className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          <legend className="sr-only">{t.formLabel}</legend>
          <SelectField
            label={t.rating}
            hint={t.ratingHint}
            value={values.postContingencyRating}
            options={(['emergency', 'A', 'B', 'C'] as const).map((key) => [key, t.ratings[key]])}
            onChange={(value) => change('postContingencyRating', value)}
          />
          <TextField
            label={t.cutoff}
            hint={t.cutoffHint}
            value={values.distributionFactorCutoff}
            error={errors.distributionFactorCutoff}
            onChange={(value) => change('distributionFactorCutoff', value)}
          />
          <SelectField
            label={t.sink}
            hint={t.sinkHint}
            value={values.sink}
            options={(['auto', 'headroom-down', 'initial-output', 'loads'] as const).map((key) => [
              key,
              t.sinks[key],
            ])}
            onChange={(value) => change('sink', value)}
          />
          <SelectField
            label={t.slack}
            hint={t.slackHint}
            value={values.slack}
            options={(['distributed', 'single'] as const).map((key) => [key, t.slacks[key]])}
            onChange={(value) => change('slack', value)}
          />
          <TextField
            label={t.cap}
            hint={t.capHint}
            value={values.capMw}
            error={errors.capMw}
            onChange={(value) => change('capMw', value)}
          />
          {set !== null && (
            <SelectField
              label={t.contingencies}
              hint={t.contingenciesHint}
              value={values.contingencies}
              options={[
                ['every-branch', t.contingencyChoices.everyBranch],
                [
                  'case-set',
                  t.contingencyChoices.caseSet(set.fileName, formatInteger(set.counts.total)),
                ],
              ]}
              onChange={(value) => change('contingencies', value)}
            />
          )}
        </fieldset>
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={running}>
            {running ? t.submitting : t.submit}
          </Button>
          <Button
            type="button"
            variant="outline"
            disabled={running}
            onClick={() => {
              setValues(DEFAULT_FORM_VALUES);
              setErrors({});
            }}
          >
            {t.defaults}
          </Button>
          {group === null && <p className="text-sm text-slate-600">{t.noGroup}</p>}
        </div>
        {invalid && <Notice tone="error">{t.invalid}</Notice>}
        {started && (
          <div className="space-y-3" data-testid="options-run">
            <p className="text-sm text-slate-700" role="status">
              {running
                ? t.running(group?.label ?? null)
                : flexFailed || capacityFailed
                  ? ''
                  : t.done}
            </p>
            <div className="grid gap-4 md:grid-cols-2">
              {group !== null && (
                <RunStatus title={t.flexibilityTitle}>
                  {groupRun.error !== null ? (
                    <Notice tone="error" className="mt-2">
                      {groupRun.error}
                    </Notice>
                  ) : groupRun.existing && !groupRun.busy ? (
                    <p className="mt-2 text-sm text-slate-700">{t.flexibilityExisting}</p>
                  ) : (
                    <JobProgress
                      job={flexJob ?? QUEUED}
                      label={t.flexibilityProgress}
                      failedTitle={t.failed}
                      queued={t.queued}
                      running={t.runningStage}
                    />
                  )}
                </RunStatus>
              )}
              {capacities && (
                <RunStatus title={t.capacityTitle}>
                  {capacityRequest.isError ? (
                    <Notice tone="error" className="mt-2">
                      {t.capacityError(capacityRequest.error.message)}
                    </Notice>
                  ) : capacityJob?.existing === true && capacityFinal?.state === 'done' ? (
                    <p className="mt-2 text-sm text-slate-700">{t.capacityExisting}</p>
                  ) : (
                    <JobProgress
                      job={capacityFinal ?? capacityStatus ?? QUEUED}
                      label={t.capacityProgress}
                      failedTitle={t.failed}
                      queued={t.queued}
                      running={t.runningStage}
                    />
                  )}
                </RunStatus>
              )}
            </div>
          </div>
        )}
      </form>
    </Card>
  );
}

function RunStatus({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="rounded-xl border border-slate-200 p-3">
      <p className="text-sm font-semibold text-slate-900">{title}</p>
      {children}
    </div>
  );
}

const fieldClasses =
  'block h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-sm focus:border-sky-600 focus:outline-none focus:ring-2 focus:ring-sky-500/40 disabled:bg-slate-100 aria-invalid:border-red-600';

function SelectField<T extends string>({
  label,
  hint,
  value,
  options,
  onChange,
}: {
  label: string;
  hint: string;
  value: T;
  options: (readonly [T, string])[];
  onChange: (value: T) => void;
}) {
  const id = useId();
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <select
        id={id}
        value={value}
        aria-describedby={`${id}-hint`}
        onChange={(event) => onChange(event.target.value as T)}
        className={fieldClasses}
      >
        {options.map(([key, text]) => (
          <option key={key} value={key}>
            {text}
          </option>
        ))}
      </select>
      <p id={`${id}-hint`} className="text-xs text-slate-600">
        {hint}
      </p>
    </div>
  );
}

function TextField({
  label,
  hint,
  value,
  error,
  onChange,
}: {
  label: string;
  hint: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={id}
        type="text"
        inputMode="decimal"
        value={value}
        aria-invalid={error === undefined ? undefined : true}
        aria-describedby={error === undefined ? `${id}-hint` : `${id}-hint ${id}-error`}
        onChange={(event) => onChange(event.target.value)}
        className={cn(fieldClasses)}
      />
      <p id={`${id}-hint`} className="text-xs text-slate-600">
        {hint}
      </p>
      {error !== undefined && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
