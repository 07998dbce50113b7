import type { StudyCaseResult } from '@holgura/contracts';
import { useState } from 'react';
import {
  BusbarCapacityCard,
  BusbarCapacitySection,
} from '../../../components/busbar-capacities/busbar-capacity-section';
import { BusbarCapacityExport } from '../../../components/export/busbar-capacity-export';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { useNetworkSlots } from '../../../lib/network-slot';
import { es } from '../../../strings/es';
import { esBusbarCapacities } from '../../../strings/es-busbar-capacities';
import { esResultsGenerators } from '../../../strings/es-results-generators';
import { yearsOf, type Family, type ResultCard } from '../model';
import { CapacityChart } from './capacity-chart';
import { ConditionsCard } from './conditions-card';
import { GeneratorPanel } from './generator-panel';
import { ResultCardView } from './result-card';

const t = es.resultsDemo.results;

const longDate = new Intl.DateTimeFormat('es-CO', { dateStyle: 'long' });

/**
 * Without a family, the cards drawn at first and added per «Mostrar más»: every busbar of the
 * demo study at once (450 cards) made a 53,847 px page. A family's cards (its scenarios × years)
 * are drawn whole: what its chart shows.
 */
export const CARDS_PAGE = 12;

type ResultsSectionProps = {
  userKey: string;
  /** The study shown and the version its results are of (the map's network, the export). */
  study: {
    studyId: string;
    version: number | null;
    networkLabel: string;
    /** The contingencies its results are computed on, in words; null: not known for them. */
    contingencies: string | null;
    /** Issue #31: its checks beyond DC, in words; absent: not shown. */
    verification?: string | null;
  };
  /** The study's scenario × year cases: the simulation conditions. */
  cases: readonly StudyCaseResult[];
  /** The cards of the selected family, or of every busbar without one. */
  cards: readonly ResultCard[];
  family: Family | null;
  today?: Date;
};

/**
 * Result cards of the selected family (or of every busbar of the study), all from the study's
 * one bulk read: year tabs, the chart per family, the generator chart of the selected card,
 * the conditions, the capacity map and the downloads; below, «Capacidad por barra» of the
 * selected card's scenario × year network (issue #17), the same section as /analisis.
 */
export function ResultsSection({
  userKey,
  study,
  cases,
  cards,
  family,
  today = new Date(),
}: ResultsSectionProps) {
  const [tab, setTab] = useState('todos');
  const [selectedId, setSelectedId] = useState<string | null>(null);
  /** Per year tab, how many of its cards are drawn. */
  const [drawn, setDrawn] = useState<Record<string, number>>({});
  const years = yearsOf(cards);
  const selected = cards.find((card) => card.id === selectedId) ?? null;
  const { BusbarCapacityMap } = useNetworkSlots();
  const tabs = ['todos', ...years.map(String)];
  const active = tabs.includes(tab) ? tab : 'todos';

  const resultsCard = (
    <Card
      titleId="resultados-casos-titulo"
      title={family === null ? t.cards.heading : `${t.cards.heading}: ${family.familyName}`}
      subtitle={family === null ? t.cards.allCasesNote : undefined}
    >
      {cards.length > 0 && (
        <BusbarCapacityExport studyId={study.studyId} family={family} className="mt-3" />
      )}
      <div className="mt-3 space-y-3">
        {cards.length === 0 ? (
          <p className="text-slate-600">{t.cards.noCases}</p>
        ) : (
          <>
            {family !== null ? (
              <CapacityChart busName={family.familyName} cards={cards} />
            ) : (
              <p className="text-sm text-slate-600">{t.chart.pickFamily}</p>
            )}
            <Tabs value={active} onValueChange={setTab} className="mt-4">
              <TabsList aria-label={t.cards.tabsLabel} className="overflow-x-auto">
                <TabsTrigger value="todos">{t.cards.all}</TabsTrigger>
                {years.map((year) => (
                  <TabsTrigger key={year} value={String(year)}>
                    {year}
                  </TabsTrigger>
                ))}
              </TabsList>
              {tabs.map((value) => {
                const shown = cards.filter(
                  (card) => value === 'todos' || String(card.anio) === value,
                );
                const limit = family === null ? (drawn[value] ?? CARDS_PAGE) : Infinity;
                const visible = shown.slice(0, limit);
                const more = Math.min(CARDS_PAGE, shown.length - visible.length);
                return (
                  <TabsContent key={value} value={value}>
                    <p className="mb-2 text-sm text-slate-600" data-testid="cards-count">
                      {t.cards.count(shown.length)}
                      {more > 0 && ` · ${t.cards.showing(visible.length, shown.length)}`}
                    </p>
                    <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
                      {visible.map((card) => (
                        <ResultCardView
                          key={card.id}
                          card={card}
                          selected={card.id === selectedId}
                          onSelect={() => setSelectedId(card.id)}
                        />
                      ))}
                    </div>
                    {more > 0 && (
                      <Button
                        variant="outline"
                        size="sm"
                        className="mt-3"
                        onClick={() => setDrawn({ ...drawn, [value]: limit + CARDS_PAGE })}
                      >
                        {t.cards.showMore(more)}
                      </Button>
                    )}
                  </TabsContent>
                );
              })}
            </Tabs>
            <div className="mt-4">
              {selected !== null ? (
                <GeneratorPanel userKey={userKey} card={selected} />
              ) : (
                <p className="text-sm text-slate-600">{esResultsGenerators.pickCase}</p>
              )}
            </div>
            <div className="mt-4">
              <ConditionsCard
                networkLabel={study.networkLabel}
                contingencies={study.contingencies}
                verification={study.verification ?? null}
                cases={cases}
              />
            </div>
            {BusbarCapacityMap !== null && (
              <div className="mt-4">
                <BusbarCapacityMap
                  study={{ studyId: study.studyId, version: study.version }}
                  results={cards.map((card) => ({
                    caseName: card.caseName,
                    busNumber: card.busNumber,
                    name: card.barra,
                    capacityMw: card.capacidad,
                  }))}
                  selectedCaseName={selected?.caseName ?? null}
                />
              </div>
            )}
          </>
        )}
      </div>
      <div className="mt-4 space-y-1 border-t border-slate-100 pt-3 text-sm text-slate-600">
        <p>{t.validity(longDate.format(today))}</p>
        <p>{t.indicative}</p>
      </div>
    </Card>
  );

  return (
    <>
      {resultsCard}
      <StudyCaseCapacities study={study} cases={cases} selected={selected} />
    </>
  );
}

/**
 * Every bus's capacity of the selected card's scenario × year case, the demo study's as a user's
 * (the demo builder stores them alike). Every busbar case of that case answers the same (the
 * study stores them once per scenario × year): the section reads them through its first busbar
 * case, so the cards of one scenario and year share one read.
 */
function StudyCaseCapacities({
  study,
  cases,
  selected,
}: {
  study: { studyId: string; version: number | null };
  cases: readonly StudyCaseResult[];
  selected: ResultCard | null;
}) {
  const c = esBusbarCapacities;
  const studyCase = cases.find((item) => item.name === selected?.caseName);
  const caseId = studyCase?.busbars[0]?.caseId ?? null;
  if (selected === null || caseId === null) {
    return (
      <BusbarCapacityCard source={{ kind: 'study', caseName: null }}>
        <p className="mt-4 text-sm text-slate-600" data-testid="capacity-pick-case">
          {c.studyPickCase}
        </p>
      </BusbarCapacityCard>
    );
  }
  return (
    <BusbarCapacitySection
      key={caseId}
      caseId={caseId}
      source={{
        kind: 'study',
        caseName: selected.caseName,
        studyId: study.studyId,
        version: study.version,
      }}
    />
  );
}
