import { errorMessages, type StudyProblem, type WindowRequestInput } from '@holgura/contracts';
import { useId, useRef, useState } from 'react';
import { Spinner } from '../../../components/ui/spinner';
import { esWindows } from '../../../strings/es-windows';
import { cn } from '../../../utils/cn';
import { errorText } from '../api/error-text';
import { isRequestsFile, readRequestsFile } from '../api/read-requests';
import { ProblemList } from './problem-list';
import { TemplateButton } from './template-button';

const t = esWindows.form;

type Outcome =
  | { kind: 'loaded'; count: number; file: string }
  | { kind: 'refused'; problems: StudyProblem[] }
  | { kind: 'error'; message: string };

/**
 * «Cargar desde archivo»: the Excel template or a JSON file, read by the server (nothing is
 * stored); its requests are added to the table, or every problem is listed with its sheet, row
 * and cell.
 */
export function RequestsFile({
  disabled,
  caseId,
  onLoaded,
}: {
  disabled: boolean;
  /** The case chosen above, if any: the file's buses are checked against it too. */
  caseId?: string | undefined;
  onLoaded: (requests: WindowRequestInput[]) => void;
}) {
  const [reading, setReading] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const ids = { input: useId(), hint: useId() };

  const load = async (file: File | undefined) => {
    if (inputRef.current !== null) inputRef.current.value = '';
    if (file === undefined) return;
    if (!isRequestsFile(file)) {
      setOutcome({ kind: 'error', message: errorMessages.WINDOW_FILE_TYPE });
      return;
    }
    setReading(true);
    setOutcome(null);
    try {
      const answer = await readRequestsFile(file, caseId);
      if (answer.valid) {
        onLoaded(answer.requests);
        setOutcome({ kind: 'loaded', count: answer.requests.length, file: file.name });
      } else {
        setOutcome({ kind: 'refused', problems: answer.problems });
      }
    } catch (error) {
      setOutcome({ kind: 'error', message: t.readFailed(errorText(error)) });
    } finally {
      setReading(false);
    }
  };

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-3">
        <label
          htmlFor={ids.input}
          className={cn(
            'inline-flex h-9 cursor-pointer items-center rounded-lg border border-slate-300 bg-white px-3 text-sm font-semibold text-slate-800 hover:border-sky-500 hover:text-sky-800',
            'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-sky-500',
            (disabled || reading) && 'pointer-events-none opacity-60',
          )}
        >
          {t.pick}
          <input
            id={ids.input}
            ref={inputRef}
            type="file"
            accept=".xlsx,.json,application/json,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            aria-label={t.pickLabel}
            aria-describedby={ids.hint}
            disabled={disabled || reading}
            className="sr-only"
            onChange={(event) => void load(event.target.files?.[0])}
          />
        </label>
        <TemplateButton />
        <p id={ids.hint} className="text-xs text-slate-600">
          {t.accepted}
        </p>
      </div>
      {reading && <Spinner label={t.reading} className="items-start py-2" />}
      {outcome?.kind === 'error' && (
        <p role="alert" className="text-sm text-red-700">
          {outcome.message}
        </p>
      )}
      {outcome?.kind === 'loaded' && (
        <p role="status" className="text-sm font-medium text-green-800">
          {t.loaded(outcome.count, outcome.file)}
        </p>
      )}
      {outcome?.kind === 'refused' && (
        <ProblemList
          problems={outcome.problems}
          title={t.fileProblems(outcome.problems.length)}
          intro={t.fileProblemsIntro}
        />
      )}
    </div>
  );
}
