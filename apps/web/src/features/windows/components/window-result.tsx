import {
  requestStatuses,
  windowRules,
  type RequestStatusName,
  type WindowResultView,
  type WindowRuleName,
} from '@holgura/contracts';
import type { SortingState } from '@tanstack/react-table';
import { useId, useState } from 'react';
import { Card } from '../../../components/ui/card';
import { LabelledSelect } from '../../../components/ui/labelled-select';
import { SegmentedToggle } from '../../../components/ui/segmented-toggle';
import type { MapNetwork } from '../../../lib/network-slot';
import { esWindows } from '../../../strings/es-windows';
import { AwardExplanation } from './award-explanation';
import { AwardsTable, type AwardRow } from './awards-table';
import { GroupCaps } from './group-caps';
import { RequestsMap } from './requests-map';
import { RuleCards } from './rule-cards';
import { WindowDownloads } from './window-downloads';

const t = esWindows.view;

type StatusFilter = 'all' | RequestStatusName;

/** The rows of the table under one rule, filtered by status and by what is searched. */
export function awardRows(
  result: WindowResultView,
  rule: WindowRuleName,
  status: StatusFilter,
  search: string,
): AwardRow[] {
  const ruleResult = result.rules[rule];
  const awards = ruleResult.ok ? new Map(ruleResult.awards.map((a) => [a.id, a])) : null;
  const needle = search.trim().toLocaleLowerCase('es');
  return result.requests
    .map((request) => ({ request, award: awards?.get(request.id) ?? null }))
    .filter((row) => status === 'all' || row.award?.status === status)
    .filter(
      ({ request }) =>
        needle === '' ||
        [
          request.id,
          request.name ?? '',
          request.company ?? '',
          String(request.bus),
          request.busName,
        ]
          .join(' ')
          .toLocaleLowerCase('es')
          .includes(needle),
    );
}

/**
 * A done window: the three rules side by side, then its requests under the rule chosen (sorted,
 * filtered, on the case's map by status, each one explained), the groups of buses that rule holds together, the downloads.
 */
export function WindowResult({
  userKey,
  windowId,
  network,
  result,
}: {
  userKey: string;
  windowId: string;
  /** What the map draws: the case's network, or the study's base network. */
  network: MapNetwork | null;
  result: WindowResultView;
}) {
  const [rule, setRule] = useState<WindowRuleName>('order');
  const [status, setStatus] = useState<StatusFilter>('all');
  const [search, setSearch] = useState('');
  const [sorting, setSorting] = useState<SortingState>([{ id: 'rank', desc: false }]);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const searchId = useId();
  const rows = awardRows(result, rule, status, search);

  return (
    <div className="space-y-6">
      <RuleCards result={result} selected={rule} />

      <Card
        titleId="ventana-solicitudes"
        title={t.requestsTitle}
        subtitle={t.shown(rows.length, result.requests.length)}
      >
        <div className="mt-4 space-y-4">
          <div className="flex flex-wrap items-end gap-4">
            <SegmentedToggle
              label={t.ruleSelector}
              value={rule}
              options={windowRules.map((r) => [r, t.ruleTitle[r]] as const)}
              onChange={setRule}
            />
            <LabelledSelect<StatusFilter>
              label={t.statusFilter}
              value={status}
              options={[
                ['all', t.allStatuses],
                ...requestStatuses.map((s): [StatusFilter, string] => [s, t.status[s]]),
              ]}
              onChange={setStatus}
            />
            <div className="flex min-w-0 flex-col gap-1">
              <label htmlFor={searchId} className="text-xs font-medium text-slate-600">
                {t.search}
              </label>
              <input
                id={searchId}
                type="search"
                value={search}
                maxLength={100}
                placeholder={t.searchPlaceholder}
                onChange={(event) => setSearch(event.target.value)}
                className="rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-sky-500"
              />
            </div>
          </div>
          <AwardsTable
            // A new filter starts again at its first page.
            key={`${status}|${search}`}
            rows={rows}
            rule={rule}
            sorting={sorting}
            onSorting={setSorting}
            selectedId={selectedId}
            onSelect={setSelectedId}
          />
          <div className="grid gap-4 xl:grid-cols-[3fr_2fr] xl:items-start">
            {/* Read right after the table; drawn beside the map on wide screens. */}
            <AwardExplanation
              userKey={userKey}
              windowId={windowId}
              result={result}
              rule={rule}
              requestId={selectedId}
            />
            <RequestsMap
              className="xl:order-first"
              network={network}
              result={result}
              rule={rule}
              selectedId={selectedId}
              onSelect={setSelectedId}
            />
          </div>
        </div>
      </Card>

      <GroupCaps result={result} rule={rule} />
      <WindowDownloads windowId={windowId} />
    </div>
  );
}
