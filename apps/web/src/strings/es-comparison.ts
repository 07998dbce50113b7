import type { ComparisonSetting } from '@holgura/contracts';

const settingWords: Record<ComparisonSetting, string> = {
  capMw: 'el tope por barra',
  postContingencyRating: 'la capacidad poscontingencia',
  distributionFactorCutoff: 'el umbral del factor de distribución',
  sink: 'la generación que compensa',
  slack: 'quién toma el desbalance del caso',
};

/** «Comparar»: two cases' busbar capacities side by side (issue #29). */
export const esComparison = {
  title: 'Comparar dos casos',
  studyIntro:
    'La capacidad N-1 de cada barra de la red en dos escenarios o años del estudio, emparejada por número de barra: las barras que más cambiaron y las restricciones que aparecen o desaparecen.',
  casesIntro:
    'La capacidad N-1 de cada barra de este caso junto a la de otro de tus casos analizados (la misma red antes y después de un proyecto, dos temporadas), emparejada por número de barra.',
  baseLabel: 'Caso A (referencia)',
  otherLabel: 'Caso B (comparado)',
  swap: 'Intercambiar A y B',
  compare: 'Comparar',
  figureLabel: 'Cifra comparada',
  attributable: 'Atribuible',
  strict: 'Estricta',
  sameCase: 'Elige dos casos distintos para compararlos.',
  singleCase: 'El estudio tiene un solo caso con resultados: no hay otro con qué compararlo.',
  loading: 'Comparando la capacidad de cada barra...',
  error: (message: string) => `No se pudo comparar los casos: ${message}`,
  retry: 'Intentar de nuevo',
  waiting: (names: string) =>
    `La capacidad por barra de ${names} aún se está calculando: la comparación aparece al terminar.`,
  failed: (name: string) =>
    `La capacidad por barra de ${name} no se pudo calcular: no hay nada que comparar.`,
  summaryLabel: 'Resumen de la comparación',
  common: 'Barras con cifra en ambos casos',
  increased: 'Suben',
  decreased: 'Bajan',
  unchanged: 'Sin cambio (±0,05 MW)',
  onlyOne: (base: string, other: string) =>
    `Con cifra en un solo caso: ${base} solo en A, ${other} solo en B (fuera de la isla de transferencia o ausentes del otro caso).`,
  settingsDiffer: (settings: readonly ComparisonSetting[]) =>
    `Los dos casos se calcularon con opciones distintas (${settings.map((s) => settingWords[s]).join(', ')}): cada diferencia mezcla el cambio de la red con el de las opciones.`,
  noChanges: 'Ninguna barra cambió su capacidad entre los dos casos.',
  changesTitle: 'Barras cuya capacidad más cambió',
  changesCaption: (shown: string, total: string) =>
    `Se muestran ${shown} de ${total} barras con cambios, de mayor a menor cambio.`,
  showMore: 'Mostrar más barras',
  columnBus: 'Barra',
  columnArea: 'Área',
  columnBase: 'A (MW)',
  columnOther: 'B (MW)',
  columnDelta: 'Diferencia (MW)',
  columnBaseLimiting: 'Limita en A',
  columnOtherLimiting: 'Limita en B',
  up: 'sube',
  down: 'baja',
  noFigure: 'sin cifra',
  notLimited: 'ninguna restricción (tope)',
  appearedTitle: 'Restricciones que aparecen en B',
  vanishedTitle: 'Restricciones que desaparecen en B',
  listedOf: (listed: string) => `Se listan las ${listed} que limitan más barras.`,
  showAllConstraints: (count: string) => `Mostrar las ${count}`,
  noneAppeared: 'Ninguna: cada restricción que limita en B ya limitaba en A.',
  noneVanished: 'Ninguna: cada restricción que limitaba en A sigue limitando en B.',
  constraintBuses: (buses: string) => (buses === '1' ? 'limita 1 barra' : `limita ${buses} barras`),
  constraintDelta: (mw: string) => `${mw} MW en esas barras`,
  constraintExample: (bus: string) => `la de mayor cambio: ${bus}`,
  computedWith: (name: string, date: string) => `${name}: calculado el ${date}`,
} as const;
