/** The generator sensitivity chart's controls and markers (es-CO), on /analisis and /resultados. */
export const esGeneratorChart = {
  sortBy: 'Ordenar por',
  sortSensitivity: 'Sensibilidad',
  direction: 'Orden',
  desc: 'Descendente',
  asc: 'Ascendente',
  filter: 'Filtrar',
  filterAll: 'Todos',
  filterPositive: 'Sensibilidad positiva',
  filterNegative: 'Sensibilidad negativa',
  noneFiltered: 'Ningún generador cumple el filtro elegido.',
  sensitivity: 'Sensibilidad',
  markerLabel: (name: string) => `Despacho de ${name}`,
  mw: (value: string) => `${value} MW`,
  percent: (value: string) => `${value} %`,
} as const;
