/** Spreadsheet downloads on /analisis and /resultados (issue #9). */
export const esExport = {
  excel: 'Descargar Excel',
  csv: 'Descargar CSV',
  busy: 'Descargando...',
  groupLabel: (table: string) => `Descargar ${table}`,
  failed: (reason: string | null) =>
    reason === null
      ? 'No se pudo descargar el archivo.'
      : `No se pudo descargar el archivo. ${reason}`,
  tables: {
    constraints: (level: number) => `las restricciones del nivel ${level}`,
    generators: (level: number) =>
      `los generadores de la restricción seleccionada (nivel ${level})`,
    busbarCapacities: (busbar: string | null) =>
      busbar === null
        ? 'la capacidad de conexión de todas las barras'
        : `la capacidad de conexión de la barra ${busbar}`,
  },
} as const;
