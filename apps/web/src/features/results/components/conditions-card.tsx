import { Card } from '../../../components/ui/card';
import { es } from '../../../strings/es';
import { formatMw } from '../../../utils/format';
import { yearsOf, type ResultCard } from '../model';

const t = es.resultsDemo.results.conditions;

/** The simulation conditions of the loaded cases, read from their results (never constants). */
export function ConditionsCard({ cards }: { cards: ResultCard[] }) {
  const withData = cards.filter((card) => card.capacity !== null);
  if (withData.length === 0) return null;
  const scenarios = [...new Set(withData.map((card) => card.scenario))];
  const networks = [...new Set(withData.map((card) => card.capacity?.networkLabel ?? ''))].filter(
    (label) => label !== '',
  );
  const years = yearsOf(withData);

  return (
    <Card level={3} titleId="condiciones-titulo" title={t.heading} className="bg-slate-50">
      <dl className="mt-2 text-sm">
        <dt className="font-medium text-slate-600">{t.network}</dt>
        {networks.map((label) => (
          <dd key={label} className="text-slate-900" data-testid="network-label">
            {label}
          </dd>
        ))}
      </dl>
      <div className="mt-3 grid gap-3 md:grid-cols-2 xl:grid-cols-3">
        {scenarios.map((scenario) => {
          const latest = withData
            .filter((card) => card.scenario === scenario)
            .sort((a, b) => b.anio - a.anio)[0];
          const capacity = latest?.capacity;
          if (capacity === undefined || capacity === null) return null;
          return (
            <div key={scenario} className="rounded-lg border border-slate-200 bg-white p-3">
              <h4 className="text-sm font-semibold text-slate-900">{t.scenarioLabel(scenario)}</h4>
              <dl className="mt-1 space-y-1 text-sm">
                <dt className="text-slate-600">{t.condition}</dt>
                <dd className="text-slate-900">{capacity.condition}</dd>
                <dt className="text-slate-600">{t.interchanges}</dt>
                <dd className="text-slate-900">
                  {capacity.interchanges.length === 0 ? (
                    t.noInterchanges
                  ) : (
                    <ul>
                      {capacity.interchanges.map((item) => (
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
              withData
                .filter((card) => card.anio === year)
                .flatMap((card) => card.capacity?.projectsInService ?? []),
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
