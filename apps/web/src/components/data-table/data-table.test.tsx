import { createColumnHelper, type SortingState } from '@tanstack/react-table';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DataTable, PAGE_SIZES, type DataTableProps } from './data-table';

type Bus = { id: string; name: string; mw: number };

const column = createColumnHelper<Bus>();
const columns = [
  column.accessor('name', { header: 'Barra' }),
  column.accessor('mw', { header: 'Capacidad', meta: { align: 'right' } }),
];
const buses: Bus[] = Array.from({ length: 12 }, (_, i) => ({
  id: `b${i + 1}`,
  name: `Barra ${String(i + 1).padStart(2, '0')}`,
  mw: (i * 37) % 11,
}));

type Extra = Partial<Omit<DataTableProps<Bus>, 'caption' | 'labelledBy'>>;

/** The table named 'Barras' over the twelve buses; a test adds what it is about. */
function Table(extra: Extra) {
  return (
    <DataTable
      caption="Barras"
      columns={columns}
      rows={buses}
      getRowId={(b) => b.id}
      emptyText="-"
      {...extra}
    />
  );
}

/** Owns the sorting and the selection, as a screen does. */
function Stateful(extra: Extra) {
  const [sorting, setSorting] = useState<SortingState>([]);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  return (
    <Table
      sorting={{ state: sorting, onChange: setSorting }}
      selection={{
        selectedId,
        onSelect: setSelectedId,
        radio: { header: 'Barra seleccionada', label: (b) => `Seleccionar ${b.name}` },
      }}
      {...extra}
    />
  );
}

const bodyRows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);
const radioRowNames = () =>
  bodyRows().map((row) => within(row).getAllByRole('cell')[1]!.textContent);
const sizeSelect = () => screen.getByRole('combobox', { name: 'Filas por página' });
const button = (name: string) => screen.getByRole('button', { name });

describe('DataTable', () => {
  it('pages on the server: shows the rows it is given, asks for others, counts from the total', async () => {
    const user = userEvent.setup();
    const onPageChange = vi.fn();
    const page = { pageIndex: 1, pageSize: 10 };
    render(
      <Table
        rows={buses.slice(10)}
        paging={{ sizes: PAGE_SIZES, page, rowCount: 2200, onPageChange }}
      />,
    );
    // The rows are the caller's page: none is sliced away.
    expect(bodyRows()).toHaveLength(2);
    expect(screen.getByText('Página 2 de 220')).toBeInTheDocument();
    await user.click(button('Siguiente'));
    expect(onPageChange).toHaveBeenLastCalledWith({ pageIndex: 2, pageSize: 10 });
    await user.click(button('Anterior'));
    expect(onPageChange).toHaveBeenLastCalledWith({ pageIndex: 0, pageSize: 10 });
    await user.selectOptions(sizeSelect(), '25');
    expect(onPageChange).toHaveBeenLastCalledWith({ pageIndex: 0, pageSize: 25 });
  });

  it('sorts on the client from its headers, back to the first page', async () => {
    const user = userEvent.setup();
    render(<Stateful paging={{ sizes: PAGE_SIZES, initialSize: 5 }} />);
    await user.click(button('Siguiente'));
    const header = screen.getByRole('columnheader', { name: 'Capacidad' });
    expect(header).toHaveAttribute('aria-sort', 'none');
    const sorted = buses.map((b) => String(b.mw)).sort((a, b) => Number(a) - Number(b));
    // Numbers sort descending first (TanStack's default for numbers).
    await user.click(within(header).getByRole('button'));
    expect(header).toHaveAttribute('aria-sort', 'descending');
    expect(screen.getByText('Página 1 de 3')).toBeInTheDocument();
    const values = () => bodyRows().map((row) => within(row).getAllByRole('cell')[2]!.textContent);
    expect(values()).toEqual(sorted.toReversed().slice(0, 5));
    await user.click(within(header).getByRole('button'));
    expect(header).toHaveAttribute('aria-sort', 'ascending');
    expect(values()).toEqual(sorted.slice(0, 5));
  });

  it('leaves the order to the server when it pages: the rows stay as given', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    const page = { pageIndex: 0, pageSize: 5 };
    render(
      <Table
        rows={buses.slice(0, 5)}
        paging={{ sizes: PAGE_SIZES, page, rowCount: 12, onPageChange: () => undefined }}
        sorting={{ state: [{ id: 'name', desc: true }], onChange }}
      />,
    );
    const name = screen.getByRole('columnheader', { name: 'Barra' });
    expect(name).toHaveAttribute('aria-sort', 'descending');
    expect(bodyRows()[0]).toHaveTextContent('Barra 01');
    const mw = screen.getByRole('columnheader', { name: 'Capacidad' });
    await user.click(within(mw).getByRole('button'));
    expect(onChange).toHaveBeenLastCalledWith([{ id: 'mw', desc: true }]);
  });

  it('selects a row by click, by Enter or Space on the focused row, and by its radio', async () => {
    const user = userEvent.setup();
    render(<Stateful rows={buses.slice(0, 4)} />);
    const rows = bodyRows();
    const selected = () => rows.map((row) => row.getAttribute('aria-selected'));
    expect(selected()).toEqual(['false', 'false', 'false', 'false']);
    expect(screen.getByRole('columnheader', { name: 'Barra seleccionada' })).toBeInTheDocument();

    await user.click(within(rows[1]!).getByText('Barra 02'));
    expect(selected()).toEqual(['false', 'true', 'false', 'false']);
    expect(screen.getByRole('radio', { name: 'Seleccionar Barra 02' })).toBeChecked();
    rows[2]!.focus();
    await user.keyboard('{Enter}');
    expect(selected()).toEqual(['false', 'false', 'true', 'false']);
    rows[3]!.focus();
    await user.keyboard(' ');
    expect(selected()).toEqual(['false', 'false', 'false', 'true']);
    await user.click(screen.getByRole('radio', { name: 'Seleccionar Barra 01' }));
    expect(selected()).toEqual(['true', 'false', 'false', 'false']);
    expect(radioRowNames()).toEqual(['Barra 01', 'Barra 02', 'Barra 03', 'Barra 04']);
    expect(rows.every((row) => row.tabIndex === 0)).toBe(true);
  });
});
