import type { StudyFile, StudyProblem, StudyRunSummary } from '@holgura/contracts';
import { Spinner } from '../../../components/ui/spinner';
import { esStudies } from '../../../strings/es-studies';
import { ProblemList } from './problem-list';

const t = esStudies.editor;

/** Where «Revisar» stands: the form's own problems, the server's, or the summary to run. */
export type Review =
  | { kind: 'idle' }
  | { kind: 'invalid'; count: number }
  | { kind: 'checking' }
  | { kind: 'problems'; problems: StudyProblem[] }
  | { kind: 'ready'; summary: StudyRunSummary; study: StudyFile }
  | { kind: 'stale' }
  | { kind: 'error'; message: string };

/** What the review said, short of the summary (shown with its «Calcular estudio» button). */
export function ReviewOutcome({ review }: { review: Review }) {
  switch (review.kind) {
    case 'invalid':
      return (
        <p role="alert" className="text-sm text-red-700">
          {t.invalidSummary(review.count)}
        </p>
      );
    case 'checking':
      return <Spinner label={t.reviewing} className="items-start" />;
    case 'problems':
      return <ProblemList problems={review.problems} />;
    case 'stale':
      return (
        <p role="status" className="text-sm text-amber-900">
          {t.staleReview}
        </p>
      );
    case 'error':
      return (
        <p role="alert" className="text-sm text-red-700">
          {review.message}
        </p>
      );
    default:
      return null;
  }
}
