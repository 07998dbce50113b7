import { describe, expect, it } from 'vitest';
import { describeStudyErrors, studyFileSchema, type StudyFileInput } from './study';

const valid: StudyFileInput = {
  name: 'Estudio de conexión',
  networkLabel: 'Red sintética pública ACTIVSg2000 (Texas A&M), no es la red colombiana',
  years: [2026, 2027],
  areas: [
    { id: 1, name: 'Norte' },
    { id: 2, name: 'Sur' },
  ],
  growth: { Norte: 0.03 },
  scenarios: [
    {
      name: 'alta',
      condition: 'Demanda alta en el Norte y baja en el Sur',
      demandMultipliers: { Norte: 1.1, Sur: 0.9 },
      interchanges: [
        { name: 'Exportación a Ecuador', bus: 1001, mw: -150 },
        { name: 'Importación desde Venezuela', bus: 2002, mw: 50 },
      ],
    },
  ],
  projects: [
    {
      name: 'Línea nueva',
      inServiceYear: 2027,
      branches: [{ fromBus: 1, toBus: 2, xPu: 0.05, rateAMva: 400 }],
    },
  ],
  busbars: [1, 2, 3],
};

describe('studyFileSchema', () => {
  it('accepts a complete study and fills the defaults', () => {
    const study = studyFileSchema.parse(valid);
    expect(study.options).toEqual({
      tmaxMw: 2000,
      postContingencyRating: 'emergency',
      distributionFactorCutoff: 0.01,
      // The attributable figure first, as in /analisis (issue #25).
      preExistingViolations: 'ignore',
      slack: 'distributed',
    });
    expect(study.projects[0]!.branches[0]).toMatchObject({ circuit: '1', rPu: 0, bPu: 0 });
  });

  it('names each bad field in Spanish', () => {
    const result = studyFileSchema.safeParse({
      ...valid,
      years: [2027, 2026],
      scenarios: [
        { ...valid.scenarios[0]!, name: 'alta_demanda' },
        { ...valid.scenarios[0]!, demandMultipliers: { Oriente: 1.2 } },
      ],
      busbars: [1, 1],
    });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(describeStudyErrors(result.error)).toEqual(
      expect.arrayContaining([
        'scenarios.0.name: El nombre del escenario no puede tener guiones bajos ni espacios',
        'years: Los años deben ir en orden creciente y sin repetirse',
        'scenarios.1.demandMultipliers.Oriente: El área "Oriente" no está en areas',
        'busbars: Hay barras repetidas',
      ]),
    );
  });

  it('refuses a zero-reactance project branch and a missing scenario list', () => {
    const result = studyFileSchema.safeParse({
      ...valid,
      scenarios: [],
      projects: [
        {
          name: 'X',
          inServiceYear: 2027,
          branches: [{ fromBus: 1, toBus: 2, xPu: 0, rateAMva: 1 }],
        },
      ],
    });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(describeStudyErrors(result.error)).toEqual(
      expect.arrayContaining([
        'scenarios: Indica al menos un escenario',
        'projects.0.branches.0.xPu: La reactancia no puede ser cero',
      ]),
    );
  });
});
