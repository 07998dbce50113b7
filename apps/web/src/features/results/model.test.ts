import { describe, expect, it } from 'vitest';
import {
  chartSeries,
  scenarioAndYear,
  studyCards,
  studyFamilies,
  studyStats,
  toResultCard,
} from './model';
import { busbarResult, studyCase } from './study.test-support';

describe('card rules (docs/product.md §5)', () => {
  it('reads scenario and year from the case name split at the underscore', () => {
    expect(scenarioAndYear('alta_2027', 2030)).toEqual({ scenario: 'alta', year: 2027 });
  });
  it('falls back to the current year when the second part is not numeric or missing', () => {
    expect(scenarioAndYear('baja_x', 2031)).toEqual({ scenario: 'baja', year: 2031 });
    expect(scenarioAndYear('media', 2031)).toEqual({ scenario: 'media', year: 2031 });
  });
  it("names the scenario 'desconocido' when the first part is empty", () => {
    expect(scenarioAndYear('_2028', 2031)).toEqual({ scenario: 'desconocido', year: 2028 });
    expect(scenarioAndYear('', 2031)).toEqual({ scenario: 'desconocido', year: 2031 });
  });
  it("shows an N-0 limit as 'SOBRECARGA RED COMPLETA' and a reached cap without element", () => {
    const item = studyCase('alta', 2027, []);
    const n0 = toResultCard(
      item,
      busbarResult({
        bus: 1001,
        name: 'ODESSA 2 0',
        baseKv: 345,
        caseId: 'b1',
        contingencyBranch: null,
        contingency: null,
      }),
      2030,
    );
    expect(n0).toEqual({
      id: 'b1',
      caseName: 'alta_2027',
      familyId: '1001',
      busNumber: 1001,
      barra: 'ODESSA 2 0',
      barraEtiqueta: 'ODESSA 2 0 (1001, 345 kV)',
      capacidad: 412.36,
      capacidadDc: 412.36,
      verificacion: null,
      elementoLimitante: 'ODESSA-MIDLAND',
      contingencia: 'SOBRECARGA RED COMPLETA',
      scenario: 'alta',
      anio: 2027,
      condicion: 'Condición alta',
      capReached: false,
      sinkRoomReached: false,
      preExistingViolation: false,
      tmaxMw: 2000,
    });
    const capped = toResultCard(
      item,
      busbarResult({
        capacityMw: 2000,
        limitingBranch: null,
        limitingElement: null,
        contingencyBranch: null,
        contingency: null,
      }),
    );
    expect(capped).toMatchObject({
      capReached: true,
      sinkRoomReached: false,
      elementoLimitante: null,
      contingencia: null,
    });
    // Nothing in the network binds, yet the figure stays under the cap: the compensating
    // generation's room is what limits it, not the study's cap.
    const sinkRoom = toResultCard(
      item,
      busbarResult({
        capacityMw: 201,
        limitingBranch: null,
        limitingElement: null,
        contingencyBranch: null,
        contingency: null,
      }),
    );
    expect(sinkRoom).toMatchObject({ capReached: false, sinkRoomReached: true });
  });
  it('splits the case name even when the study’s scenario field says otherwise', () => {
    const card = toResultCard(studyCase('alta', 2027, [], { name: 'Alta_2031' }), busbarResult());
    expect(card).toMatchObject({ scenario: 'Alta', anio: 2031 });
  });
});

const cases = [
  studyCase('alta', 2027, [
    busbarResult({ bus: 20, name: 'B', caseId: 'a-20' }),
    busbarResult({ bus: 3, name: 'A', caseId: 'a-3', capacityMw: 100 }),
  ]),
  studyCase('alta', 2028, [busbarResult({ bus: 20, name: 'B', caseId: 'a28-20', capacityMw: 5 })]),
  studyCase('baja', 2027, [
    busbarResult({ bus: 20, name: 'B', caseId: 'b-20', capacityMw: 700 }),
    busbarResult({ bus: 3, name: 'A', caseId: 'b-3', capacityMw: 50 }),
  ]),
];

describe('families of a study (docs/product.md §3: one per busbar)', () => {
  it('groups the busbars of every case, counts their cases and sorts by bus number', () => {
    expect(studyFamilies(cases)).toEqual([
      {
        familyId: '3',
        familyName: 'A',
        caseCount: 2,
        cases: [
          { caseId: 'a-3', caseName: 'alta_2027' },
          { caseId: 'b-3', caseName: 'baja_2027' },
        ],
      },
      {
        familyId: '20',
        familyName: 'B',
        caseCount: 3,
        cases: [
          { caseId: 'a-20', caseName: 'alta_2027' },
          { caseId: 'a28-20', caseName: 'alta_2028' },
          { caseId: 'b-20', caseName: 'baja_2027' },
        ],
      },
    ]);
  });

  it('makes the cards of every busbar (families’ order, then the study’s cases) or of one', () => {
    expect(studyCards(cases).map((card) => card.id)).toEqual([
      'a-3',
      'b-3',
      'a-20',
      'a28-20',
      'b-20',
    ]);
    expect(studyCards(cases, '20').map((card) => card.id)).toEqual(['a-20', 'a28-20', 'b-20']);
    expect(studyCards(cases, '99')).toEqual([]);
  });

  it('sums up the study as the stats strip does (decision 004)', () => {
    expect(studyStats({ cases })).toEqual({
      // Each busbar's largest capacity: 100 (A) + 700 (B).
      totalCapacityMw: 800,
      projectionYears: 2,
      busbarsEvaluated: 2,
      // Each scenario × year case's contingencies once.
      contingenciesAnalysed: 3 * 3206,
      scenariosAnalysed: 5,
    });
    expect(studyStats({ cases: [] })).toEqual({
      totalCapacityMw: 0,
      projectionYears: 0,
      busbarsEvaluated: 0,
      contingenciesAnalysed: 0,
      scenariosAnalysed: 0,
    });
  });
});

describe('chart series', () => {
  it('makes one line per scenario over the sorted years, with gaps as null', () => {
    expect(chartSeries(studyCards(cases, '20'))).toEqual({
      years: [2027, 2028],
      series: [
        {
          scenario: 'alta',
          points: [
            { year: 2027, mw: 412.36 },
            { year: 2028, mw: 5 },
          ],
        },
        {
          scenario: 'baja',
          points: [
            { year: 2027, mw: 700 },
            { year: 2028, mw: null },
          ],
        },
      ],
    });
  });
});
