import { DEMO_STUDY_ID, type CaseSummary } from '@holgura/contracts';
import { AlertTriangle } from 'lucide-react';
import { useState } from 'react';
import { Card } from '../../../components/ui/card';
import { BusbarCapacityExport } from '../../../components/export/busbar-capacity-export';
import { Spinner } from '../../../components/ui/spinner';
import { useNetworkSlots } from '../../../lib/network-slot';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { es } from '../../../strings/es';
import { esResultsGenerators } from '../../../strings/es-results-generators';
import { useSequentialResults } from '../api/use-sequential-results';
import { yearsOf, type Family } from '../model';
import { CapacityChart } from './capacity-chart';
import { ConditionsCard } from './conditions-card';
import { GeneratorChart } from './generator-chart';
import { ResultCardView } from './result-card';

const t = es.resultsDemo.results;

const longDate = new Intl.DateTimeFormat('es-CO', { dateStyle: 'long' });

/** Result cards of the selected family (or of every case), loaded one case at a time. */
export function ResultsSection({
  cases,
  family,
  today = new Date(),
}: {
  cases: readonly CaseSummary[];
  family: Family | null;
  today?: Date;
}) {
  const results = useSequentialResults(cases);
  const [tab, setTab] = useState('todos');
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const years = yearsOf(results.cards);
  const selected = results.cards.find((card) => card.id === selectedId) ?? null;
  const { BusbarCapacityMap } = useNetworkSlots();

  let body;
  if (results.status === 'error') {
    body = (
      <p role="alert" className="flex items-center gap-2 rounded-xl bg-red-50 p-4 text-red-800">
        <AlertTriangle aria-hidden="true" className="h-4 w-4 shrink-0" />
        {t.cards.noneLoaded}
      </p>
    );
  } else if (results.status === 'loaded' && results.total === 0) {
    body = <p className="text-slate-600">{t.cards.noCases}</p>;
  } else {
    const tabs = ['todos', ...years.map(String)];
    const active = tabs.includes(tab) ? tab : 'todos';
    body = (
      <>
        {results.status === 'loading' && (
          <Spinner label={t.cards.loading(results.done, results.total)} className="flex-row py-3" />
        )}
        {results.failed > 0 && results.status === 'loaded' && (
          <p className="text-sm text-amber-800">{t.cards.skipped(results.failed)}</p>
        )}
        {family !== null ? (
          <CapacityChart busName={family.familyName} cards={results.cards} />
        ) : (
          <p className="text-sm text-slate-600">{t.chart.pickFamily}</p>
        )}
        {results.cards.length > 0 && (
          <Tabs value={active} onValueChange={setTab} className="mt-4">
            <TabsList aria-label={t.cards.tabsLabel} className="overflow-x-auto">
              <TabsTrigger value="todos">{t.cards.all}</TabsTrigger>
              {years.map((year) => (
                <TabsTrigger key={year} value={String(year)}>
                  {year}
                </TabsTrigger>
              ))}
            </TabsList>
            {tabs.map((value) => (
              <TabsContent key={value} value={value}>
                <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
                  {results.cards
                    .filter((card) => value === 'todos' || String(card.anio) === value)
                    .map((card) => (
                      <ResultCardView
                        key={card.id}
                        card={card}
                        selected={card.id === selectedId}
                        onSelect={() => setSelectedId(card.id)}
                      />
                    ))}
                </div>
              </TabsContent>
            ))}
          </Tabs>
        )}
        {results.cards.length > 0 && (
          <div className="mt-4">
            {selected?.capacity ? (
              <GeneratorChart
                key={selected.id}
                capacity={selected.capacity}
                caseName={selected.caseName}
              />
            ) : (
              <p className="text-sm text-slate-600">{esResultsGenerators.pickCase}</p>
            )}
          </div>
        )}
        <div className="mt-4">
          <ConditionsCard cards={results.cards} />
        </div>
        {BusbarCapacityMap !== null && results.cards.some((card) => card.capacity !== null) && (
          <div className="mt-4">
            <BusbarCapacityMap
              study={{ studyId: DEMO_STUDY_ID, version: 1 }}
              results={results.cards.flatMap((card) =>
                card.capacity === null
                  ? []
                  : [
                      {
                        caseName: card.caseName,
                        busNumber: card.capacity.busNumber,
                        name: card.barra,
                        capacityMw: card.capacity.capacityMw,
                      },
                    ],
              )}
              selectedCaseName={selected?.caseName ?? null}
            />
          </div>
        )}
      </>
    );
  }

  return (
    <Card
      titleId="resultados-casos-titulo"
      title={family === null ? t.cards.heading : `${t.cards.heading}: ${family.familyName}`}
      subtitle={family === null ? t.cards.allCasesNote : undefined}
    >
      {results.cards.some((card) => card.capacidad !== null) && (
        <BusbarCapacityExport studyId={DEMO_STUDY_ID} family={family} className="mt-3" />
      )}
      <div className="mt-3 space-y-3">{body}</div>
      <div className="mt-4 space-y-1 border-t border-slate-100 pt-3 text-sm text-slate-600">
        <p>{t.validity(longDate.format(today))}</p>
        <p>{t.indicative}</p>
      </div>
    </Card>
  );
}
