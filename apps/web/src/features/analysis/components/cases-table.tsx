import type { CaseSummary } from '@holgura/contracts';
import { createColumnHelper } from '@tanstack/react-table';
import { useId, type ReactNode } from 'react';
import { DataTable, PAGE_SIZES } from '../../../components/data-table/data-table';
import { RefreshButton } from '../../../components/data-table/refresh-button';
import { Card } from '../../../components/ui/card';
import { Notice } from '../../../components/ui/notice';
import { es } from '../../../strings/es';
import { cn } from '../../../utils/cn';
import { formatDateTime } from '../../../utils/format';

const t = es.analysis.cases;

/**
 * The case's name, and its analysis when it is not done (issue #16): a failed upload says so
 * with its error in the row, rather than a normal row that only errors when selected.
 */
function CaseName({ name, item }: { name: string; item: CaseSummary }) {
  const analysis = item.analysis ?? null;
  if (analysis === null || analysis.state === 'done') return name;
  const failed = analysis.state === 'failed';
  const cancelled = analysis.state === 'cancelled';
  return (
    <div>
      <span>{name}</span>
      <span
        className={cn(
          'ml-2 whitespace-nowrap rounded px-1.5 py-0.5 text-xs font-semibold',
          failed
            ? 'bg-red-100 text-red-800'
            : cancelled
              ? 'bg-slate-200 text-slate-800'
              : 'bg-sky-100 text-sky-900',
        )}
        data-testid="case-state"
      >
        {failed ? t.failed : cancelled ? t.cancelled : t.analysing}
      </span>
      {failed && analysis.error !== null && (
        <p className="mt-1 text-xs text-red-800" data-testid="case-error">
          {analysis.error.message}
        </p>
      )}
    </div>
  );
}

const column = createColumnHelper<CaseSummary>();
const columns = [
  column.accessor('caseId', {
    header: t.columnId,
    meta: { cellClassName: 'max-w-40 truncate font-mono text-xs' },
  }),
  column.accessor('caseName', {
    header: t.columnName,
    cell: ({ row, getValue }) => <CaseName name={getValue()} item={row.original} />,
  }),
  column.accessor('createdAt', {
    header: t.columnDate,
    cell: (info) => formatDateTime(info.getValue()),
    meta: { cellClassName: 'whitespace-nowrap tabular-nums' },
  }),
];

export type CasesTableProps = {
  signedIn: boolean;
  state: 'loading' | 'error' | 'ready';
  cases: CaseSummary[];
  errorMessage?: string | undefined;
  selectedCaseId: string | null;
  onSelect: (caseId: string) => void;
  onRefresh: () => void;
  /** Beside the selected case's id: what can be done with it (delete). */
  selectedActions?: ReactNode;
  /** Injected clock for the throttle (tests). */
  now?: () => number;
};

/** 'Casos disponibles' (docs/product.md §2): the user's cases with paging, selection and refresh. */
export function CasesTable(props: CasesTableProps) {
  const { signedIn, state, cases, selectedCaseId } = props;
  const titleId = useId();

  return (
    <Card
      titleId="casos-titulo"
      title={t.heading}
      subtitle={
        signedIn &&
        state === 'ready' && (
          <p id={titleId} className="text-sm text-slate-600">
            {t.title(cases.length)}
          </p>
        )
      }
      actions={signedIn && <RefreshButton onRefresh={props.onRefresh} now={props.now} />}
    >
      <div className="mt-4">
        {signedIn ? (
          <DataTable
            labelledBy={titleId}
            columns={columns}
            rows={cases}
            getRowId={(row) => row.caseId}
            status={state}
            loadingText={t.loading}
            errorText={t.error(props.errorMessage ?? es.analysis.upload.unknownError)}
            emptyText={t.empty}
            selection={{
              selectedId: selectedCaseId,
              onSelect: props.onSelect,
              radio: { header: t.selected, label: (row) => t.select(row.caseName) },
            }}
            paging={{ sizes: PAGE_SIZES, initialSize: 5 }}
            minWidth="32rem"
          />
        ) : (
          <Notice tone="locked" title={t.restricted}>
            {t.restrictedBody}
          </Notice>
        )}
      </div>
      {signedIn && (selectedCaseId !== null || cases.length > 0) && (
        <div className="mt-4 flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm text-slate-700" aria-live="polite">
            {selectedCaseId === null ? (
              t.noneSelected
            ) : (
              <>
                <span className="font-semibold">{t.selected}:</span>{' '}
                <span className="font-mono" data-testid="selected-case-id">
                  {selectedCaseId}
                </span>
              </>
            )}
          </p>
          {selectedCaseId !== null && props.selectedActions}
        </div>
      )}
    </Card>
  );
}
