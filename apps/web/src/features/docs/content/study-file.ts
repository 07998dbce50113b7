import type { DocSection } from './types';

/** Abridged from demo/estudio-demo.json (one scenario, one project of each kind). */
const example = `{
  "name": "Estudio de demostración: capacidad de conexión 2026–2031",
  "networkLabel": "Red sintética pública ACTIVSg2000 (Texas A&M University) …",
  "baseCase": "networks/case_ACTIVSg2000.m.xz",
  "years": [2026, 2027, 2028, 2029, 2030, 2031],
  "areas": [{ "id": 5, "name": "Área 5" }, { "id": 7, "name": "Área 7" }],
  "growth": { "Área 5": 0.015, "Área 7": 0.015 },
  "scenarios": [
    {
      "name": "alta",
      "condition": "Demanda alta en el Área 5 y baja en el Área 7",
      "demandMultipliers": { "Área 5": 1.04, "Área 7": 0.96 },
      "interchanges": [
        { "name": "Exportación a Ecuador (ilustrativa)", "bus": 8126, "mw": -150 },
        { "name": "Importación desde Venezuela (ilustrativa)", "bus": 2011, "mw": 50 }
      ]
    }
  ],
  "projects": [
    {
      "name": "Segundo circuito Paris 2 – Savoy 500 kV",
      "inServiceYear": 2027,
      "branches": [
        { "fromBus": 2021, "toBus": 2002, "circuit": "2", "rPu": 0.00097,
          "xPu": 0.01175, "bPu": 0.78032, "rateAMva": 2295, "rateBMva": 2295 }
      ]
    },
    {
      "name": "Planta solar Oilton 300 MW",
      "inServiceYear": 2028,
      "units": [{ "bus": 4195, "pMaxMw": 300, "pMinMw": 0, "pMw": 150 }]
    }
  ],
  "busbars": [1079, 2002, 2011, 2021, 2096],
  "options": {
    "tmaxMw": 2000,
    "postContingencyRating": "emergency",
    "distributionFactorCutoff": 0.01,
    "preExistingViolations": "ignore"
  }
}`;

export const studyFileSection: DocSection = {
  id: 'archivo-de-estudio',
  title: 'El archivo de estudio',
  intro:
    'Un estudio de capacidad de conexión es una red base más un archivo JSON que describe años, áreas, escenarios, proyectos y barras. Holgura calcula así el estudio de demostración de Resultados (`demo/estudio-demo.json`) en su primer arranque, y `npx holgura study estudio.json` calcula cualquier estudio desde la terminal e imprime las capacidades de cada caso.',
  subsections: [
    {
      id: 'campos-del-estudio',
      title: 'Campos',
      blocks: [
        {
          kind: 'table',
          caption: 'Campos del archivo de estudio',
          head: ['Campo', 'Obligatorio', 'Qué contiene'],
          rows: [
            ['`name`', 'sí', 'Nombre del estudio (hasta 200 caracteres).'],
            ['`description`', 'no', 'Descripción libre (hasta 2000 caracteres).'],
            [
              '`networkLabel`',
              'sí',
              'Qué red es; se muestra con los resultados (una red sintética debe decirlo).',
            ],
            [
              '`baseCase`',
              'para la terminal',
              'Ruta del caso base (MATPOWER o PSS/E, plano o xz), relativa al archivo de estudio.',
            ],
            ['`years`', 'sí', 'Años del estudio, crecientes y sin repetir, entre 2000 y 2100.'],
            ['`areas`', 'no', 'Áreas del caso: `id` (número de área del archivo) y `name`.'],
            [
              '`growth`',
              'no',
              'Crecimiento anual de la demanda por nombre de área, como fracción (0.03 = 3 % al año, entre −0.5 y 0.5).',
            ],
            [
              '`scenarios`',
              'sí',
              'Al menos uno: `name` (sin espacios ni guiones bajos, porque forma el nombre `<escenario>_<año>`), `condition` (el texto de «Condición»), `demandMultipliers` (por nombre de área; 1 = como en el caso base) e `interchanges` (`name`, `bus`, `mw`: positivo importa, negativo exporta).',
            ],
            [
              '`projects`',
              'no',
              '`name`, `inServiceYear` y lo que agrega: `branches` (`fromBus`, `toBus`, `circuit`, `rPu`, `xPu` distinta de cero, `bPu`, `rateAMva`, `rateBMva`) y `units` (`bus`, `pMaxMw`, `pMinMw`, `pMw`).',
            ],
            ['`busbars`', 'sí', 'Números de las barras candidatas, sin repetir.'],
            [
              '`options.tmaxMw`',
              'no',
              'Tope del estudio en MW (2000 por defecto): la capacidad nunca lo supera.',
            ],
            [
              '`options.postContingencyRating`',
              'no',
              '`"emergency"` (por defecto: `RATE_B` si existe, si no `RATE_A`), o `"A"`, `"B"`, `"C"` para usar siempre esa capacidad después de la contingencia.',
            ],
            [
              '`options.distributionFactorCutoff`',
              'no',
              'Restricciones con |d(c)| menor que este valor no limitan (0.01 por defecto).',
            ],
            [
              '`options.preExistingViolations`',
              'no',
              '`"limit"` (por defecto: una violación previa que la conexión empeora da 0 MW) o `"ignore"` (se informa sin limitar).',
            ],
          ],
        },
        {
          kind: 'p',
          text: 'Los errores de validación nombran el campo, por ejemplo `scenarios.1.name: El nombre del escenario no puede tener guiones bajos ni espacios` o `growth.Área 9: El área "Área 9" no está en areas`.',
        },
      ],
    },
    {
      id: 'ejemplo-de-estudio',
      title: 'Ejemplo',
      blocks: [
        {
          kind: 'code',
          caption: 'Extracto del estudio de demostración (demo/estudio-demo.json)',
          code: example,
        },
      ],
    },
  ],
};
