import {
  errorMessages,
  MAX_STUDY_FILE_BYTES,
  type StudyFile,
  type StudyProblem,
} from '@holgura/contracts';
import { useId, useRef, useState } from 'react';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { esStudies } from '../../../strings/es-studies';
import { cn } from '../../../utils/cn';
import { errorText } from '../api/error-text';
import type { BaseCase } from '../api/study-form-data';
import { validateStudy } from '../api/validate-study';
import { TemplateButton } from '../components/template-button';
import { ProblemList } from './problem-list';

const t = esStudies.loadFile;

type Outcome =
  | { kind: 'loaded'; name: string; problems: StudyProblem[] }
  | { kind: 'refused'; problems: StudyProblem[] }
  | { kind: 'error'; message: string };

const isStudyFile = (file: File) => /\.(json|xlsx)$/i.test(file.name);

/**
 * «Cargar desde archivo»: a JSON or Excel study, checked by the server with the chosen base case
 * (every problem by field, or by sheet, row and cell); a readable one fills the form.
 */
export function LoadFileCard({
  base,
  disabled,
  onLoaded,
}: {
  base: BaseCase | null;
  disabled: boolean;
  onLoaded: (study: StudyFile) => void;
}) {
  const [checking, setChecking] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const ids = { input: useId(), hint: useId() };

  const load = async (file: File | undefined) => {
    if (inputRef.current !== null) inputRef.current.value = '';
    if (file === undefined) return;
    if (base === null) return setOutcome({ kind: 'error', message: t.needsBaseCase });
    if (!isStudyFile(file)) {
      return setOutcome({ kind: 'error', message: errorMessages.STUDY_FILE_TYPE });
    }
    if (file.size > MAX_STUDY_FILE_BYTES) {
      return setOutcome({ kind: 'error', message: errorMessages.STUDY_FILE_TOO_LARGE });
    }
    setChecking(true);
    setOutcome(null);
    try {
      const answer = await validateStudy(base, { kind: 'file', file });
      if (answer.study === null) {
        setOutcome({ kind: 'refused', problems: answer.problems });
      } else {
        onLoaded(answer.study);
        setOutcome({ kind: 'loaded', name: answer.study.name, problems: answer.problems });
      }
    } catch (error) {
      setOutcome({ kind: 'error', message: t.failed(errorText(error)) });
    } finally {
      setChecking(false);
    }
  };

  return (
    <Card titleId="estudio-archivo" title={t.title} subtitle={t.intro} actions={<TemplateButton />}>
      <div className="mt-4 space-y-3">
        <div className="flex flex-wrap items-center gap-3">
          <label
            htmlFor={ids.input}
            className={cn(
              'inline-flex h-10 cursor-pointer items-center rounded-lg border border-slate-300 bg-white px-4 text-sm font-semibold text-slate-800 hover:border-sky-500 hover:text-sky-800',
              'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-sky-500',
              (disabled || checking) && 'pointer-events-none opacity-60',
            )}
          >
            {t.pick}
            <input
              id={ids.input}
              ref={inputRef}
              type="file"
              accept=".json,.xlsx,application/json,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              aria-label={t.pickLabel}
              aria-describedby={ids.hint}
              disabled={disabled || checking}
              className="sr-only"
              onChange={(event) => void load(event.target.files?.[0])}
            />
          </label>
          <p id={ids.hint} className="text-xs text-slate-600">
            {t.accepted} · {t.templateHint}
          </p>
        </div>
        {checking && <Spinner label={t.checking} className="items-start py-2" />}
        {outcome?.kind === 'error' && (
          <p role="alert" className="text-sm text-red-700">
            {outcome.message}
          </p>
        )}
        {outcome?.kind === 'loaded' && (
          <p role="status" className="text-sm font-medium text-green-800">
            {outcome.problems.length === 0
              ? t.loaded(outcome.name)
              : t.loadedWithProblems(outcome.name, outcome.problems.length)}
          </p>
        )}
        {outcome !== null && outcome.kind !== 'error' && outcome.problems.length > 0 && (
          <ProblemList
            problems={outcome.problems}
            title={
              outcome.kind === 'refused'
                ? t.notLoaded(outcome.problems.length)
                : t.fileProblems(outcome.problems.length)
            }
          />
        )}
      </div>
    </Card>
  );
}
