/** The footer's words (es-CO): they load with the footer, after the first paint. */
export const esFooter = {
  description:
    'Plataforma de análisis de contingencias N-1, restricciones de generación y capacidad de conexión en barras para la red de transmisión de Colombia.',
  linksTitle: 'Enlaces rápidos',
  documentation: 'Documentación',
  apiReference: 'Referencia de la API',
  support: 'Soporte técnico',
  expansionPlan: 'Plan de Expansión',
  expansionPlanSource: 'UPME',
  apiReferenceHint: 'OpenAPI',
  contactTitle: 'Contacto',
  contactBody: 'Consultas técnicas sobre los modelos, los datos y el acceso a la plataforma.',
  location: 'Colombia',
  rights: 'Holgura',
} as const;
