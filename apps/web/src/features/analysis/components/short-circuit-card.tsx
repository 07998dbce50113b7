import type { ShortCircuitBus, ShortCircuitResponse } from '@holgura/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { LoaderCircle, Zap } from 'lucide-react';
import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { capacityQueriesKey } from '../../../components/busbar-capacities/api';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { FormField } from '../../../components/ui/form-field';
import { Notice } from '../../../components/ui/notice';
import { ApiClientError } from '../../../lib/api-client';
import { esShortCircuit } from '../../../strings/es-short-circuit';
import { cn } from '../../../utils/cn';
import { formatFixed, formatNumber } from '../../../utils/format';
import { needsXd, parseXd, shortCircuitQueryOptions } from '../api/short-circuit';

const t = esShortCircuit;

/** Rows a page of the table. */
export const SHORT_CIRCUIT_PAGE_SIZE = 25;

const messageOf = (error: unknown) =>
  error instanceof ApiClientError ? error.message : t.unknownError;

/**
 * «Potencia de cortocircuito» (issue #31): the three-phase short-circuit power of every bus of the
 * selected case — the maximum (c = 1,1) and the N-1 minimum (c = 1,0) with the outage that gives
 * it. Seconds of CPU on a big case, so it is computed only when asked. A case without machine
 * impedances (MATPOWER) or with the RAW placeholder on every unit is refused with the reason, and
 * a subtransient reactance for the units without data lets it be computed.
 */
export function ShortCircuitCard({ caseId }: { caseId: string }) {
  /** null: not asked yet; else the X″d asked with (null: the file's impedances alone). */
  const [asked, setAsked] = useState<{ xd: number | null } | null>(null);
  const query = useQuery({
    ...shortCircuitQueryOptions(caseId, asked?.xd ?? null),
    enabled: asked !== null,
  });

  const run = (xd: number | null) => {
    if (asked !== null && asked.xd === xd) void query.refetch();
    else setAsked({ xd });
  };

  // Issue #31: the server keeps each answer (and why the data gives none) with the case:
  // «Capacidad por barra» reads its weak-grid figures again, the map its colours.
  const client = useQueryClient();
  const settledAt = query.isFetching ? 0 : Math.max(query.dataUpdatedAt, query.errorUpdatedAt);
  useEffect(() => {
    if (settledAt === 0) return;
    void client.invalidateQueries({ queryKey: capacityQueriesKey(caseId) });
    void client.invalidateQueries({ queryKey: ['network', 'capacity-map', caseId] });
  }, [settledAt, client, caseId]);

  const busy = asked !== null && query.isFetching;

  return (
    <Card
      titleId="cortocircuito-titulo"
      title={t.title}
      subtitle={t.intro}
      className="lg:col-span-2"
    >
      <div className="mt-4 space-y-4" aria-busy={busy} data-testid="short-circuit">
        {busy ? (
          <>
            <p role="status" className="flex items-center gap-2 text-sm text-slate-700">
              <LoaderCircle
                aria-hidden="true"
                className="h-4 w-4 animate-spin text-sky-600 motion-reduce:animate-none"
              />
              {t.computing}
            </p>
            <Button size="sm" disabled>
              {t.compute}
            </Button>
          </>
        ) : asked === null ? (
          <Button size="sm" onClick={() => run(null)}>
            <Zap aria-hidden="true" className="h-4 w-4" />
            {t.compute}
          </Button>
        ) : query.isError ? (
          needsXd(query.error) ? (
            <>
              <Notice tone="warning">{query.error.message}</Notice>
              <XdForm initial={asked.xd} submitLabel={t.xd.submit} onSubmit={run} />
            </>
          ) : (
            <>
              <Notice tone="error">{messageOf(query.error)}</Notice>
              <Button size="sm" variant="outline" onClick={() => run(asked.xd)}>
                {t.retry}
              </Button>
            </>
          )
        ) : query.data !== undefined ? (
          <>
            <ShortCircuitResult data={query.data} />
            {query.data.xdPu !== null && (
              <XdForm initial={query.data.xdPu} submitLabel={t.xd.again} onSubmit={run} />
            )}
          </>
        ) : null}
      </div>
    </Card>
  );
}

/** The X″d of the units without data: typed with comma or dot, 0 < x < 10, then asked with. */
function XdForm({
  initial,
  submitLabel,
  onSubmit,
}: {
  initial: number | null;
  submitLabel: string;
  onSubmit: (xd: number) => void;
}) {
  const [text, setText] = useState(initial === null ? t.xd.defaultText : formatNumber(initial, 4));
  const [error, setError] = useState<string | undefined>(undefined);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = parseXd(text);
    if (value === 'nan') setError(t.xd.notANumber);
    else if (value === 'range') setError(t.xd.outOfRange);
    else {
      setError(undefined);
      onSubmit(value);
    }
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-wrap items-start gap-3">
      <div className="w-full max-w-xs">
        <FormField
          label={t.xd.label}
          name="xd"
          inputMode="decimal"
          autoComplete="off"
          value={text}
          hint={t.xd.hint}
          error={error}
          onChange={(event) => {
            setText(event.target.value);
            if (error !== undefined) setError(undefined);
          }}
        />
      </div>
      <Button type="submit" size="sm" className="sm:mt-7">
        {submitLabel}
      </Button>
    </form>
  );
}

/** A lower-case name without accents, for the search. */
const folded = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/** Weakest first: the least N-1 minimum, then the bus number. */
const byWeakest = (a: ShortCircuitBus, b: ShortCircuitBus) =>
  a.sccMinMva - b.sccMinMva || a.bus - b.bus;

/** The units line, the note and the table: weakest bus first, searchable, 25 rows a page. */
function ShortCircuitResult({ data }: { data: ShortCircuitResponse }) {
  const searchId = useId();
  const searchHintId = useId();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);

  const sorted = useMemo(() => [...data.buses].sort(byWeakest), [data.buses]);
  const needle = folded(search.trim());
  const rows = useMemo(
    () =>
      needle === ''
        ? sorted
        : sorted.filter(
            (row) => String(row.bus).includes(needle) || folded(row.name).includes(needle),
          ),
    [sorted, needle],
  );
  const pages = Math.max(1, Math.ceil(rows.length / SHORT_CIRCUIT_PAGE_SIZE));
  const current = Math.min(page, pages);
  /** The table's columns: label, and whether it holds figures (right-aligned). */
  const headers: [string, boolean][] = [
    [t.columns.bus, false],
    [t.columns.kv, true],
    [t.columns.max, true],
    [t.columns.min, true],
    [t.columns.outage, false],
    [t.columns.weakGrid(data.scrMin), true],
    [t.columns.current, true],
  ];
  const shown = rows.slice(
    (current - 1) * SHORT_CIRCUIT_PAGE_SIZE,
    current * SHORT_CIRCUIT_PAGE_SIZE,
  );

  return (
    <div className="space-y-4">
      <div className="space-y-1 text-sm text-slate-700">
        <p data-testid="short-circuit-machines" className="font-medium text-slate-900">
          {t.machines(data.machines, data.xdPu)}
        </p>
        <p data-testid="short-circuit-note">{t.note}</p>
        <p className="text-xs text-slate-600">{t.seconds(data.seconds)}</p>
      </div>

      <div className="max-w-sm space-y-1.5">
        <label htmlFor={searchId} className="block text-sm font-medium text-slate-800">
          {t.search}
        </label>
        <input
          id={searchId}
          type="search"
          value={search}
          aria-describedby={searchHintId}
          autoComplete="off"
          onChange={(event) => {
            setSearch(event.target.value);
            setPage(1);
          }}
          className="block h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-sm focus:border-sky-600 focus:outline-none focus:ring-2 focus:ring-sky-500/40"
        />
        <p id={searchHintId} className="text-xs text-slate-600">
          {t.searchHint}
          {needle !== '' && ` ${t.matches(rows.length)}.`}
        </p>
      </div>

      {rows.length === 0 ? (
        <Notice tone="empty">{needle === '' ? t.noBuses : t.noMatch(search.trim())}</Notice>
      ) : (
        <>
          <div className="overflow-x-auto rounded-xl border border-slate-200">
            <table className="w-full min-w-[44rem] text-left text-sm">
              <caption className="sr-only">{t.caption}</caption>
              <thead className="bg-slate-50 text-xs font-semibold text-slate-600">
                <tr>
                  {headers.map(([label, numeric]) => (
                    <th
                      key={label}
                      scope="col"
                      className={cn('px-3 py-2', numeric && 'text-right')}
                    >
                      {label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100 text-slate-800">
                {shown.map((row) => (
                  <tr key={row.bus}>
                    <th scope="row" className="px-3 py-2 font-normal">
                      <span className="font-semibold tabular-nums">{row.bus}</span>{' '}
                      <span className="break-words">{row.name}</span>
                    </th>
                    <td className="px-3 py-2 text-right tabular-nums">
                      {formatNumber(row.baseKv, 2)}
                    </td>
                    <td className="px-3 py-2 text-right tabular-nums">
                      {formatFixed(row.sccMaxMva, 1)}
                    </td>
                    <td className="px-3 py-2 text-right tabular-nums">
                      {formatFixed(row.sccMinMva, 1)}
                    </td>
                    <td className="break-words px-3 py-2">
                      {row.minOutage === null ? t.baseCase : row.minOutage.name}
                    </td>
                    <td className="px-3 py-2 text-right tabular-nums">
                      {formatFixed(row.weakGridMw, 1)}
                    </td>
                    <td className="px-3 py-2 text-right tabular-nums">
                      {row.faultCurrentKa === null ? t.noValue : formatFixed(row.faultCurrentKa, 2)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <nav aria-label={t.pagination} className="flex flex-wrap items-center gap-3 text-sm">
            <Button
              size="sm"
              variant="outline"
              disabled={current <= 1}
              onClick={() => setPage(current - 1)}
            >
              {t.previous}
            </Button>
            <span aria-live="polite" className="text-slate-700">
              {t.page(current, pages)}
            </span>
            <Button
              size="sm"
              variant="outline"
              disabled={current >= pages}
              onClick={() => setPage(current + 1)}
            >
              {t.next}
            </Button>
          </nav>
        </>
      )}
    </div>
  );
}
