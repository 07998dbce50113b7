import type { AnalysisResultV1, CaseSummary, N1Loading } from '@holgura/contracts';
import { useQuery } from '@tanstack/react-query';
import { AlertTriangle, Info } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { es } from '../../../strings/es';
import { cn } from '../../../utils/cn';
import { formatFixed, formatInteger } from '../../../utils/format';
import { caseDataQueryOptions } from '../api/case-data';
import { FlexibilitySection } from '../flexibility/flexibility-view';
import { gaugeWidthPercent, loadBand, loadBandClasses, loadBandLabel } from '../load-band';

const t = es.analysis.results;

type CaseResultsProps = { selected: CaseSummary | null };

/** 'Resultados del caso seleccionado': the case's stored N-1 result, nothing invented. */
export function CaseResults({ selected }: CaseResultsProps) {
  return (
    <section
      aria-labelledby="resultados-titulo"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id="resultados-titulo" className="text-lg font-semibold text-slate-900">
        {t.heading}
      </h2>
      {selected === null ? (
        <p className="mt-3 text-slate-600">{t.noSelection}</p>
      ) : (
        <>
          <p className="mt-1 text-sm font-medium text-sky-800" data-testid="results-case-name">
            {selected.caseName}
          </p>
          <CaseData caseId={selected.caseId} />
        </>
      )}
    </section>
  );
}

function CaseData({ caseId }: { caseId: string }) {
  const data = useQuery(caseDataQueryOptions(caseId));
  if (data.isError) {
    return (
      <p
        role="alert"
        className="mt-4 flex items-center gap-2 rounded-xl bg-red-50 p-4 text-sm text-red-800"
      >
        <AlertTriangle aria-hidden="true" className="h-4 w-4 shrink-0" />
        {t.error(data.error.message)}
      </p>
    );
  }
  return (
    <div className="mt-4 space-y-6">
      {/* Flexibility first: it may come from the local cache before the case data arrives. */}
      <FlexibilitySection caseId={caseId} />
      {data.isPending ? (
        <Spinner label={t.loading} className="py-10" />
      ) : data.data.analysis === null ? (
        <Note>{t.noAnalysis}</Note>
      ) : (
        <N1Summary analysis={data.data.analysis} />
      )}
    </div>
  );
}

function Note({ children }: { children: string }) {
  return (
    <p className="flex gap-3 rounded-xl bg-amber-50 p-4 text-sm text-amber-900">
      <Info aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
      {children}
    </p>
  );
}

function Figures({ title, items }: { title: string; items: [string, number, string][] }) {
  return (
    <div>
      <h3 className="text-sm font-semibold uppercase tracking-wide text-slate-600">{title}</h3>
      <dl className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {items.map(([label, value, key]) => (
          <div key={key} className="flex flex-col rounded-xl bg-slate-50 p-3">
            <dt className="order-2 text-xs text-slate-600">{label}</dt>
            <dd
              className="order-1 text-xl font-bold tabular-nums text-slate-900"
              data-testid={`figure-${key}`}
            >
              {formatInteger(value)}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

function N1Summary({ analysis }: { analysis: AnalysisResultV1 }) {
  const { counts } = analysis.network;
  const { n1 } = analysis;
  return (
    <>
      <Figures
        title={t.networkTitle}
        items={[
          [t.buses, counts.buses, 'buses'],
          [t.branches, counts.branches, 'branches'],
          [t.generators, counts.generators, 'generators'],
          [t.loads, counts.loads, 'loads'],
          [t.islands, counts.islands, 'islands'],
        ]}
      />
      <Figures
        title={t.n1Title}
        items={[
          [t.contingencies, n1.contingencies, 'contingencies'],
          [t.islandingContingencies, n1.islandingContingencies, 'islandingContingencies'],
          [t.monitored, n1.monitored, 'monitored'],
          [t.baseCaseOverloads, n1.baseCaseOverloads, 'baseCaseOverloads'],
          [t.overloadedPairs, n1.overloadedPairs, 'overloadedPairs'],
        ]}
      />
      <TopLoadings rows={n1.top} />
    </>
  );
}

/** Rows shown before 'Mostrar todas': the worst loadings are what a planner reads first. */
export const TOP_ROWS_COLLAPSED = 10;

function TopLoadings({ rows }: { rows: N1Loading[] }) {
  const [expanded, setExpanded] = useState(false);
  const visible = expanded ? rows : rows.slice(0, TOP_ROWS_COLLAPSED);
  return (
    <div>
      <h3 id="top-cargas" className="text-sm font-semibold uppercase tracking-wide text-slate-600">
        {t.topTitle}
      </h3>
      <p className="mt-1 text-xs text-slate-600">{t.topCaption}</p>
      {rows.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{t.noTop}</p>
      ) : (
        <div className="mt-2 overflow-x-auto rounded-xl border border-slate-200">
          <table aria-labelledby="top-cargas" className="w-full min-w-[40rem] text-left text-sm">
            <thead className="bg-slate-50 text-xs text-slate-600">
              <tr>
                <th scope="col" className="px-3 py-2">
                  {t.rank}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t.monitoredElement}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t.contingencyElement}
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  {t.flow}
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  {t.limit}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t.loading_}
                </th>
              </tr>
            </thead>
            <tbody>
              {visible.map((row, index) => {
                const band = loadBand(row.loadingPercent);
                return (
                  <tr
                    key={`${row.monitoredBranch}-${row.contingencyBranch ?? 0}`}
                    className="border-t border-slate-100"
                  >
                    <td className="px-3 py-2 tabular-nums text-slate-600">{index + 1}</td>
                    <td className="px-3 py-2 font-medium text-slate-900">{row.monitoredName}</td>
                    <td className="px-3 py-2 text-slate-700">
                      {row.contingencyName ?? t.baseCase}
                    </td>
                    <td className="px-3 py-2 text-right tabular-nums">
                      {formatFixed(row.flowMw, 1)}
                    </td>
                    <td className="px-3 py-2 text-right tabular-nums">
                      {formatFixed(row.limitMva, 1)}
                    </td>
                    <td className="px-3 py-2">
                      <div className="flex items-center gap-2">
                        <span className="w-14 text-right tabular-nums">
                          {formatFixed(row.loadingPercent, 1)}
                        </span>
                        <span
                          aria-hidden="true"
                          className="hidden h-1.5 w-16 overflow-hidden rounded-full bg-slate-200 sm:block"
                        >
                          <span
                            className={cn('block h-full', loadBandClasses[band].bar)}
                            style={{ width: `${gaugeWidthPercent(row.loadingPercent)}%` }}
                          />
                        </span>
                        <span
                          className={cn(
                            'whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold',
                            loadBandClasses[band].badge,
                          )}
                        >
                          {loadBandLabel[band]}
                        </span>
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {rows.length > TOP_ROWS_COLLAPSED && (
        <Button
          variant="ghost"
          size="sm"
          className="mt-2"
          aria-expanded={expanded}
          onClick={() => setExpanded((value) => !value)}
        >
          {expanded ? t.showFewer : t.showAll(rows.length)}
        </Button>
      )}
    </div>
  );
}
