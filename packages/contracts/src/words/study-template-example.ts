import type { StudyFileInput } from '../api/study';

/**
 * The study template's content, Spanish as the user reads it in the downloaded workbook: a small
 * valid study of the bundled demo network (demo/networks/case_ACTIVSg2000.m.xz), taken from
 * demo/estudio-demo.json. Its buses exist in that case — 2002 and 2021 in area 2, 5015 in area 5, 7002 in area 7, 8126 in area 8 — and the
 * project is the demo's first: a second circuit beside the existing 2021–2002 line.
 */
export const studyTemplateExample: StudyFileInput = {
  name: 'Estudio de ejemplo: capacidad de conexión 2026–2027',
  description:
    'Ejemplo de la plantilla: dos escenarios de demanda, dos años, un proyecto de transmisión y tres barras candidatas. Reemplázalo por tu estudio.',
  networkLabel:
    'Red sintética pública ACTIVSg2000 (Texas A&M University) con áreas, escenarios, intercambios y proyectos ilustrativos: no es la red colombiana',
  years: [2026, 2027],
  areas: [
    { id: 2, name: 'Área 2' },
    { id: 5, name: 'Área 5' },
    { id: 7, name: 'Área 7' },
  ],
  growth: { 'Área 2': 0.01, 'Área 5': 0.015, 'Área 7': 0.015 },
  scenarios: [
    {
      name: 'alta',
      condition: 'Demanda alta en el Área 5 y baja en el Área 7',
      demandMultipliers: { 'Área 5': 1.04, 'Área 7': 0.96 },
      interchanges: [{ name: 'Exportación a Ecuador (ilustrativa)', bus: 8126, mw: -150 }],
    },
    {
      name: 'baja',
      condition: 'Demanda baja en el Área 5 y alta en el Área 7',
      demandMultipliers: { 'Área 5': 0.96, 'Área 7': 1.03 },
      interchanges: [{ name: 'Exportación a Ecuador (ilustrativa)', bus: 8126, mw: -150 }],
    },
  ],
  projects: [
    {
      name: 'Segundo circuito Paris 2 – Savoy 500 kV',
      inServiceYear: 2027,
      branches: [
        {
          fromBus: 2021,
          toBus: 2002,
          circuit: '2',
          rPu: 0.00097,
          xPu: 0.01175,
          bPu: 0.78032,
          rateAMva: 2295,
          rateBMva: 2295,
        },
      ],
      units: [],
    },
  ],
  busbars: [2002, 5015, 7002],
  options: {
    tmaxMw: 2000,
    postContingencyRating: 'emergency',
    distributionFactorCutoff: 0.01,
    preExistingViolations: 'limit',
    verification: { ac: true, shortCircuit: true, scrMin: 3 },
  },
};
