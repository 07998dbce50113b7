import {
  appPaths,
  DEFAULT_WINDOW_OPTIONS,
  windowNameSchema,
  type CaseSummary,
  type ContingencySetResponse,
  type StudyListItem,
  type StudyProblem,
  type WindowOptions,
  type WindowRequestInput,
} from '@holgura/contracts';
import { useMutation, useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { esWindows } from '../../../strings/es-windows';
import { cn } from '../../../utils/cn';
import { formatDateTime } from '../../../utils/format';
import { analysedCasesQueryOptions } from '../api/analysed-cases';
import { caseContingencySetQueryOptions } from '../api/case-contingency-set';
import { windowStudiesQueryOptions } from '../api/window-studies';
import {
  createWindow,
  missingContingencySet,
  problemsOf,
  type NewWindow,
} from '../api/create-window';
import { errorText } from '../api/error-text';
import { windowsKey } from '../api/get-windows';
import { listHref, windowHref } from '../links';
import { mwText } from '../model/explanation';
import {
  cellId,
  cellOfField,
  draftTotals,
  emptyRow,
  filledRows,
  formatDecimal,
  parseDecimal,
  requestFromRow,
  rowFromRequest,
  type DraftRow,
  type RequestField,
} from '../model/request-rows';
import {
  CUTOFF_ID,
  fieldClasses,
  OptionsSection,
  type CaseSetChoice,
  type OptionsDraft,
} from './options-section';
import { ProblemList } from './problem-list';
import { EDITOR_PAGE_SIZE, RequestsEditor } from './requests-editor';
import { RequestsFile } from './requests-file';

const t = esWindows.form;

const CASE_ID = 'ventana-caso';
const STUDY_ID = 'ventana-estudio';
const NAME_ID = 'ventana-nombre';
const MAX_CUTOFF = 0.5;

const defaultOptions: OptionsDraft = {
  contingencies: DEFAULT_WINDOW_OPTIONS.contingencies,
  preExisting: DEFAULT_WINDOW_OPTIONS.preExisting,
  postContingencyRating: DEFAULT_WINDOW_OPTIONS.postContingencyRating,
  cutoff: formatDecimal(DEFAULT_WINDOW_OPTIONS.distributionFactorCutoff),
};

/** The options to send, or null when the cutoff typed is not a number between 0 and 0,5. */
function optionsOf(draft: OptionsDraft): WindowOptions | null {
  const cutoff = parseDecimal(draft.cutoff) ?? DEFAULT_WINDOW_OPTIONS.distributionFactorCutoff;
  if (Number.isNaN(cutoff) || cutoff < 0 || cutoff > MAX_CUTOFF) return null;
  return {
    ...DEFAULT_WINDOW_OPTIONS,
    contingencies: draft.contingencies,
    preExisting: draft.preExisting,
    postContingencyRating: draft.postContingencyRating,
    distributionFactorCutoff: cutoff,
  };
}

type Checks = {
  caseId?: string;
  studyId?: string;
  name?: string;
  cutoff?: string;
  requests?: string;
};

/** What the window is computed on: one analysed case, or a study (firm in every case of it). */
type Source = 'case' | 'study';

const focus = (id: string) => document.getElementById(id)?.focus();

/**
 * «Nueva ventana»: one of the user's analysed cases, a name, the options (folded, with their
 * defaults) and the requests (typed, or read from the template or a JSON). The count and MW
 * requested are shown before creating; the server checks every request at once and a refusal
 * lists each problem with its row and field. Once created, the window's view shows its progress.
 */
export function NewWindowForm({ userKey }: { userKey: string }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const cases = useQuery(analysedCasesQueryOptions(userKey));
  const [source, setSource] = useState<Source>('case');
  const studies = useQuery({ ...windowStudiesQueryOptions(userKey), enabled: source === 'study' });
  const [caseId, setCaseId] = useState('');
  const [studyId, setStudyId] = useState('');
  const caseSet = useQuery({
    ...caseContingencySetQueryOptions(userKey, caseId),
    enabled: source === 'case' && caseId !== '',
  });
  const [name, setName] = useState('');
  const [draftOptions, setDraftOptions] = useState(defaultOptions);
  const [optionsOpen, setOptionsOpen] = useState(false);
  const [rows, setRows] = useState<DraftRow[]>(() => [emptyRow()]);
  const [page, setPage] = useState(0);
  const [checks, setChecks] = useState<Checks>({});
  const [problems, setProblems] = useState<StudyProblem[] | null>(null);
  const ids = { summary: useId(), nameHint: useId() };

  const caseSetChoice = caseSetChoiceOf(
    source === 'case'
      ? { source, caseId, query: caseSet }
      : { source, study: studies.data?.find((item) => item.studyId === studyId) ?? null },
  );
  // 'case-set' holds only while the chosen source has a set: without one (removed since, or
  // not read yet) the form shows and sends every branch.
  const options: OptionsDraft = caseSetChoice.available
    ? draftOptions
    : { ...draftOptions, contingencies: 'every-branch' };
  /**
   * A new source keeps 'case-set' only when it is known to have a set now (a case's set read
   * before, a study's from its list): never the last source's choice on a source without one.
   */
  const keepCaseSetIf = (hasSet: boolean) => {
    if (!hasSet) setDraftOptions((current) => ({ ...current, contingencies: 'every-branch' }));
  };
  const caseHasSet = (id: string) =>
    id !== '' &&
    queryClient.getQueryData(caseContingencySetQueryOptions(userKey, id).queryKey)?.set != null;
  const studyHasSet = (id: string) =>
    studies.data?.find((item) => item.studyId === id)?.contingencySet != null;

  const create = useMutation({ mutationFn: createWindow });
  const busy = create.isPending;
  const totals = draftTotals(rows);
  const invalidCells = new Set(
    (problems ?? []).flatMap((problem) => {
      const cell = cellOfField(problem.field);
      return cell === null ? [] : [`${cell.index}:${cell.field}`];
    }),
  );

  const changeCell = (index: number, field: RequestField, value: string) =>
    setRows((current) => current.map((row, i) => (i === index ? { ...row, [field]: value } : row)));
  /** Rows added or removed: the server's problems no longer point at the right rows. */
  const restructure = (next: DraftRow[], nextPage: number) => {
    setRows(next);
    setPage(Math.max(0, Math.min(nextPage, Math.ceil(next.length / EDITOR_PAGE_SIZE) - 1)));
    setProblems(null);
  };
  const goToCell = (index: number, field: RequestField) => {
    flushSync(() => setPage(Math.floor(index / EDITOR_PAGE_SIZE)));
    focus(cellId(index, field));
  };
  const addRow = () => {
    const next = [...rows, emptyRow()];
    flushSync(() => restructure(next, Math.floor((next.length - 1) / EDITOR_PAGE_SIZE)));
    focus(cellId(next.length - 1, 'id'));
  };
  const loadRequests = (requests: WindowRequestInput[]) => {
    const kept = filledRows(rows);
    restructure(
      [...kept, ...requests.map(rowFromRequest)],
      Math.floor(kept.length / EDITOR_PAGE_SIZE),
    );
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const nameCheck = windowNameSchema.safeParse(name);
    const sentOptions = optionsOf(options);
    const filled = filledRows(rows);
    const found: Checks = {
      ...(source === 'case' && caseId === '' ? { caseId: t.needsCase } : {}),
      ...(source === 'study' && studyId === '' ? { studyId: t.needsStudy } : {}),
      ...(nameCheck.success ? {} : { name: nameCheck.error.issues[0]?.message ?? '' }),
      ...(sentOptions === null ? { cutoff: t.options.cutoffInvalid } : {}),
      ...(filled.length === 0 ? { requests: t.needsRequests } : {}),
    };
    setChecks(found);
    if (found.caseId !== undefined) return focus(CASE_ID);
    if (found.studyId !== undefined) return focus(STUDY_ID);
    if (found.name !== undefined) return focus(NAME_ID);
    if (found.cutoff !== undefined) {
      flushSync(() => setOptionsOpen(true));
      return focus(CUTOFF_ID);
    }
    if (found.requests !== undefined || !nameCheck.success || sentOptions === null) return;
    // Empty rows are not sent: the table keeps only the rows sent, so «Solicitud 3» is row 3.
    if (filled.length !== rows.length) restructure(filled, page);
    setProblems(null);
    const body: NewWindow = {
      ...(source === 'case' ? { caseId } : { studyId }),
      name: nameCheck.data,
      options: sentOptions,
      requests: filled.map(requestFromRow),
    };
    create.mutate(body, {
      onSuccess: ({ windowId }) => {
        void queryClient.invalidateQueries({ queryKey: windowsKey(userKey) });
        toast.success(t.created);
        void navigate(windowHref(windowId));
      },
      onError: (error) => {
        const refused = problemsOf(error);
        if (refused !== null) setProblems(refused);
        // The set went away since it was read: read it again, so the choice says so.
        if (missingContingencySet(error)) {
          void queryClient.invalidateQueries({
            queryKey:
              source === 'case'
                ? caseContingencySetQueryOptions(userKey, caseId).queryKey
                : windowStudiesQueryOptions(userKey).queryKey,
          });
        }
      },
    });
  };

  const createError = create.isError && problemsOf(create.error) === null ? create.error : null;

  return (
    <form noValidate onSubmit={submit} aria-label={t.title} className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 className="text-2xl font-bold text-slate-900">{t.title}</h2>
          <p className="mt-1 max-w-3xl text-sm text-slate-600">{t.intro}</p>
        </div>
        <Link to={listHref} className={buttonClasses('outline', 'sm')}>
          <ArrowLeft aria-hidden="true" className="h-4 w-4" />
          {t.backToList}
        </Link>
      </div>

      <Card titleId="ventana-caso-titulo" title={t.caseTitle}>
        <fieldset className="mt-4">
          <legend className="text-sm font-medium text-slate-800">{t.source}</legend>
          <div className="mt-2 grid gap-2 sm:grid-cols-2">
            {(['case', 'study'] as const).map((value) => (
              <label
                key={value}
                className={cn(
                  'flex cursor-pointer gap-3 rounded-lg border p-3 text-sm',
                  source === value ? 'border-sky-600 bg-sky-50' : 'border-slate-200',
                )}
              >
                <input
                  type="radio"
                  name="ventana-fuente"
                  value={value}
                  checked={source === value}
                  disabled={busy}
                  onChange={() => {
                    setSource(value);
                    keepCaseSetIf(value === 'case' ? caseHasSet(caseId) : studyHasSet(studyId));
                    setChecks({});
                    setProblems(null);
                  }}
                  className="mt-1"
                />
                <span className="text-slate-600">
                  <strong className="block font-medium text-slate-900">
                    {value === 'case' ? t.sourceCase : t.sourceStudy}
                  </strong>
                  {value === 'case' ? t.sourceCaseHint : t.sourceStudyHint}
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <div className="mt-4 grid gap-4 md:grid-cols-2">
          {source === 'case' ? (
            <SourcePicker
              id={CASE_ID}
              query={cases}
              words={caseWords}
              optionOf={caseOption}
              value={caseId}
              onChange={(id) => {
                setCaseId(id);
                keepCaseSetIf(caseHasSet(id));
              }}
              error={checks.caseId}
              disabled={busy}
            />
          ) : (
            <SourcePicker
              id={STUDY_ID}
              query={studies}
              words={studyWords}
              optionOf={studyOption}
              value={studyId}
              onChange={(id) => {
                setStudyId(id);
                keepCaseSetIf(studyHasSet(id));
              }}
              error={checks.studyId}
              disabled={busy}
            />
          )}
          <div className="space-y-1">
            <label htmlFor={NAME_ID} className="block text-sm font-medium text-slate-800">
              {t.name}
            </label>
            <input
              id={NAME_ID}
              type="text"
              autoComplete="off"
              value={name}
              disabled={busy}
              maxLength={200}
              aria-invalid={checks.name === undefined ? undefined : true}
              aria-describedby={`${ids.nameHint}${checks.name === undefined ? '' : ` ${NAME_ID}-error`}`}
              onChange={(event) => setName(event.target.value)}
              className={cn(fieldClasses, 'h-10')}
            />
            <p id={ids.nameHint} className="text-xs text-slate-600">
              {t.nameHint}
            </p>
            {checks.name !== undefined && (
              <p id={`${NAME_ID}-error`} className="text-sm text-red-700">
                {checks.name}
              </p>
            )}
          </div>
        </div>
        <div className="mt-5">
          <OptionsSection
            value={options}
            onChange={setDraftOptions}
            caseSet={caseSetChoice}
            cutoffError={checks.cutoff ?? null}
            open={optionsOpen}
            onToggle={setOptionsOpen}
            disabled={busy}
          />
        </div>
      </Card>

      <Card titleId="ventana-solicitudes-titulo" title={t.requestsTitle} subtitle={t.requestsIntro}>
        <div className="mt-4 space-y-5">
          <RequestsFile
            disabled={busy}
            caseId={source === 'case' && caseId !== '' ? caseId : undefined}
            onLoaded={loadRequests}
          />
          <RequestsEditor
            rows={rows}
            page={page}
            onPage={setPage}
            onChange={changeCell}
            onRemove={(index) =>
              restructure(
                rows.filter((_, i) => i !== index),
                page,
              )
            }
            onAdd={addRow}
            onClear={() => restructure([emptyRow()], 0)}
            invalidCells={invalidCells}
            disabled={busy}
          />
        </div>
      </Card>

      <section
        aria-labelledby={ids.summary}
        className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
      >
        <div aria-live="polite" className="space-y-1">
          <p
            id={ids.summary}
            className="text-base font-semibold text-slate-900"
            data-testid="window-draft-summary"
          >
            {t.summary(totals.count, mwText(totals.totalMw))}
          </p>
          {totals.unreadable > 0 && (
            <p className="text-sm text-amber-900">{t.summaryUnreadable(totals.unreadable)}</p>
          )}
        </div>
        {checks.requests !== undefined && (
          <p role="alert" className="text-sm text-red-700">
            {checks.requests}
          </p>
        )}
        {problems !== null && problems.length > 0 && (
          <ProblemList
            problems={problems}
            title={t.invalidTitle(problems.length)}
            intro={t.invalidIntro}
            onGoTo={goToCell}
          />
        )}
        {createError !== null && (
          <p role="alert" className="text-sm text-red-700">
            {t.createFailed(errorText(createError))}
          </p>
        )}
        <Button type="submit" disabled={busy} aria-busy={busy}>
          {busy ? t.creating : t.create}
        </Button>
      </section>
    </form>
  );
}

/** The source chosen, with what says whether it has the planner's contingencies. */
type SetSource =
  | {
      source: 'case';
      caseId: string;
      query: UseQueryResult<ContingencySetResponse>;
    }
  | { source: 'study'; study: StudyListItem | null };

/**
 * Whether 'case-set' can be chosen: a case's uploaded set (read from its route), or the set the
 * study's newest version was sent with; when not, why.
 */
function caseSetChoiceOf(chosen: SetSource): CaseSetChoice {
  const words = t.options;
  if (chosen.source === 'study') {
    const hint = words.caseSetStudyHint;
    if (chosen.study === null) return { hint, available: false, reason: words.caseSetPickStudy };
    const set = chosen.study.contingencySet;
    return set === null
      ? { hint, available: false, reason: words.caseSetNoneStudy }
      : { hint, available: true, detail: words.caseSetFile(set.fileName, set.counts.total) };
  }
  const hint = words.caseSetHint;
  if (chosen.caseId === '') return { hint, available: false, reason: words.caseSetPickCase };
  const { query } = chosen;
  if (query.isPending) return { hint, available: false, reason: words.caseSetLoading };
  if (query.isError) {
    return { hint, available: false, reason: words.caseSetFailed(errorText(query.error)) };
  }
  const set = query.data.set;
  return set === null
    ? { hint, available: false, reason: words.caseSetNoneCase }
    : { hint, available: true, detail: words.caseSetFile(set.fileName, set.counts.total) };
}

/** A picker's words: the label, the empty choice, what loading, failing and having none say. */
interface PickerWords {
  label: string;
  placeholder: string;
  loading: string;
  failed: (message: string) => string;
  none: string;
  goTo: string;
  goToPath: string;
}

/**
 * What the window is computed on, picked from the user's list (analysed cases or studies): a
 * message while it loads or if it fails, a link to where one is made when there is none.
 */
function SourcePicker<T>({
  id,
  query,
  words,
  optionOf,
  value,
  onChange,
  error,
  disabled,
}: {
  id: string;
  query: UseQueryResult<T[]>;
  words: PickerWords;
  optionOf: (item: T) => { value: string; label: string };
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  disabled: boolean;
}) {
  if (query.isPending) return <p className="text-sm text-slate-600">{words.loading}</p>;
  if (query.isError) {
    return (
      <p role="alert" className="text-sm text-red-700">
        {words.failed(errorText(query.error))}
      </p>
    );
  }
  if (query.data.length === 0) {
    return (
      <div id={id} tabIndex={-1} className="space-y-2 text-sm text-slate-700">
        <p>{words.none}</p>
        <Link to={words.goToPath} className={buttonClasses('outline', 'sm')}>
          {words.goTo}
        </Link>
        {error !== undefined && <p className="text-sm text-red-700">{error}</p>}
      </div>
    );
  }
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {words.label}
      </label>
      <select
        id={id}
        value={value}
        disabled={disabled}
        aria-invalid={error === undefined ? undefined : true}
        aria-describedby={error === undefined ? undefined : `${id}-error`}
        onChange={(event) => onChange(event.target.value)}
        className={cn(fieldClasses, 'h-10')}
      >
        <option value="">{words.placeholder}</option>
        {query.data.map((item) => {
          const option = optionOf(item);
          return (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          );
        })}
      </select>
      {error !== undefined && (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

const caseWords: PickerWords = {
  label: t.caseLabel,
  placeholder: t.casePlaceholder,
  loading: t.casesLoading,
  failed: t.casesError,
  none: t.noCases,
  goTo: t.goToAnalysis,
  goToPath: appPaths.analysis,
};

const studyWords: PickerWords = {
  label: t.studyLabel,
  placeholder: t.studyPlaceholder,
  loading: t.studiesLoading,
  failed: t.studiesError,
  none: t.noStudies,
  goTo: t.goToStudies,
  goToPath: appPaths.studies,
};

/** An analysed case (its analysis done): the window is computed on it. */
const caseOption = (item: CaseSummary) => ({
  value: item.caseId,
  label: t.caseOption(item.caseName, formatDateTime(item.createdAt)),
});

/** A study: the window must fit in each of its scenario × year cases. */
const studyOption = (item: StudyListItem) => ({
  value: item.studyId,
  label: t.studyOption(item.name, item.scenarios * item.years.length),
});
