/**
 * The stats strip's figures (landing and /resultados, decision 004): their names in the
 * singular and the plural, what each counts, and the state while the demo data is computed.
 */
export type StatsFigureKey =
  | 'totalCapacityMw'
  | 'projectionYears'
  | 'busbarsEvaluated'
  | 'contingenciesAnalysed'
  | 'scenariosAnalysed';

type FigureWords = {
  /** The name under the value: singular for 1, plural otherwise. */
  label: (count: number) => string;
  /** What the figure counts (decision 004), in a sentence. */
  definition: string;
};

const byCount = (one: string, many: string) => (count: number) => (count === 1 ? one : many);

export const esStats = {
  figures: {
    totalCapacityMw: {
      label: () => 'Capacidad total analizada',
      definition:
        'Suma, sobre las barras evaluadas, de la mayor capacidad de conexión de cada barra entre sus escenarios y años. Cada capacidad supone una sola conexión nueva: la cifra mide cuánta capacidad se estudió, no cuánta cabe a la vez.',
    },
    projectionYears: {
      label: byCount('Año de proyección', 'Años de proyección'),
      definition: 'Años distintos entre los casos de los estudios de capacidad de conexión.',
    },
    busbarsEvaluated: {
      label: byCount('Barra evaluada', 'Barras evaluadas'),
      definition:
        'Barras distintas (familias de casos) cuya capacidad de conexión se calculó en cada escenario y año.',
    },
    contingenciesAnalysed: {
      label: byCount('Contingencia analizada', 'Contingencias analizadas'),
      definition:
        'Contingencias N-1 evaluadas, sumadas sobre los casos analizados: cada caso escenario × año de un estudio cuenta una vez.',
    },
    scenariosAnalysed: {
      label: byCount('Escenario analizado', 'Escenarios analizados'),
      definition:
        'Casos escenario × año de los estudios de capacidad de conexión, cada uno con su análisis N-1.',
    },
  } satisfies Record<StatsFigureKey, FigureWords>,
  /** The info button beside each name. */
  definitionOf: (label: string) => `Qué cuenta «${label}»`,
  mwUnit: 'MW',
  computingTitle: 'Calculando las cifras del estudio de demostración...',
  computingBody:
    'El servidor calcula el estudio de demostración en su primer arranque (un par de minutos). Las cifras aparecen aquí cuando termina.',
} as const;
