import {
  windowExportWords,
  windowRules,
  type WindowBindingView,
  type WindowDetailResponse,
  type WindowResultView,
} from '@holgura/contracts';
import { fileSlug, type ExportTable } from '../export/export-table';

const words = windowExportWords;

/** What held a request back, in a cell: the monitored element and the contingency. */
export function bindingLabel(b: WindowBindingView | undefined): string | null {
  if (b === undefined) return null;
  if (b.kind === 'sink-room') return words.sinkRoom;
  const where = b.scenario != null && b.year != null ? ` | ${b.scenario} ${b.year}` : '';
  return `${b.monitoredName ?? b.monitored} | ${b.contingencyName ?? words.n0}${where}`;
}

/** A done window's awards under the three rules, one row per request in rank order. */
export function windowAwardsTable(
  window: WindowDetailResponse,
  result: WindowResultView,
  generatedAt: string,
): ExportTable {
  const c = words.columns;
  const m = words.metadata;
  const byRule = Object.fromEntries(
    windowRules.map((rule) => {
      const r = result.rules[rule];
      return [rule, r.ok ? new Map(r.awards.map((a) => [a.id, a])) : null];
    }),
  );
  const rows = [...result.requests]
    .sort((a, b) => a.rank - b.rank)
    .map((r) => {
      const award = (rule: (typeof windowRules)[number]) => byRule[rule]?.get(r.id);
      return [
        r.rank,
        r.id,
        r.name,
        r.company,
        r.technology,
        r.bus,
        r.busName,
        r.requestedMw,
        r.minMw,
        r.standaloneMw,
        award('order')?.awardedMw ?? null,
        award('max')?.awardedMw ?? null,
        award('fair')?.awardedMw ?? null,
        statusOf(award('order')?.status),
        statusOf(award('max')?.status),
        statusOf(award('fair')?.status),
        bindingLabel(award('order')?.binding[0]),
      ];
    });
  const total = (rule: (typeof windowRules)[number]) => {
    const r = result.rules[rule];
    return r.ok ? r.totalAwardedMw.toFixed(2) : words.ruleFailed;
  };
  return {
    sheetName: words.sheet,
    title: `${window.name} — ${window.caseName}`,
    metadata: [
      [m.requested, result.totalRequestedMw.toFixed(2)],
      [m.standalone, result.totalStandaloneMw.toFixed(2)],
      [m.order, total('order')],
      [m.max, total('max')],
      [m.fair, total('fair')],
      [m.inputs, result.audit.inputsSha256],
      [m.generated, generatedAt],
    ],
    columns: [
      { header: c.rank, kind: 'integer', width: 8 },
      { header: c.id, kind: 'text', width: 16 },
      { header: c.name, kind: 'text', width: 28 },
      { header: c.company, kind: 'text', width: 20 },
      { header: c.technology, kind: 'text', width: 14 },
      { header: c.bus, kind: 'integer', width: 10 },
      { header: c.busName, kind: 'text', width: 22 },
      { header: c.requestedMw, kind: 'mw', width: 14 },
      { header: c.minMw, kind: 'mw', width: 12 },
      { header: c.standaloneMw, kind: 'mw', width: 14 },
      { header: c.order, kind: 'mw', width: 14 },
      { header: c.max, kind: 'mw', width: 14 },
      { header: c.fair, kind: 'mw', width: 14 },
      { header: c.orderStatus, kind: 'text', width: 16 },
      { header: c.maxStatus, kind: 'text', width: 16 },
      { header: c.fairStatus, kind: 'text', width: 16 },
      { header: c.orderLimit, kind: 'text', width: 50 },
    ],
    rows,
    fileStem: `ventana-${fileSlug(window.name)}`,
  };
}

function statusOf(status: 'complete' | 'partial' | 'none' | undefined): string | null {
  return status === undefined ? null : words.status[status];
}
