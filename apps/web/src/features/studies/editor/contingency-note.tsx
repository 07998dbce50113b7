import { appPaths } from '@holgura/contracts';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { esStudies } from '../../../strings/es-studies';
import { caseContingencySetQueryOptions } from '../api/get-case-contingency-set';
import { errorText } from '../api/error-text';
import type { BaseCase } from '../api/study-form-data';

const t = esStudies.contingencies.note;

/** Where a case's own contingencies are uploaded: its analysis, the case selected. */
const analysisHref = (caseId: string) =>
  `${appPaths.analysis}?${new URLSearchParams({ caso: caseId }).toString()}`;

/**
 * Under the base case (issue #30): the contingencies the study will be computed on — the chosen
 * case's set as it is when the study is sent, or every in-service branch, one at a time (an
 * uploaded network has no set). Nothing until a base is chosen.
 */
export function ContingencyNote({ userKey, base }: { userKey: string; base: BaseCase | null }) {
  if (base === null) return null;
  return (
    // Two lines kept for it: the note that follows the loading line moves nothing below.
    <div className="mt-3 min-h-10 text-sm text-slate-700" aria-live="polite">
      {base.kind === 'case' ? (
        <CaseContingencies userKey={userKey} caseId={base.caseId} />
      ) : (
        <p data-testid="study-contingency-note">
          {t.everyBranch} {t.ownFromFile}
        </p>
      )}
    </div>
  );
}

function CaseContingencies({ userKey, caseId }: { userKey: string; caseId: string }) {
  const current = useQuery(caseContingencySetQueryOptions(userKey, caseId));
  if (current.isPending) return <p className="text-slate-600">{t.loading}</p>;
  if (current.isError) {
    return (
      <p role="alert" className="text-red-700">
        {t.error(errorText(current.error))}
      </p>
    );
  }
  const set = current.data.set;
  if (set === null) {
    return (
      <p data-testid="study-contingency-note">
        {t.everyBranch} {t.ownBefore}
        <Link
          to={analysisHref(caseId)}
          className="rounded font-medium text-sky-800 underline underline-offset-2 hover:no-underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-sky-500"
        >
          {t.ownLink}
        </Link>
        {t.ownAfter}
      </p>
    );
  }
  return (
    <p data-testid="study-contingency-note">
      {t.withSet({
        fileName: set.fileName,
        format: set.format,
        total: set.counts.total,
        subsystemsFileName: set.subsystemsFile?.fileName ?? null,
        monitoredFileName: set.monitoredFile?.fileName ?? null,
      })}
    </p>
  );
}
