import type { StudyListItem } from '@holgura/contracts';
import { createColumnHelper } from '@tanstack/react-table';
import { DataTable, PAGE_SIZES } from '../../../components/data-table/data-table';
import { esStudies } from '../../../strings/es-studies';
import { formatDateTime } from '../../../utils/format';
import { StudyActions } from './study-actions';
import { StudyStateCell } from './study-state';

const t = esStudies.list;
const tc = esStudies.contingencies;

type StudiesTableProps = {
  studies: StudyListItem[];
  labelledBy: string;
  cancellingId: string | null;
  onCancel: (study: StudyListItem) => void;
  onDelete: (study: StudyListItem) => void;
  onJobEnded: () => void;
};

const column = createColumnHelper<StudyListItem>();

/** The studies with their state, size and actions (the app's data table, 10 a page). */
export function StudiesTable(props: StudiesTableProps) {
  const columns = [
    column.accessor('name', {
      header: t.columnName,
      cell: ({ row: { original: study } }) => (
        <div className="min-w-48 space-y-1">
          <span className="font-semibold text-slate-900">{study.name}</span>
          {study.isDemo && (
            <span className="ml-2 rounded-full bg-teal-100 px-2 py-0.5 text-xs font-semibold text-teal-900">
              {t.demoBadge}
            </span>
          )}
          <p className="text-xs font-normal text-slate-600">{study.networkLabel}</p>
          {!study.isDemo && (
            <p className="text-xs font-normal text-slate-600">
              {t.version(study.version)}
              {study.resultsVersion !== null &&
                study.resultsVersion !== study.version &&
                ` · ${t.resultsOf(study.resultsVersion)}`}
            </p>
          )}
        </div>
      ),
      meta: { rowHeader: true },
    }),
    column.accessor('state', {
      header: t.columnState,
      cell: ({ row: { original: study } }) => (
        <StudyStateCell study={study} onJobEnded={props.onJobEnded} />
      ),
    }),
    column.display({
      id: 'size',
      header: t.columnSize,
      cell: ({ row: { original: study } }) => (
        <div className="space-y-1">
          <p>{t.size(study.scenarios, study.years.length, study.busbars)}</p>
          {/* What its figures are computed on (issue #30): the set's file, in full on hover. */}
          <p
            className="max-w-64 break-words text-slate-600"
            title={tc.sentence(study.contingencySet)}
            data-testid="study-contingencies"
          >
            {tc.short(study.contingencySet)}
          </p>
        </div>
      ),
      meta: { cellClassName: 'text-xs text-slate-700' },
    }),
    column.accessor('updatedAt', {
      header: t.columnUpdated,
      cell: (info) => formatDateTime(info.getValue()),
      meta: { cellClassName: 'whitespace-nowrap tabular-nums' },
    }),
    column.display({
      id: 'actions',
      header: t.columnActions,
      cell: ({ row: { original: study } }) => (
        <StudyActions
          study={study}
          cancelling={props.cancellingId === study.studyId}
          onCancel={props.onCancel}
          onDelete={props.onDelete}
        />
      ),
      meta: { cellClassName: 'min-w-64' },
    }),
  ];
  return (
    <DataTable
      labelledBy={props.labelledBy}
      columns={columns}
      rows={props.studies}
      getRowId={(row) => row.studyId}
      emptyText={t.noRowsYet}
      paging={{ sizes: PAGE_SIZES, initialSize: 10 }}
      minWidth="60rem"
    />
  );
}
