import {
  busbarCapacityComparisonSchema,
  busbarCapacityPaths,
  type BusbarCapacityChange,
  type BusbarCapacityComparison,
  type BusbarFigureName,
  type BusbarLimiting,
  type ConstraintChange,
} from '@holgura/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ArrowLeftRight } from 'lucide-react';
import { useState } from 'react';
import { api } from '../../lib/api-client';
import { esComparison } from '../../strings/es-comparison';
import { busLabel, formatDateTime, formatFixed, formatInteger } from '../../utils/format';
import { Button } from '../ui/button';
import { LabelledSelect } from '../ui/labelled-select';
import { Notice } from '../ui/notice';
import { SegmentedToggle } from '../ui/segmented-toggle';
import { Spinner } from '../ui/spinner';
import { constraintWords } from './capacity-table';

const t = esComparison;

/** While a side's capacities are computed, the comparison is asked again this often. */
const WAITING_POLL_MS = 3000;

/** The constraints each list shows before «Mostrar todas». */
export const CONSTRAINTS_SHOWN = 8;

/** How many changed buses are listed: 25 first, then 100 and 500 (the API's limits). */
const LIMITS = [25, 100, 500] as const;

export type ComparisonChoice = {
  baseId: string;
  otherId: string;
  figure: BusbarFigureName;
  limit: (typeof LIMITS)[number];
};

const pending = (data: BusbarCapacityComparison | undefined) =>
  data !== undefined &&
  !data.ready &&
  data.base.state !== 'failed' &&
  data.other.state !== 'failed' &&
  data.base.state !== 'absent' &&
  data.other.state !== 'absent';

/** GET …/busbar-capacities/compare: asked again while a side is still being computed. */
export const comparisonQueryOptions = (choice: ComparisonChoice) =>
  queryOptions({
    queryKey: [
      'analysis',
      'busbar-capacities',
      choice.baseId,
      'compare',
      choice.otherId,
      choice.figure,
      choice.limit,
    ],
    queryFn: ({ signal }) =>
      api.get(
        `${busbarCapacityPaths.compare(choice.baseId)}?${new URLSearchParams({
          with: choice.otherId,
          figure: choice.figure,
          limit: String(choice.limit),
        }).toString()}`,
        busbarCapacityComparisonSchema,
        signal,
      ),
    retry: false,
    staleTime: (query) => (query.state.data?.ready === true ? Infinity : 0),
    refetchInterval: (query) => (pending(query.state.data) ? WAITING_POLL_MS : false),
    // «Mostrar más» and the other figure keep the table until their own answer arrives.
    placeholderData: (previous) => previous,
  });

const mw = (value: number | null) => (value === null ? t.noFigure : formatFixed(value, 1));

const signedMw = (value: number) =>
  `${value > 0 ? '+' : value < 0 ? '−' : ''}${formatFixed(Math.abs(value), 1)}`;

function limitingText(limiting: BusbarLimiting | null, figureMw: number | null) {
  if (figureMw === null) return t.noFigure;
  return limiting === null ? t.notLimited : constraintWords(limiting);
}

/** The case picker: two selects of the caller's cases, a swap and the figure. */
export function ComparisonPicker({
  cases,
  baseId,
  otherId,
  figure,
  onChange,
}: {
  cases: readonly { caseId: string; label: string }[];
  baseId: string;
  otherId: string;
  figure: BusbarFigureName;
  onChange: (next: { baseId: string; otherId: string; figure: BusbarFigureName }) => void;
}) {
  const options = cases.map((item): [string, string] => [item.caseId, item.label]);
  return (
    <div className="flex flex-wrap items-end gap-3">
      <LabelledSelect
        label={t.baseLabel}
        value={baseId}
        options={options}
        onChange={(value) => onChange({ baseId: value, otherId, figure })}
      />
      <Button
        variant="outline"
        size="sm"
        aria-label={t.swap}
        title={t.swap}
        onClick={() => onChange({ baseId: otherId, otherId: baseId, figure })}
      >
        <ArrowLeftRight aria-hidden="true" className="h-4 w-4" />
      </Button>
      <LabelledSelect
        label={t.otherLabel}
        value={otherId}
        options={options}
        onChange={(value) => onChange({ baseId, otherId: value, figure })}
      />
      <SegmentedToggle
        label={t.figureLabel}
        value={figure}
        options={[
          ['attributable', t.attributable],
          ['strict', t.strict],
        ]}
        onChange={(value) => onChange({ baseId, otherId, figure: value })}
      />
    </div>
  );
}

/**
 * Two cases' busbar capacities side by side (issue #29): the summary, the buses whose figure
 * changed most and the constraints that appear or vanish. `names` labels the two cases as the
 * screen that chose them does (a study's «escenario_año»).
 */
export function CapacityComparison({
  choice,
  names,
  onMore,
}: {
  choice: ComparisonChoice;
  names: { base: string; other: string };
  onMore: (limit: ComparisonChoice['limit']) => void;
}) {
  const query = useQuery({
    ...comparisonQueryOptions(choice),
    enabled: choice.baseId !== choice.otherId,
  });
  if (choice.baseId === choice.otherId) return <Notice tone="empty">{t.sameCase}</Notice>;
  if (query.isPending) return <Spinner label={t.loading} className="py-8" />;
  if (query.isError) {
    return (
      <Notice tone="error">
        <p>{t.error(query.error.message)}</p>
        <Button variant="outline" size="sm" className="mt-2" onClick={() => void query.refetch()}>
          {t.retry}
        </Button>
      </Notice>
    );
  }
  const data = query.data;
  if (!data.ready) {
    const failed = [data.base, data.other].find(
      (side) => side.state === 'failed' || side.state === 'absent',
    );
    if (failed !== undefined) {
      return (
        <Notice tone="error">
          {t.failed(failed.caseId === choice.baseId ? names.base : names.other)}
        </Notice>
      );
    }
    const waiting = [
      data.base.state === 'done' ? null : names.base,
      data.other.state === 'done' ? null : names.other,
    ].filter((name) => name !== null);
    return (
      <Notice tone="warning">
        <p role="status">{t.waiting(waiting.join(' y '))}</p>
      </Notice>
    );
  }
  const summary = data.summary!;
  const next = LIMITS.find((limit) => limit > choice.limit);
  return (
    <div className="space-y-4" data-testid="comparison-result">
      <ComparisonSummary data={data} names={names} />
      {data.settingsDiffer.length > 0 && (
        <Notice tone="warning" className="max-w-4xl">
          {t.settingsDiffer(data.settingsDiffer)}
        </Notice>
      )}
      {summary.changed === 0 ? (
        <Notice tone="empty">{t.noChanges}</Notice>
      ) : (
        <section aria-labelledby="comparacion-cambios">
          <h3 id="comparacion-cambios" className="text-base font-semibold text-slate-900">
            {t.changesTitle}
          </h3>
          <p className="mt-1 text-sm text-slate-600" data-testid="comparison-caption">
            {t.changesCaption(formatInteger(data.changes.length), formatInteger(summary.changed))}
          </p>
          <ChangesTable changes={data.changes} />
          {next !== undefined && data.changes.length < summary.changed && (
            <Button
              variant="outline"
              size="sm"
              className="mt-3"
              disabled={query.isPlaceholderData}
              onClick={() => onMore(next)}
            >
              {t.showMore}
            </Button>
          )}
        </section>
      )}
      <div className="grid gap-4 lg:grid-cols-2">
        <ConstraintList
          id="comparacion-aparecen"
          title={t.appearedTitle}
          items={data.constraints.appeared}
          total={data.constraints.appearedTotal}
          empty={t.noneAppeared}
        />
        <ConstraintList
          id="comparacion-desaparecen"
          title={t.vanishedTitle}
          items={data.constraints.vanished}
          total={data.constraints.vanishedTotal}
          empty={t.noneVanished}
        />
      </div>
    </div>
  );
}

function ComparisonSummary({
  data,
  names,
}: {
  data: BusbarCapacityComparison;
  names: { base: string; other: string };
}) {
  const summary = data.summary!;
  const figures: [string, number, string][] = [
    [t.common, summary.common, 'text-slate-900'],
    [t.increased, summary.increased, 'text-emerald-800'],
    [t.decreased, summary.decreased, 'text-red-800'],
    [t.unchanged, summary.unchanged, 'text-slate-700'],
  ];
  return (
    <div>
      <dl
        aria-label={t.summaryLabel}
        className="grid grid-cols-2 gap-3 sm:grid-cols-4"
        data-testid="comparison-summary"
      >
        {figures.map(([label, value, tone]) => (
          <div key={label} className="rounded-lg bg-slate-50 px-3 py-2">
            <dt className="text-xs text-slate-600">{label}</dt>
            <dd className={`text-lg font-semibold tabular-nums ${tone}`}>{formatInteger(value)}</dd>
          </div>
        ))}
      </dl>
      {(summary.onlyBase > 0 || summary.onlyOther > 0) && (
        <p className="mt-2 text-sm text-slate-600">
          {t.onlyOne(formatInteger(summary.onlyBase), formatInteger(summary.onlyOther))}
        </p>
      )}
      <p className="mt-2 text-xs text-slate-500">
        {[
          [names.base, data.base.computedAt],
          [names.other, data.other.computedAt],
        ]
          .filter((pair): pair is [string, string] => pair[1] !== null)
          .map(([name, at]) => t.computedWith(name, formatDateTime(at)))
          .join(' · ')}
      </p>
    </div>
  );
}

function ChangesTable({ changes }: { changes: readonly BusbarCapacityChange[] }) {
  const head = 'px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide text-slate-600';
  return (
    <div className="mt-2 overflow-x-auto rounded-lg border border-slate-200">
      <table
        className="min-w-full divide-y divide-slate-200 text-sm"
        data-testid="comparison-table"
      >
        <thead className="bg-slate-50">
          <tr>
            <th scope="col" className={head}>
              {t.columnBus}
            </th>
            <th scope="col" className={`${head} text-right`}>
              {t.columnArea}
            </th>
            <th scope="col" className={`${head} text-right`}>
              {t.columnBase}
            </th>
            <th scope="col" className={`${head} text-right`}>
              {t.columnOther}
            </th>
            <th scope="col" className={`${head} text-right`}>
              {t.columnDelta}
            </th>
            <th scope="col" className={head}>
              {t.columnBaseLimiting}
            </th>
            <th scope="col" className={head}>
              {t.columnOtherLimiting}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {changes.map((change) => (
            <tr key={change.bus}>
              <th scope="row" className="px-3 py-2 text-left font-medium text-slate-900">
                {busLabel(change.name, change.bus, change.baseKv)}
              </th>
              <td className="px-3 py-2 text-right tabular-nums">{change.area}</td>
              <td className="px-3 py-2 text-right tabular-nums">{mw(change.baseMw)}</td>
              <td className="px-3 py-2 text-right tabular-nums">{mw(change.otherMw)}</td>
              <td className="px-3 py-2 text-right font-semibold tabular-nums">
                {change.deltaMw === null ? (
                  <span className="font-normal text-slate-600">{t.noFigure}</span>
                ) : (
                  <span className={change.deltaMw > 0 ? 'text-emerald-800' : 'text-red-800'}>
                    {signedMw(change.deltaMw)}
                    <span className="sr-only"> ({change.deltaMw > 0 ? t.up : t.down})</span>
                  </span>
                )}
              </td>
              <td className="px-3 py-2 text-slate-700">
                {limitingText(change.baseLimiting, change.baseMw)}
              </td>
              <td className="px-3 py-2 text-slate-700">
                {limitingText(change.otherLimiting, change.otherMw)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ConstraintList({
  id,
  title,
  items,
  total,
  empty,
}: {
  id: string;
  title: string;
  items: readonly ConstraintChange[];
  /** How many there are; the API lists the 50 that limit most buses. */
  total: number;
  empty: string;
}) {
  const [all, setAll] = useState(false);
  const shown = all ? items : items.slice(0, CONSTRAINTS_SHOWN);
  return (
    <section aria-labelledby={id} className="rounded-xl border border-slate-200 p-4">
      <h3 id={id} className="text-base font-semibold text-slate-900">
        {total > 0 ? `${title} (${formatInteger(total)})` : title}
      </h3>
      {total > items.length && (
        <p className="mt-1 text-xs text-slate-600">{t.listedOf(formatInteger(items.length))}</p>
      )}
      {items.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{empty}</p>
      ) : (
        <ul className="mt-2 space-y-2 text-sm">
          {shown.map((item) => (
            <li key={`${item.monitoredName}|${item.contingencyName ?? ''}`}>
              <span className="font-medium text-slate-900">{constraintWords(item)}</span>
              <span className="block text-slate-600">
                {t.constraintBuses(formatInteger(item.buses))} ·{' '}
                {t.constraintDelta(signedMw(item.deltaMw))} ·{' '}
                {t.constraintExample(
                  busLabel(item.example.name, item.example.bus, item.example.baseKv),
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
      {shown.length < items.length && (
        <Button variant="outline" size="sm" className="mt-3" onClick={() => setAll(true)}>
          {t.showAllConstraints(formatInteger(items.length))}
        </Button>
      )}
    </section>
  );
}
