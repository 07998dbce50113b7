import type { BusbarCapacity, CaseSummary } from '@holgura/contracts';
import { busbarCapacitySchema } from '@holgura/contracts';
import { describe, expect, it } from 'vitest';
import { chartSeries, deriveFamilies, scenarioAndYear, toResultCard } from './model';

const summary = (over: Partial<CaseSummary>): CaseSummary => ({
  caseId: 'c',
  caseName: 'alta_2027',
  caseDescription: null,
  process: null,
  familyId: null,
  familyName: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  isDemo: true,
  ...over,
});

export const capacity = (over: Partial<BusbarCapacity> = {}): BusbarCapacity =>
  busbarCapacitySchema.parse({
    busNumber: 1001,
    busName: 'ODESSA 2 0',
    scenario: 'alta',
    year: 2027,
    condition: 'Demanda alta en el área Norte',
    capacityMw: 412.345,
    tmaxMw: 2000,
    limiting: {
      monitoredBranch: 3,
      monitoredName: 'A-B',
      contingencyBranch: null,
      contingencyName: null,
      transferAtLimitMw: 412.345,
      distributionFactor: 0.4,
      limitMw: 300,
      preExistingViolation: false,
    },
    topConstraints: [],
    projectsInService: ['Segundo circuito A-B'],
    interchanges: [{ name: 'Exportación a Ecuador', busNumber: 7, mw: 150 }],
    networkLabel: 'ACTIVSg2000 (sintética)',
    ...over,
  });

describe('card rules (spec §5)', () => {
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
    const card = toResultCard(summary({ familyId: '1001' }), capacity(), 2030);
    expect(card).toMatchObject({
      barra: 'ODESSA 2 0',
      capacidad: 412.345,
      elementoLimitante: 'A-B',
      contingencia: 'SOBRECARGA RED COMPLETA',
      scenario: 'alta',
      anio: 2027,
      condicion: 'Demanda alta en el área Norte',
      capReached: false,
    });
    const capped = toResultCard(summary({}), capacity({ limiting: null, capacityMw: 2000 }));
    expect(capped).toMatchObject({ capReached: true, elementoLimitante: null, contingencia: null });
  });
});

describe('family derivation (spec §3)', () => {
  it('groups by familyId, counts cases, sorts by id and excludes cases without family', () => {
    const families = deriveFamilies([
      summary({ caseId: 'a', familyId: '20', familyName: 'B', caseName: 'alta_2027' }),
      summary({ caseId: 'b', familyId: '3', familyName: 'A', caseName: 'alta_2027' }),
      summary({ caseId: 'c', familyId: '20', familyName: 'B', caseName: 'baja_2027' }),
      summary({ caseId: 'd', familyId: null }),
      summary({ caseId: 'e', familyId: '' }),
    ]);
    expect(families).toEqual([
      {
        familyId: '3',
        familyName: 'A',
        caseCount: 1,
        cases: [{ caseId: 'b', caseName: 'alta_2027' }],
      },
      {
        familyId: '20',
        familyName: 'B',
        caseCount: 2,
        cases: [
          { caseId: 'a', caseName: 'alta_2027' },
          { caseId: 'c', caseName: 'baja_2027' },
        ],
      },
    ]);
  });
});

describe('chart series', () => {
  it('makes one line per scenario over the sorted years, with gaps as null', () => {
    const cards = [
      toResultCard(summary({ caseId: '1', caseName: 'alta_2028' }), capacity({ capacityMw: 10 })),
      toResultCard(summary({ caseId: '2', caseName: 'alta_2027' }), capacity({ capacityMw: 5 })),
      toResultCard(summary({ caseId: '3', caseName: 'baja_2027' }), capacity({ capacityMw: 7 })),
    ];
    expect(chartSeries(cards)).toEqual({
      years: [2027, 2028],
      series: [
        {
          scenario: 'alta',
          points: [
            { year: 2027, mw: 5 },
            { year: 2028, mw: 10 },
          ],
        },
        {
          scenario: 'baja',
          points: [
            { year: 2027, mw: 7 },
            { year: 2028, mw: null },
          ],
        },
      ],
    });
  });
});
