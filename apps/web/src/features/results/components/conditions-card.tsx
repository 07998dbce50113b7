import type { StudyCaseResult } from '@holgura/contracts';
import { Card } from '../../../components/ui/card';
import { es } from '../../../strings/es';
import { formatMw } from '../../../utils/format';
import { shortCircuitLines, yearsOf } from '../model';

const t = es.resultsDemo.results.conditions;

/**
 * The simulation conditions of the shown cases, read from the study's results (never
 * constants): the network and its contingencies, each scenario's condition and interchanges, the projects in service
 * each year.
 */
export function ConditionsCard({
  networkLabel,
  contingencies,
  verification = null,
  cases,
}: {
  networkLabel: string;
  /** What the cases are computed on (issue #30); null: not known for them, not shown. */
  contingencies: string | null;
  /** Issue #31: the study's checks beyond DC, in words; null: not shown. */
  verification?: string | null;
  cases: readonly StudyCaseResult[];
}) {
  if (cases.length === 0) return null;
  const shortCircuit = shortCircuitLines(cases);
  const scenarios = [...new Set(cases.map((item) => item.scenario))];
  const years = yearsOf(cases.map((item) => ({ anio: item.year })));

  return (
    <Card level={3} titleId="condiciones-titulo" title={t.heading} className="bg-slate-50">
      <dl className="mt-2 text-sm">
        <dt className="font-medium text-slate-600">{t.network}</dt>
        <dd className="text-slate-900" data-testid="network-label">
          {networkLabel}
        </dd>
        {contingencies !== null && (
          <>
            <dt className="mt-2 font-medium text-slate-600">{t.contingencies}</dt>
            <dd className="text-slate-900" data-testid="conditions-contingencies">
              {contingencies}
            </dd>
          </>
        )}
        {verification !== null && (
          <>
            <dt className="mt-2 font-medium text-slate-600">{t.verification}</dt>
            <dd className="text-slate-900" data-testid="conditions-verification">
              {verification}
            </dd>
          </>
        )}
        {shortCircuit.length > 0 && (
          <>
            <dt className="mt-2 font-medium text-slate-600">{t.shortCircuit}</dt>
            <dd className="text-slate-900" data-testid="conditions-short-circuit">
              <ul className="space-y-1">
                {shortCircuit.map((line) => (
                  <li key={line.text} className={line.ok ? undefined : 'text-amber-900'}>
                    <span className="font-medium">{t.shortCircuitOf(line.cases.join(', '))}:</span>{' '}
                    {line.text}
                  </li>
                ))}
              </ul>
            </dd>
          </>
        )}
      </dl>
      <div className="mt-3 grid gap-3 md:grid-cols-2 xl:grid-cols-3">
        {scenarios.map((scenario) => {
          // The scenario's latest year: its condition and interchanges (the same every year).
          const latest = cases
            .filter((item) => item.scenario === scenario)
            .sort((a, b) => b.year - a.year)[0]!;
          return (
            <div key={scenario} className="rounded-lg border border-slate-200 bg-white p-3">
              <h4 className="text-sm font-semibold text-slate-900">{t.scenarioLabel(scenario)}</h4>
              <dl className="mt-1 space-y-1 text-sm">
                <dt className="text-slate-600">{t.condition}</dt>
                <dd className="text-slate-900">{latest.condition}</dd>
                <dt className="text-slate-600">{t.interchanges}</dt>
                <dd className="text-slate-900">
                  {latest.interchanges.length === 0 ? (
                    t.noInterchanges
                  ) : (
                    <ul>
                      {latest.interchanges.map((item) => (
                        <li key={`${item.name}-${item.busNumber}`}>
                          {item.name}: {t.mw(formatMw(item.mw))}
                        </li>
                      ))}
                    </ul>
                  )}
                </dd>
              </dl>
            </div>
          );
        })}
      </div>
      <h4 className="mt-3 text-sm font-semibold text-slate-900">{t.projects}</h4>
      <ul className="mt-1 space-y-1 text-sm text-slate-800">
        {years.map((year) => {
          const projects = [
            ...new Set(
              cases.filter((item) => item.year === year).flatMap((item) => item.projectsInService),
            ),
          ];
          return (
            <li key={year}>
              <span className="font-medium">{t.projectsOfYear(year)}:</span>{' '}
              {projects.length === 0 ? t.noProjects : projects.join(', ')}
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
