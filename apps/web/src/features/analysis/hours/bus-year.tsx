import type { HourlyCapacityResponse, HourlyProfilesSummary } from '@holgura/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CalendarClock, Download, LoaderCircle } from 'lucide-react';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { saveBlob } from '../../../components/export/download';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { LabelledSelect } from '../../../components/ui/labelled-select';
import { Notice } from '../../../components/ui/notice';
import { esHours } from '../../../strings/es-hours';
import { busLabel, formatInteger } from '../../../utils/format';
import {
  caseBusesQueryOptions,
  hourlyProfilesQueryOptions,
  messageOf,
  postHourlyCapacity,
  profilesGone,
} from './api';
import { DurationCurve } from './duration-curve';
import { HourlyConstraintsTable } from './hourly-constraints-table';
import { KeyFigures, shareFigures } from './key-figures';
import {
  capacityStats,
  CAPACITY_COLORS,
  hourlyCsv,
  parseBus,
  sortedDescending,
  type CapacityStats,
} from './model';
import { MonthHourHeatmap } from './month-hour-heatmap';
import { PlantSimulator } from './plant-simulator';

const t = esHours;

type PreExisting = HourlyCapacityResponse['preExisting'];

/**
 * «El año de una barra»: a bus number, checked against the case's buses when they can be read,
 * and «Calcular el año» — seconds on a 2,000-bus case, said with the profiles' hours while it
 * runs; the API's reason in place when it refuses (a bus outside the main island, one the case
 * lacks, profiles gone); then the bus's year and the plant simulator.
 */
export function BusYear({ caseId, summary }: { caseId: string; summary: HourlyProfilesSummary }) {
  const queryClient = useQueryClient();
  const titleId = useId();
  const buses = useQuery(caseBusesQueryOptions(caseId));
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  // The attributable figure by default, as «Capacidad por barra» (strict zeros are the exception).
  const [preExisting, setPreExisting] = useState<PreExisting>('ignore');

  const known = useMemo(() => {
    if (buses.data === undefined) return null;
    const { number, name, baseKv } = buses.data.buses;
    return new Map(number.map((bus, i) => [bus, { name: name[i] ?? '', baseKv: baseKv[i] ?? 0 }]));
  }, [buses.data]);

  const compute = useMutation({
    mutationFn: (asked: { bus: number; preExisting: PreExisting }) =>
      postHourlyCapacity(caseId, asked),
    onError: (failure) => {
      // Removed elsewhere: the section shows the case without profiles.
      if (profilesGone(failure)) {
        void queryClient.invalidateQueries({
          queryKey: hourlyProfilesQueryOptions(caseId).queryKey,
        });
      }
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const bus = parseBus(text);
    const problem =
      bus === 'empty'
        ? t.bus.empty
        : bus === 'nan'
          ? t.bus.notInteger
          : known !== null && !known.has(bus)
            ? t.bus.unknown(bus)
            : undefined;
    setError(problem);
    if (problem !== undefined || typeof bus !== 'number') return;
    compute.mutate({ bus, preExisting });
  };

  const busy = compute.isPending;
  const kvOf = (bus: number) => known?.get(bus)?.baseKv ?? 0;

  return (
    <section aria-labelledby={titleId} className="space-y-4" data-testid="hours-bus">
      <h3 id={titleId} className="text-sm font-semibold uppercase tracking-wide text-slate-600">
        {t.bus.title}
      </h3>
      <form noValidate onSubmit={submit} className="flex flex-wrap items-start gap-3">
        <div className="w-full max-w-[12rem]">
          <FormField
            label={t.bus.label}
            name="bus"
            type="number"
            inputMode="numeric"
            step={1}
            autoComplete="off"
            value={text}
            hint={
              known === null || buses.data === undefined
                ? t.bus.hint
                : t.bus.hintCount(known.size, buses.data.buses.number[0] ?? 1)
            }
            error={error}
            onChange={(event) => {
              setText(event.target.value);
              if (error !== undefined) setError(undefined);
            }}
          />
        </div>
        <div className="w-full max-w-[22rem]">
          <LabelledSelect
            label={t.bus.figure}
            value={preExisting}
            options={[
              ['ignore', t.bus.figures.ignore],
              ['limit', t.bus.figures.limit],
            ]}
            onChange={setPreExisting}
          />
        </div>
        <Button type="submit" size="sm" className="sm:mt-7" disabled={busy} aria-busy={busy}>
          <CalendarClock aria-hidden="true" className="h-4 w-4" />
          {t.bus.compute}
        </Button>
      </form>
      {busy && (
        <div role="status" className="text-sm text-slate-700" data-testid="hours-computing">
          <p className="flex items-center gap-2 font-medium">
            <LoaderCircle
              aria-hidden="true"
              className="h-4 w-4 animate-spin text-sky-600 motion-reduce:animate-none"
            />
            {t.bus.computing(summary.hours)}
          </p>
          <p className="mt-0.5 text-xs text-slate-600">{t.bus.computingHint}</p>
        </div>
      )}
      {compute.isError && (
        <Notice tone="error" title={t.bus.failed(compute.variables.bus)}>
          {messageOf(compute.error, t.unknownError)}
        </Notice>
      )}
      {compute.isSuccess && (
        <BusResult
          key={`${compute.data.bus}-${compute.submittedAt}`}
          caseId={caseId}
          result={compute.data}
          summary={summary}
          busText={busLabel(compute.data.name, compute.data.bus, kvOf(compute.data.bus))}
        />
      )}
    </section>
  );
}

/** The bus's year: its figures, the CSV, the duration curve, the heatmap, the constraints, the plant. */
function BusResult({
  caseId,
  result,
  summary,
  busText,
}: {
  caseId: string;
  result: HourlyCapacityResponse;
  summary: HourlyProfilesSummary;
  busText: string;
}) {
  const titleId = useId();
  const sorted = useMemo(() => sortedDescending(result.capacityMw), [result.capacityMw]);
  const stats = useMemo(() => capacityStats(result), [result]);
  const infeasible = result.infeasibleHours.length;

  return (
    <section
      aria-labelledby={titleId}
      className="space-y-5 rounded-xl border border-slate-200 p-4"
      data-testid="hours-result"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h4 id={titleId} className="text-base font-semibold text-slate-900">
            {t.result.heading(busText)}
          </h4>
          <p className="mt-1 text-sm text-slate-600">{t.result.flatNote(result.preExisting)}</p>
        </div>
        <Button
          variant="outline"
          size="sm"
          disabled={stats === null}
          onClick={() => downloadCsv(result, summary, busText)}
        >
          <Download aria-hidden="true" className="h-4 w-4" />
          {t.result.csv}
        </Button>
      </div>
      <p
        className={
          infeasible > 0
            ? 'rounded-lg bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900'
            : 'text-sm text-slate-700'
        }
        data-testid="hours-result-excluded"
      >
        {infeasible > 0
          ? t.result.excluded(infeasible, result.hours)
          : t.result.allFeasible(result.hours)}
      </p>
      {stats === null ? (
        <Notice tone="warning">{t.result.noFeasible}</Notice>
      ) : (
        <>
          <KeyFigures testIdPrefix="hours-figure-" items={shareFigures(result)} />
          <RangeFigures stats={stats} />
          <div className="space-y-1 text-xs text-slate-600">
            {result.sinkFallbackHours > 0 && (
              <p data-testid="hours-sink-fallback">
                {t.result.sinkFallback(result.sinkFallbackHours)}
              </p>
            )}
            <p>{t.result.seconds(result.seconds)}</p>
          </div>
          <DurationCurve sorted={sorted} stats={stats} capMw={result.capMw} busText={busText} />
          <MonthHourHeatmap
            title={t.heatmap.capacityTitle}
            caption={t.heatmap.capacityCaption}
            grid={result.byMonthHourMw}
            unit="MW"
            colors={CAPACITY_COLORS}
            testId="hours-capacity-heatmap"
          />
          <HourlyConstraintsTable constraints={result.constraints} feasibleHours={stats.feasible} />
          <PlantSimulator
            caseId={caseId}
            bus={result.bus}
            preExisting={result.preExisting}
            summary={summary}
          />
        </>
      )}
    </section>
  );
}

/** Min, median and max capacity and the hours the grid limits. */
function RangeFigures({ stats }: { stats: CapacityStats }) {
  const f = t.result.figures;
  return (
    <KeyFigures
      testIdPrefix="hours-figure-"
      items={[
        { key: 'min', label: f.min, value: t.result.mw(stats.min) },
        { key: 'median', label: f.median, value: t.result.mw(stats.median) },
        { key: 'max', label: f.max, value: t.result.mw(stats.max) },
        {
          key: 'limited',
          label: f.limited,
          value: f.limitedValue(stats.limited, stats.feasible),
        },
      ]}
    />
  );
}

/** «Descargar CSV»: the hourly series built here, as the app's CSV exports are written. */
function downloadCsv(
  result: HourlyCapacityResponse,
  summary: HourlyProfilesSummary,
  busText: string,
) {
  const w = t.result;
  const csv = hourlyCsv(result, {
    title: w.csvTitle(busText),
    metadata: [
      [w.csvMeta.profiles, summary.fileName],
      [w.csvMeta.hours, formatInteger(result.hours)],
      [w.csvMeta.infeasible, formatInteger(result.infeasibleHours.length)],
      [w.csvMeta.cap, String(result.capMw).replace('.', ',')],
      [
        w.csvMeta.figure,
        result.preExisting === 'ignore' ? w.csvMeta.attributable : w.csvMeta.strict,
      ],
    ],
    columns: w.csvColumns,
    cap: w.csvCap,
    infeasible: w.csvInfeasible,
    limit: w.csvLimit,
  });
  saveBlob(new Blob([csv], { type: 'text/csv;charset=utf-8' }), w.csvFileName(result.bus));
}
