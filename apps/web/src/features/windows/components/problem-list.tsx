import type { StudyProblem } from '@holgura/contracts';
import { AlertTriangle } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { esWindows } from '../../../strings/es-windows';
import { cellOfField, type RequestField } from '../model/request-rows';

const t = esWindows.form;

/**
 * The place a problem names first, split from what is wrong: the server writes «Hoja
 * «Solicitudes», fila 4, celda G4: …» for a workbook and «Solicitud 2, MW solicitados: …» for a
 * request, so the list can show the place in bold.
 */
export function splitProblem(problem: StudyProblem): { place: string | null; text: string } {
  const split = problem.message.indexOf(': ');
  const named = problem.sheet !== null || cellOfField(problem.field) !== null;
  if (!named || split <= 0) return { place: null, text: problem.message };
  return { place: problem.message.slice(0, split), text: problem.message.slice(split + 2) };
}

/**
 * Every problem at once, each with its place (the file's sheet, row and cell, or the request's
 * row and field). The list takes the focus when it appears; a problem of a row of the table has
 * a button that takes the focus to that cell.
 */
export function ProblemList({
  problems,
  title,
  intro,
  onGoTo,
}: {
  problems: readonly StudyProblem[];
  title: string;
  intro: string;
  /** Given: a problem of a row of the table offers to go to its cell. */
  onGoTo?: (index: number, field: RequestField) => void;
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
      <ul className="mt-3 list-disc space-y-1.5 pl-5" data-testid="window-problems">
        {problems.map((problem, index) => {
          const { place, text } = splitProblem(problem);
          const cell = onGoTo === undefined ? null : cellOfField(problem.field);
          return (
            // The same message may come twice from different cells: the index keeps them apart.
            <li key={`${index}-${problem.message}`}>
              {place !== null && <span className="font-semibold">{place}: </span>}
              {text}
              {cell !== null && (
                <button
                  type="button"
                  onClick={() => onGoTo?.(cell.index, cell.field)}
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
