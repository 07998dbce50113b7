import type { StudyProblem } from '@holgura/contracts';
import { AlertTriangle } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { esStudies } from '../../../strings/es-studies';
import { describeProblem, focusField } from '../model/problem-place';

const t = esStudies.problems;

/**
 * Every problem of a study at once, each with its place (a field of the form, or the sheet, row
 * and cell of the workbook). The list takes the focus when it appears; a field's problem has a
 * button that takes the focus to that field.
 */
export function ProblemList({
  problems,
  title = t.title(problems.length),
  intro = t.intro,
}: {
  problems: readonly StudyProblem[];
  title?: string;
  intro?: string;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const titleId = useId();
  useEffect(() => {
    headingRef.current?.focus();
  }, [problems]);
  return (
    <section
      aria-labelledby={titleId}
      className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-900"
    >
      <h3
        id={titleId}
        ref={headingRef}
        tabIndex={-1}
        className="flex items-center gap-2 text-base font-semibold focus:outline-none focus-visible:ring-2 focus-visible:ring-red-600"
      >
        <AlertTriangle aria-hidden="true" className="h-5 w-5 shrink-0" />
        {title}
      </h3>
      {intro !== '' && <p className="mt-1">{intro}</p>}
      <ul className="mt-3 list-disc space-y-1.5 pl-5" data-testid="study-problems">
        {problems.map((problem, index) => {
          const { place, text, field } = describeProblem(problem);
          return (
            // The same message may come twice from different cells: the index keeps them apart.
            <li key={`${index}-${problem.message}`}>
              {place !== null && <span className="font-semibold">{place}: </span>}
              {text}
              {field !== null && (
                <button
                  type="button"
                  onClick={() => focusField(field)}
                  className="ml-2 rounded font-semibold text-red-950 underline underline-offset-2 hover:no-underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-red-600"
                >
                  {t.goTo}
                  <span className="sr-only">: {place}</span>
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
