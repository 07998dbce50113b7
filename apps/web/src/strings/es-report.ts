/**
 * A report (issue #29): the PDF and the Excel workbook offered with a finished study, and with an
 * analysed case in /analisis.
 */
export const esReport = {
  pdf: 'Descargar informe (PDF)',
  excel: 'Descargar informe (Excel)',
  busy: {
    pdf: 'Generando informe (PDF)...',
    xlsx: 'Generando informe (Excel)...',
  },
  /** The buttons' group, read before them. */
  groupLabel: (study: string | null) =>
    study === null ? 'Informe del estudio' : `Informe de ${study}`,
  /** Said of both buttons (their description): what the report holds. */
  hint: 'Entradas, opciones, capacidades con su elemento limitante y contingencia, gráficos, mapa y método, en español y con la fecha de hoy.',
  failed: (reason: string | null) =>
    reason === null
      ? 'No se pudo descargar el informe.'
      : `No se pudo descargar el informe. ${reason}`,
  /** Used when the server names no file. */
  fallbackName: (format: 'pdf' | 'xlsx') => `informe-estudio.${format}`,
  /** An uploaded, analysed case's report (/analisis). */
  case: {
    groupLabel: (caseName: string) => `Informe del caso ${caseName}`,
    hint: 'El archivo, las opciones, el análisis N-1, la flexibilidad, la capacidad de cada barra con su elemento limitante y contingencia, y el método, en español y con la fecha de hoy.',
    fallbackName: (format: 'pdf' | 'xlsx') => `informe-caso.${format}`,
  },
} as const;
