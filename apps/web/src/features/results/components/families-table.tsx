import { createColumnHelper } from '@tanstack/react-table';
import { DataTable, PAGE_SIZES } from '../../../components/data-table/data-table';
import { RefreshButton } from '../../../components/data-table/refresh-button';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { es } from '../../../strings/es';
import { formatInteger } from '../../../utils/format';
import type { Family } from '../model';

const t = es.resultsDemo.results.families;

const column = createColumnHelper<Family>();
const columns = [
  column.accessor('familyId', { header: t.columnId, meta: { cellClassName: 'tabular-nums' } }),
  column.accessor('familyName', { header: t.columnName }),
  column.accessor('caseCount', {
    header: t.columnCount,
    cell: (info) => formatInteger(info.getValue()),
    meta: { cellClassName: 'tabular-nums' },
  }),
];

export type FamiliesTableProps = {
  state: 'loading' | 'error' | 'ready';
  /** null: the study has no case at all ('No hay datos disponibles'). */
  families: Family[] | null;
  /** Why there is no data (the demo still being computed, a study without results yet). */
  noDataHint: string;
  errorMessage?: string | undefined;
  selectedId: string | null;
  onSelect: (familyId: string | null) => void;
  onRefresh: () => void;
  now?: () => number;
};

/** 'Barras analizadas' (docs/product.md §2): the case families with paging, selection and refresh. */
export function FamiliesTable(props: FamiliesTableProps) {
  const { state, families, selectedId } = props;
  const selected = families?.find((family) => family.familyId === selectedId) ?? null;

  return (
    <Card
      titleId="barras-titulo"
      title={t.heading}
      actions={<RefreshButton onRefresh={props.onRefresh} now={props.now} />}
    >
      <div className="mt-4">
        <DataTable
          caption={t.caption}
          columns={columns}
          rows={families ?? []}
          getRowId={(row) => row.familyId}
          status={state}
          loadingText={t.loading}
          errorText={{ title: t.error, detail: props.errorMessage }}
          emptyText={families === null ? { title: t.noData, detail: props.noDataHint } : t.empty}
          selection={{
            selectedId,
            onSelect: props.onSelect,
            radio: { header: t.selected, label: (row) => t.select(row.familyName) },
          }}
          paging={{ sizes: PAGE_SIZES, initialSize: 10 }}
        />
      </div>
      {state === 'ready' && families !== null && families.length > 0 && (
        <div
          className="mt-4 flex flex-wrap items-center gap-3 text-sm text-slate-700"
          aria-live="polite"
        >
          {selected === null ? (
            <p>{t.noneSelected}</p>
          ) : (
            <>
              <p data-testid="selected-family">
                <span className="font-semibold">{t.selected}:</span> {selected.familyId} ·{' '}
                {selected.familyName} · {t.selectedCount(selected.caseCount)}
              </p>
              <Button variant="ghost" size="sm" onClick={() => props.onSelect(null)}>
                {t.clear}
              </Button>
            </>
          )}
        </div>
      )}
    </Card>
  );
}
