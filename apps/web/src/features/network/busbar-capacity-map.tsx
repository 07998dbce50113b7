import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { Card } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import type { BusbarCapacityMapProps } from '../../lib/network-slot';
import { esNetwork } from '../../strings/es-network';
import { formatFixed } from '../../utils/format';
import { studyNetworkQueryOptions } from './api';
import { CapacityLegend } from './legend';
import { capacityScale, NOT_EVALUATED_COLOR } from './model';
import { NetworkView } from './network-view';

const t = esNetwork;

/** /resultados: the study network with every evaluated busbar coloured by its capacity (MW). */
export function BusbarCapacityMap({ study, results, selectedCaseName }: BusbarCapacityMapProps) {
  const query = useQuery(studyNetworkQueryOptions(study.studyId, study.version));
  const selectId = useId();
  const caseNames = useMemo(() => [...new Set(results.map((r) => r.caseName))].sort(), [results]);
  const [chosen, setChosen] = useState<string | null>(null);
  // A card picked on the page wins until the user picks a condition here.
  const [followed, setFollowed] = useState(selectedCaseName);
  if (followed !== selectedCaseName) {
    setFollowed(selectedCaseName);
    setChosen(null);
  }
  const shown =
    [chosen, selectedCaseName].find((name) => name !== null && caseNames.includes(name)) ??
    caseNames[0] ??
    null;
  const busbars = useMemo(() => results.filter((r) => r.caseName === shown), [results, shown]);
  const scale = useMemo(() => capacityScale(busbars.map((b) => b.capacityMw)), [busbars]);
  const colors = useMemo(
    () => new Map(busbars.map((busbar) => [busbar.busNumber, scale.colorOf(busbar.capacityMw)])),
    [busbars, scale],
  );
  const capacityOf = useMemo(
    () => new Map(busbars.map((b) => [b.busNumber, b.capacityMw])),
    [busbars],
  );
  return (
    <Card
      level={3}
      titleId="mapa-capacidad-titulo"
      title={t.studyTitle}
      subtitle={t.studyCaption(busbars.length)}
    >
      {caseNames.length > 1 && (
        <div className="mt-2 flex flex-wrap items-center gap-2">
          <label htmlFor={selectId} className="text-sm font-medium text-slate-800">
            {t.conditionLabel}
          </label>
          <select
            id={selectId}
            value={shown ?? ''}
            onChange={(event) => setChosen(event.target.value)}
            className="h-9 rounded-lg border border-slate-300 bg-white px-2 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-sky-500"
          >
            {caseNames.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </div>
      )}
      <div className="mt-3">
        {query.isPending ? (
          <Spinner label={t.loading} className="py-10" />
        ) : query.isError ? (
          <p role="alert" className="rounded-xl bg-amber-50 p-4 text-sm text-amber-900">
            {t.error(query.error.message)}
          </p>
        ) : (
          <NetworkView
            view={query.data}
            focus={null}
            busColors={colors}
            baseBusColor={NOT_EVALUATED_COLOR}
            busDetail={(busNumber) => {
              const mw = capacityOf.get(busNumber);
              return mw === undefined
                ? null
                : { label: t.tooltip.capacity, value: t.tooltip.mw(formatFixed(mw, 1)) };
            }}
            legend={<CapacityLegend scale={scale} />}
          >
            <ul className="sr-only" aria-label={t.busbarListLabel} data-testid="busbar-capacities">
              {busbars.map((b) => (
                <li key={b.busNumber} data-bus={b.busNumber}>
                  {`${b.name}: ${formatFixed(b.capacityMw, 1)} MW`}
                </li>
              ))}
            </ul>
          </NetworkView>
        )}
      </div>
    </Card>
  );
}
