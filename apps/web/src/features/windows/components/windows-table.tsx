import { windowRules, type WindowSummary } from '@holgura/contracts';
import { createColumnHelper } from '@tanstack/react-table';
import { Link } from 'react-router';
import { DataTable, PAGE_SIZES } from '../../../components/data-table/data-table';
import { Button, buttonClasses } from '../../../components/ui/button';
import { esWindows } from '../../../strings/es-windows';
import { formatDateTime, formatInteger } from '../../../utils/format';
import { windowHref } from '../links';
import { mwText } from '../model/explanation';
import { WindowStateCell } from './window-state';

const t = esWindows.list;

type WindowsTableProps = {
  windows: WindowSummary[];
  labelledBy: string;
  onDelete: (window: WindowSummary) => void;
  onJobEnded: () => void;
};

/** MW per rule once done; a rule the solver failed says so (never a number it does not have). */
function Totals({ item }: { item: WindowSummary }) {
  if (item.totals === null) return <span className="text-slate-600">{t.notYet}</span>;
  const totals = item.totals;
  return (
    <dl className="grid grid-cols-[auto_auto] gap-x-3 gap-y-0.5 text-xs">
      {windowRules.map((rule) => (
        <div key={rule} className="contents">
          <dt className="text-slate-600">{t.totals[rule]}</dt>
          <dd className="text-right font-semibold tabular-nums text-slate-900">
            {totals[rule] === null ? t.ruleFailed : mwText(totals[rule])}
          </dd>
        </div>
      ))}
    </dl>
  );
}

const column = createColumnHelper<WindowSummary>();

/** The windows with their case, size, state, MW per rule and actions (10 a page). */
export function WindowsTable(props: WindowsTableProps) {
  const columns = [
    column.accessor('name', {
      header: t.columnName,
      cell: ({ row: { original: item } }) => (
        <Link
          to={windowHref(item.windowId)}
          className="font-semibold text-sky-800 underline-offset-2 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-sky-500"
        >
          {item.name}
        </Link>
      ),
      meta: { rowHeader: true, cellClassName: 'min-w-40' },
    }),
    column.accessor((item) => (item.study ? t.studyCell(item.caseName) : item.caseName), {
      id: 'caseName',
      header: t.columnCase,
      cell: ({ getValue, row: { original: item } }) => (
        <>
          {getValue()}
          {/* Only the planner's set is said: every branch is the default, as on the form. */}
          {item.options.contingencies === 'case-set' && (
            <span className="block text-xs text-slate-600">
              {t.caseSetCell(item.study != null)}
            </span>
          )}
        </>
      ),
      meta: { cellClassName: 'text-slate-700' },
    }),
    column.accessor('requestCount', {
      header: t.columnRequests,
      cell: (info) => formatInteger(info.getValue()),
      meta: { align: 'right' },
    }),
    column.accessor('requestedMw', {
      header: t.columnRequested,
      cell: (info) => mwText(info.getValue()),
      meta: { align: 'right' },
    }),
    column.accessor('state', {
      header: t.columnState,
      cell: ({ row: { original: item } }) => (
        <WindowStateCell item={item} onJobEnded={props.onJobEnded} />
      ),
    }),
    column.display({
      id: 'totals',
      header: t.columnTotals,
      cell: ({ row: { original: item } }) => <Totals item={item} />,
    }),
    column.accessor('createdAt', {
      header: t.columnCreated,
      cell: (info) => formatDateTime(info.getValue()),
      meta: { cellClassName: 'whitespace-nowrap tabular-nums' },
    }),
    column.display({
      id: 'actions',
      header: t.columnActions,
      cell: ({ row: { original: item } }) => (
        <div role="group" aria-label={t.actionsLabel(item.name)} className="flex gap-2">
          <Link
            to={windowHref(item.windowId)}
            aria-label={t.viewLabel(item.name)}
            className={buttonClasses('outline', 'sm')}
          >
            {t.view}
          </Link>
          <Button
            variant="ghost"
            size="sm"
            aria-label={t.deleteLabel(item.name)}
            className="text-red-800 hover:bg-red-50 hover:text-red-900"
            onClick={() => props.onDelete(item)}
          >
            {t.delete}
          </Button>
        </div>
      ),
    }),
  ];
  return (
    <DataTable
      labelledBy={props.labelledBy}
      columns={columns}
      rows={props.windows}
      getRowId={(row) => row.windowId}
      emptyText={t.empty.title}
      paging={{ sizes: PAGE_SIZES, initialSize: 10 }}
      minWidth="64rem"
    />
  );
}
