import { Plus, X } from 'lucide-react';
import { useId } from 'react';
import { Button } from '../../../components/ui/button';
import { esWindows } from '../../../strings/es-windows';
import { cn } from '../../../utils/cn';
import { cellId, requestFields, type DraftRow, type RequestField } from '../model/request-rows';

const t = esWindows.form.table;

/** Rows a page: a UPME round has 1,600 requests, far too many inputs to draw at once. */
export const EDITOR_PAGE_SIZE = 20;

const columnLabel: Record<RequestField, string> = {
  id: t.id,
  name: t.name,
  company: t.company,
  technology: t.technology,
  bus: t.bus,
  mw: t.mw,
  minMw: t.minMw,
  priority: t.priority,
  year: t.year,
};

const inputMode: Partial<Record<RequestField, 'numeric' | 'decimal'>> = {
  bus: 'numeric',
  mw: 'decimal',
  minMw: 'decimal',
  priority: 'decimal',
  year: 'numeric',
};

const width: Record<RequestField, string> = {
  id: 'w-24',
  name: 'w-40',
  company: 'w-32',
  technology: 'w-28',
  bus: 'w-20',
  mw: 'w-20',
  minMw: 'w-20',
  priority: 'w-20',
  year: 'w-20',
};

export const cellInputClasses =
  'block h-9 w-full rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-900 ' +
  'focus:border-sky-600 focus:outline-none focus:ring-2 focus:ring-sky-500/40 aria-invalid:border-red-600 aria-invalid:bg-red-50';

type RequestsEditorProps = {
  rows: readonly DraftRow[];
  page: number;
  onPage: (page: number) => void;
  onChange: (index: number, field: RequestField, value: string) => void;
  onRemove: (index: number) => void;
  onAdd: () => void;
  onClear: () => void;
  /** Cells a problem of the server names (`index:field`): marked invalid. */
  invalidCells: ReadonlySet<string>;
  disabled: boolean;
};

/**
 * The requests by hand: one row per request, every cell a labelled input («MW de la solicitud
 * 3»), 20 rows a page. Cells keep the text typed; the server checks them when the window is
 * created and names each problem's row and field.
 */
export function RequestsEditor(props: RequestsEditorProps) {
  const { rows, page, disabled } = props;
  const hintId = useId();
  const pages = Math.max(1, Math.ceil(rows.length / EDITOR_PAGE_SIZE));
  const first = page * EDITOR_PAGE_SIZE;
  const shown = rows.slice(first, first + EDITOR_PAGE_SIZE);
  return (
    <div className="space-y-3">
      <p id={hintId} className="text-xs text-slate-600">
        {t.hint}
      </p>
      {rows.length === 0 ? (
        <p className="rounded-xl bg-slate-50 p-4 text-center text-sm text-slate-600">{t.none}</p>
      ) : (
        <div className="overflow-x-auto rounded-xl border border-slate-200">
          <table className="w-full text-left text-sm" style={{ minWidth: '62rem' }}>
            <caption className="sr-only">{t.caption}</caption>
            <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-600">
              <tr>
                <th scope="col" className="w-12 px-2 py-2 text-right font-semibold">
                  {t.row}
                </th>
                {requestFields.map((field) => (
                  <th key={field} scope="col" className="px-2 py-2 font-semibold">
                    {columnLabel[field]}
                  </th>
                ))}
                <th scope="col" className="px-2 py-2">
                  <span className="sr-only">{t.actions}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {shown.map((row, offset) => {
                const index = first + offset;
                const number = index + 1;
                return (
                  <tr key={row.key} className="border-t border-slate-100">
                    <th
                      scope="row"
                      className="px-2 py-1.5 text-right font-normal tabular-nums text-slate-600"
                    >
                      {number}
                    </th>
                    {requestFields.map((field) => (
                      <td key={field} className={cn('px-1 py-1.5', width[field])}>
                        <input
                          id={cellId(index, field)}
                          type="text"
                          autoComplete="off"
                          inputMode={inputMode[field]}
                          value={row[field]}
                          disabled={disabled}
                          aria-label={t.cellLabel(columnLabel[field], number)}
                          aria-describedby={hintId}
                          aria-invalid={
                            props.invalidCells.has(`${index}:${field}`) ? true : undefined
                          }
                          onChange={(event) => props.onChange(index, field, event.target.value)}
                          className={cn(
                            cellInputClasses,
                            inputMode[field] !== undefined && 'text-right tabular-nums',
                          )}
                        />
                      </td>
                    ))}
                    <td className="px-1 py-1.5">
                      <Button
                        variant="ghost"
                        size="icon"
                        disabled={disabled}
                        aria-label={t.remove(number)}
                        onClick={() => props.onRemove(index)}
                        className="h-9 w-9 text-slate-600 hover:text-red-800"
                      >
                        <X aria-hidden="true" className="h-4 w-4" />
                      </Button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" disabled={disabled} onClick={props.onAdd}>
            <Plus aria-hidden="true" className="h-4 w-4" />
            {t.add}
          </Button>
          {rows.length > 1 && (
            <Button variant="ghost" size="sm" disabled={disabled} onClick={props.onClear}>
              {t.clear}
            </Button>
          )}
        </div>
        {pages > 1 && (
          <div className="flex items-center gap-2 text-sm text-slate-700">
            <span aria-live="polite">
              {t.page(page + 1, pages, first + 1, first + shown.length, rows.length)}
            </span>
            <Button
              variant="outline"
              size="sm"
              disabled={page === 0}
              onClick={() => props.onPage(page - 1)}
            >
              {t.previous}
            </Button>
            <Button
              variant="outline"
              size="sm"
              disabled={page >= pages - 1}
              onClick={() => props.onPage(page + 1)}
            >
              {t.next}
            </Button>
          </div>
        )}
      </div>
    </div>
  );
}
