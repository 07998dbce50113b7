import type { HourlyProfilesResponse } from '@holgura/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Card } from '../../../components/ui/card';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { esHours } from '../../../strings/es-hours';
import { contingencySetQueryOptions } from '../api/contingency-sets';
import { hourlyProfilesQueryOptions } from './api';
import { BusYear } from './bus-year';
import { ProfilesPanel } from './profiles-panel';

const t = esHours;

/**
 * «Un año de horas» (issue #32, docs/analysis.md §13), for an uploaded, analysed case: its
 * hourly profiles (upload, summary, replace, remove), then a bus's N-1 capacity in every hour of
 * them — firm MW, MW at 1, 3 and 5 % of energy curtailed, the duration curve, the month × hour
 * view, the binding constraints, a CSV — and a plant's curtailment. The hours are on every
 * branch, one at a time: a case with the planner's contingencies says so.
 */
export function HoursSection({ caseId }: { caseId: string }) {
  const queryClient = useQueryClient();
  const profiles = useQuery(hourlyProfilesQueryOptions(caseId));
  const summary = profiles.data?.profiles ?? null;
  const contingencySet = useQuery(contingencySetQueryOptions(caseId)).data?.set ?? null;

  const changed = (answer: HourlyProfilesResponse) =>
    queryClient.setQueryData(hourlyProfilesQueryOptions(caseId).queryKey, answer);

  return (
    <Card titleId="horas-titulo" title={t.title} subtitle={t.intro} className="lg:col-span-2">
      <div className="mt-4 space-y-6" data-testid="hours">
        {profiles.isError ? (
          <Notice tone="error">{t.loadError(profiles.error.message)}</Notice>
        ) : profiles.isPending ? (
          <Spinner label={t.loading} className="py-6" />
        ) : (
          <>
            {contingencySet !== null && (
              <p className="text-sm text-slate-700" data-testid="hours-contingency-set-note">
                {t.contingencySetNote(contingencySet.fileName)}
              </p>
            )}
            <ProfilesPanel caseId={caseId} summary={summary} onChanged={changed} />
            {summary !== null && (
              // New profiles: a new year, so the bus's answer and the plant's are forgotten.
              <BusYear
                key={`${summary.fileName}|${summary.uploadedAt}`}
                caseId={caseId}
                summary={summary}
              />
            )}
          </>
        )}
      </div>
    </Card>
  );
}
