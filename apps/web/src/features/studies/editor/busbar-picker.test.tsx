import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { buildBusCatalog, type BusCatalog } from '../model/bus-catalog';
import { emptyStudy, type StudyFormValues } from '../model/form-values';
import { caseBuses } from '../studies.test-support';
import { BusbarPicker } from './busbar-picker';
import { BUSBAR_PAGE_SIZE } from './busbar-search';
import { CatalogContext } from './catalog-context';

function Chosen() {
  const busbars = useWatch<StudyFormValues, 'busbars'>({ name: 'busbars' });
  return <p data-testid="chosen">{busbars.join(',')}</p>;
}

function Harness({ catalog, busbars = [] }: { catalog: BusCatalog; busbars?: number[] }) {
  const form = useForm<StudyFormValues>({ defaultValues: { ...emptyStudy(), busbars } });
  return (
    <CatalogContext value={catalog}>
      <FormProvider {...form}>
        <BusbarPicker status={{ state: 'ready' }} />
        <Chosen />
      </FormProvider>
    </CatalogContext>
  );
}

const small = buildBusCatalog(caseBuses);
const chosen = () => screen.getByTestId('chosen').textContent;
const matches = () =>
  within(screen.getByRole('list', { name: 'Barras que coinciden' }))
    .getAllByRole('checkbox')
    .map((box) => box.getAttribute('id') && (box.closest('label')?.textContent ?? ''));

describe('the busbar picker', () => {
  it('searches by number, name, kV and area, and counts the chosen buses', async () => {
    const user = userEvent.setup();
    render(<Harness catalog={small} />);
    expect(screen.getByTestId('busbar-count')).toHaveTextContent('0 barras elegidas');
    expect(screen.getByText('8 barras coinciden')).toBeInTheDocument();

    const search = screen.getByRole('searchbox', { name: 'Buscar por número o nombre' });
    await user.type(search, '23');
    expect(matches()).toEqual([
      'Barra 23 · EASTOVER 2 1 · 345 kV · Área 1',
      'Barra 232 · WINNSBORO 1 · 345 kV · Área 1',
    ]);
    await user.click(screen.getByRole('checkbox', { name: /^Barra 23 ·/ }));
    expect(screen.getByTestId('busbar-count')).toHaveTextContent('1 barra elegida');

    await user.clear(search);
    await user.type(search, 'bogota');
    expect(matches()).toEqual(['Barra 301 · Bogotá · 138 kV · Área 2']);
    await user.clear(search);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Tensión (kV)' }), '13.8');
    expect(matches()).toEqual(['Barra 300 · AIKEN · 13,8 kV · Área 2']);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Tensión (kV)' }), '');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Área' }), '2');
    expect(screen.getByText('2 barras coinciden')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Elegir las 2 que coinciden' }));
    expect(chosen()).toBe('23,300,301');
    expect(screen.getByTestId('busbar-count')).toHaveTextContent('3 barras elegidas');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Área' }), '');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Mostrar' }), 'chosen');
    expect(screen.getByText('3 barras coinciden')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: /^Barra 300 ·/ }));
    expect(chosen()).toBe('23,301');
  });

  it('chooses every bus of N kV or more', async () => {
    const user = userEvent.setup();
    render(<Harness catalog={small} busbars={[40]} />);
    await user.type(screen.getByRole('textbox', { name: 'Tensión mínima (kV)' }), '345');
    expect(
      screen.getByRole('button', { name: 'Elegir todas las barras de 345 kV o más' }),
    ).toBeInTheDocument();
    // Enter in the box chooses them too (and submits nothing).
    await user.keyboard('{Enter}');
    expect(chosen()).toBe('40,7,14,23,232');
    expect(screen.getByRole('status')).toHaveTextContent('Se agregaron 4 barras de 345 kV o más.');
    await user.clear(screen.getByRole('textbox', { name: 'Tensión mínima (kV)' }));
    await user.type(screen.getByRole('textbox', { name: 'Tensión mínima (kV)' }), '138');
    await user.click(screen.getByRole('button', { name: /138 kV o más/ }));
    expect(chosen()).toBe('40,7,14,23,232,41,301');
  });

  it('adds a pasted list and names the numbers the case does not have', async () => {
    const user = userEvent.setup();
    render(<Harness catalog={small} busbars={[7]} />);
    await user.type(
      screen.getByRole('textbox', { name: 'Pegar una lista de números de barra' }),
      '7, 14; 99999{Enter}232 abc 5',
    );
    await user.click(screen.getByRole('button', { name: 'Agregar las barras de la lista' }));
    expect(chosen()).toBe('7,14,232');
    expect(screen.getByRole('status')).toHaveTextContent(
      'Se agregaron 2 barras de la lista. 1 ya estaban elegidas. No están en el caso: 99999, 5. No son números de barra: abc.',
    );
    expect(screen.getByTestId('busbar-count')).toHaveTextContent('3 barras elegidas');
    await user.click(screen.getByRole('button', { name: 'Quitar todas' }));
    expect(chosen()).toBe('');
  });

  it('shows a page of matches at a time on a 10,000-bus case', async () => {
    const user = userEvent.setup();
    const n = 10_000;
    const big = buildBusCatalog({
      buses: {
        number: Array.from({ length: n }, (_, i) => i + 1),
        name: Array.from({ length: n }, (_, i) => `BARRA ${i + 1}`),
        baseKv: Array.from({ length: n }, (_, i) => (i % 100 === 0 ? 500 : 115)),
        area: Array.from({ length: n }, (_, i) => (i % 4) + 1),
        zone: Array.from({ length: n }, () => 1),
      },
      areas: [1, 2, 3, 4],
    });
    render(<Harness catalog={big} busbars={[99999]} />);
    expect(screen.getByText('10.000 barras coinciden')).toBeInTheDocument();
    expect(screen.getAllByRole('checkbox')).toHaveLength(BUSBAR_PAGE_SIZE);
    expect(screen.getByText('Página 1 de 500')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(screen.getByRole('checkbox', { name: /^Barra 21 ·/ })).toBeInTheDocument();
    // A chosen number the case does not have is named.
    expect(
      screen.getByText('Barras elegidas que no están en el caso base: 99999.'),
    ).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Tensión mínima (kV)' }), '500');
    await user.click(screen.getByRole('button', { name: /500 kV o más/ }));
    expect(screen.getByTestId('busbar-count')).toHaveTextContent('101 barras elegidas');
  });
});
