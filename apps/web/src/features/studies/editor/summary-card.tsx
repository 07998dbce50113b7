import { studyVerificationWords, type StudyFile, type StudyRunSummary } from '@holgura/contracts';
import { CheckCircle2 } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { Button } from '../../../components/ui/button';
import { esStudies } from '../../../strings/es-studies';
import { formatInteger } from '../../../utils/format';

const t = esStudies.summary;

/** «~45 s» under a minute and a half, else «~3 min». */
export function formatEstimate(seconds: number): string {
  if (seconds < 90) return t.seconds(formatInteger(Math.max(1, Math.round(seconds))));
  return t.minutes(formatInteger(Math.round(seconds / 60)));
}

type SummaryCardProps = {
  summary: StudyRunSummary;
  /** Issue #31: the study's checks beyond DC, said beside the time they add. */
  verification?: StudyFile['options']['verification'];
  newVersion: boolean;
  starting: boolean;
  onRun: () => void;
};

/** What running the study takes, before it runs: cases × busbars, time, network size. */
export function SummaryCard({
  summary,
  verification,
  newVersion,
  starting,
  onRun,
}: SummaryCardProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const titleId = useId();
  useEffect(() => {
    headingRef.current?.focus();
  }, [summary]);
  return (
    <section
      aria-labelledby={titleId}
      data-testid="study-summary"
      className="rounded-xl border border-green-200 bg-green-50 p-4 text-sm text-slate-900"
    >
      <h3
        id={titleId}
        ref={headingRef}
        tabIndex={-1}
        className="flex items-center gap-2 text-base font-semibold text-green-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-green-700"
      >
        <CheckCircle2 aria-hidden="true" className="h-5 w-5 shrink-0" />
        {t.title}
      </h3>
      <ul className="mt-3 space-y-1">
        <li className="text-base font-semibold">
          {t.cases(
            formatInteger(summary.cases),
            formatInteger(summary.scenarios),
            formatInteger(summary.years.length),
          )}
        </li>
        <li className="text-base font-semibold">
          {t.capacities(formatInteger(summary.busbars), formatInteger(summary.busbarCases))}
        </li>
        <li>{t.years(summary.years.map(String).join(', '))}</li>
        <li>{t.projects(formatInteger(summary.projects))}</li>
        <li>
          {t.network(
            formatInteger(summary.network.buses),
            formatInteger(summary.network.branches),
            formatInteger(summary.network.generators),
          )}
        </li>
        <li data-testid="study-summary-verification">
          {t.verification(studyVerificationWords.settings(verification))}
        </li>
        <li className="font-semibold">{t.time(formatEstimate(summary.estimatedSeconds))}</li>
      </ul>
      <p className="mt-1 text-xs text-slate-600">{t.timeNote}</p>
      <Button className="mt-4" onClick={onRun} disabled={starting} aria-busy={starting}>
        {starting ? t.starting : newVersion ? t.runVersion : t.run}
      </Button>
    </section>
  );
}
