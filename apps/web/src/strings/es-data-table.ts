/** The shared data table's paging footer and refresh button (es-CO), the same on every screen. */
export const esDataTable = {
  pageSize: 'Filas por página',
  previous: 'Anterior',
  next: 'Siguiente',
  page: (page: number, pages: number) => `Página ${page} de ${pages}`,
  refresh: 'Actualizar',
  refreshThrottled: 'Espera unos segundos para volver a actualizar',
} as const;
