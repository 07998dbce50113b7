import type { BusbarCapacityComparison, StudyListItem } from '@holgura/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  busbarResult,
  studyCase,
  studyDetail,
  studyItem,
} from '../../features/results/study.test-support';
import {
  callsTo,
  jsonResponse,
  mockApi,
  renderApp,
  sampleSessionUser,
  type MockRequest,
} from '../../render.test-support';

/** /resultados «Comparar dos casos» (issue #29): two years of a study side by side. */

const demo = studyItem();
const own = studyItem({
  studyId: 's1',
  name: 'Conexiones ACTIVSg500',
  networkLabel: 'Red sintética ACTIVSg500',
  isDemo: false,
  busbars: 1,
  jobId: 'j1',
});

const ownCases = [2030, 2031, 2032].map((year) =>
  studyCase('base', year, [busbarResult({ bus: 7, name: 'EASTOVER', caseId: `s1-7-${year}` })]),
);

const side = (caseId: string, caseName: string, state = 'done') => ({
  caseId,
  caseName,
  state,
  computedAt: state === 'done' ? '2026-11-25T10:00:00Z' : null,
  options: null,
  buses: state === 'done' ? 500 : null,
});

const limiting = (monitoredName: string, contingencyName: string | null) => ({
  monitoredBranch: 3,
  monitoredName,
  contingencyBranch: contingencyName === null ? null : 4,
  contingencyName,
  distributionFactor: 0.4,
});

function comparison(request: MockRequest, caseId: string): Response {
  const other = request.query.get('with')!;
  const limit = Number(request.query.get('limit') ?? 25);
  const changes = Array.from({ length: 30 }, (_, i) => ({
    bus: 100 + i,
    name: i === 0 ? 'SENECA' : `BARRA ${100 + i}`,
    baseKv: i === 0 ? 345 : 138,
    area: 2,
    baseMw: 200,
    otherMw: i === 0 ? 80.25 : 200 + (30 - i),
    deltaMw: i === 0 ? -119.75 : 30 - i,
    baseLimiting: i === 0 ? null : limiting('A-B 1', 'C-D 1'),
    otherLimiting: i === 0 ? limiting('SENECA-EASTOVER 1', null) : limiting('A-B 1', 'C-D 1'),
  }));
  const answer: BusbarCapacityComparison = {
    base: side(caseId, 'base_2030') as BusbarCapacityComparison['base'],
    other: side(other, 'base_2032') as BusbarCapacityComparison['other'],
    figure: (request.query.get('figure') ?? 'attributable') as 'attributable',
    ready: true,
    settingsDiffer: [],
    summary: {
      common: 480,
      increased: 29,
      decreased: 1,
      unchanged: 450,
      onlyBase: 0,
      onlyOther: 20,
      baseTotalMw: 0,
      otherTotalMw: 0,
      changed: 50,
    },
    changes: changes.slice(0, limit),
    constraints: {
      appeared: [
        {
          monitoredName: 'SENECA-EASTOVER 1',
          contingencyName: null,
          buses: 1,
          deltaMw: -119.75,
          example: { bus: 100, name: 'SENECA', baseKv: 345 },
        },
      ],
      vanished: [],
      appearedTotal: 1,
      vanishedTotal: 0,
    },
  };
  return jsonResponse(answer);
}

function api(routes: Parameters<typeof mockApi>[0] = {}, studies: StudyListItem[] = [demo, own]) {
  return mockApi({
    '/api/auth/get-session': { body: { user: sampleSessionUser } },
    '/api/studies': { body: { studies } },
    '/api/studies/s1': { body: studyDetail(own, ownCases) },
    ...routes,
  });
}

/** The query string a mocked call was made with. */
const queryOf = (call: ReturnType<typeof callsTo>[number] | undefined) => {
  const input = call![0];
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  return new URL(url, 'http://localhost').searchParams;
};

const card = () => screen.getByRole('region', { name: 'Comparar dos casos' });

describe('/resultados «Comparar dos casos»', () => {
  it('compares the first and last year on request, with the largest changes and the new constraints', async () => {
    const fetchMock = api({
      '/api/cases/s1-7-2030/busbar-capacities/compare': (request) =>
        comparison(request, 's1-7-2030'),
    });
    const { user, router } = renderApp('/resultados?estudio=s1');
    await screen.findByRole('region', { name: 'Comparar dos casos' });
    // The earliest and the latest year of the scenario, read only once asked.
    expect(within(card()).getByLabelText('Caso A (referencia)')).toHaveDisplayValue('base_2030');
    expect(within(card()).getByLabelText('Caso B (comparado)')).toHaveDisplayValue('base_2032');
    expect(callsTo(fetchMock, '/api/cases/s1-7-2030/busbar-capacities/compare')).toHaveLength(0);

    await user.click(within(card()).getByRole('button', { name: 'Comparar' }));
    const table = await within(card()).findByTestId('comparison-table');
    const [call] = callsTo(fetchMock, '/api/cases/s1-7-2030/busbar-capacities/compare');
    expect(queryOf(call).get('with')).toBe('s1-7-2032');
    expect(router.state.location.search).toContain('comparar=base_2030%7Ebase_2032');

    // 25 of the 50 changed buses, the largest first, named with number and kV.
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(26);
    expect(rows[1]).toHaveTextContent('SENECA (100, 345 kV)');
    expect(rows[1]).toHaveTextContent('−119,8 (baja)');
    expect(rows[1]).toHaveTextContent('ninguna restricción (tope)');
    expect(rows[1]).toHaveTextContent('SENECA-EASTOVER 1 en el caso base (N-0)');
    expect(rows[2]).toHaveTextContent('+29,0 (sube)');
    expect(rows[2]).toHaveTextContent('A-B 1 tras C-D 1');
    expect(within(card()).getByTestId('comparison-caption')).toHaveTextContent(
      'Se muestran 25 de 50 barras con cambios',
    );
    expect(within(card()).getByTestId('comparison-summary')).toHaveTextContent('Suben29');
    expect(card()).toHaveTextContent('20 solo en B');
    const appeared = within(card()).getByRole('region', {
      name: 'Restricciones que aparecen en B (1)',
    });
    expect(appeared).toHaveTextContent('SENECA-EASTOVER 1 en el caso base (N-0)');
    expect(appeared).toHaveTextContent('limita 1 barra · −119,8 MW en esas barras');
    expect(
      within(card()).getByRole('region', { name: 'Restricciones que desaparecen en B' }),
    ).toHaveTextContent('Ninguna');

    await user.click(within(card()).getByRole('button', { name: 'Mostrar más barras' }));
    await within(card()).findByText('Se muestran 30 de 50 barras con cambios', { exact: false });
    expect(
      queryOf(callsTo(fetchMock, '/api/cases/s1-7-2030/busbar-capacities/compare').at(-1)).get(
        'limit',
      ),
    ).toBe('100');
  });

  it('swaps the cases, refuses a case against itself and waits for a side still computing', async () => {
    api({
      '/api/cases/s1-7-2032/busbar-capacities/compare': (request) =>
        jsonResponse({
          base: side('s1-7-2032', 'base_2032'),
          other: side(request.query.get('with')!, 'base_2030', 'running'),
          figure: 'attributable',
          ready: false,
          settingsDiffer: [],
          summary: null,
          changes: [],
          constraints: { appeared: [], vanished: [], appearedTotal: 0, vanishedTotal: 0 },
        }),
    });
    const { user } = renderApp('/resultados?estudio=s1');
    await screen.findByRole('region', { name: 'Comparar dos casos' });
    await user.selectOptions(within(card()).getByLabelText('Caso B (comparado)'), 'base_2030');
    await user.click(within(card()).getByRole('button', { name: 'Comparar' }));
    expect(
      await within(card()).findByText('Elige dos casos distintos', { exact: false }),
    ).toBeInTheDocument();
    await user.selectOptions(within(card()).getByLabelText('Caso B (comparado)'), 'base_2032');
    await user.click(within(card()).getByRole('button', { name: 'Intercambiar A y B' }));
    expect(within(card()).getByLabelText('Caso A (referencia)')).toHaveDisplayValue('base_2032');
    await user.click(within(card()).getByRole('button', { name: 'Comparar' }));
    expect(
      await within(card()).findByText(
        'La capacidad por barra de base_2030 aún se está calculando',
        { exact: false },
      ),
    ).toBeInTheDocument();
  });

  it('opens a shared link on the same two cases', async () => {
    api({
      '/api/cases/s1-7-2031/busbar-capacities/compare': (request) =>
        comparison(request, 's1-7-2031'),
    });
    renderApp('/resultados?estudio=s1&comparar=base_2031~base_2030');
    expect(await screen.findByTestId('comparison-table')).toBeInTheDocument();
    expect(within(card()).getByLabelText('Caso A (referencia)')).toHaveDisplayValue('base_2031');
  });
});
