/** The Spanish frame of /documentacion; the guide's own text is in features/docs/content. */
export const esDocs = {
  title: 'Documentación',
  pageTitle: 'Documentación · Holgura',
  intro:
    'Guía de uso de Holgura: cómo preparar y subir un caso, qué significa cada cifra de Análisis y Resultados, cómo preparar y calcular un estudio (en el formulario, en Excel o en JSON), cómo repartir la capacidad entre muchas solicitudes en una ventana de asignación y los límites conocidos.',
  tocTitle: 'Contenido',
  tocLabel: 'Tabla de contenido',
  backToContents: 'Volver al contenido',
  formula: 'Fórmula',
  apiNote: 'Para integrar Holgura con otros sistemas, consulta la',
  apiLink: 'referencia de la API',
} as const;
