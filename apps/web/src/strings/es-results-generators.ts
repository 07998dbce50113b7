/**
 * /resultados generator sensitivity chart (es-CO). Its own file, read only by the results
 * route's chunk: these strings stay out of the landing page's bundle.
 */
export const esResultsGenerators = {
  heading: 'Sensibilidad de los generadores',
  forCase: (bus: string, caseName: string) => `Barra ${bus}, caso ${caseName}`,
  select: 'Ver generadores',
  selectLabel: (bus: string, caseName: string) =>
    `Ver la sensibilidad de los generadores de la barra ${bus} en el caso ${caseName}`,
  loading: 'Cargando las sensibilidades de los generadores...',
  loadFailed: (message: string) =>
    `No se pudieron cargar las sensibilidades de los generadores de este caso: ${message}`,
  missing: 'Este caso no tiene guardado su resultado de capacidad.',
  pickCase:
    'Selecciona un caso («Ver generadores») para ver qué generadores mueven su restricción limitante.',
  constraint: (monitored: string, contingency: string) =>
    `Restricción limitante: ${monitored} ante ${contingency}`,
  capBinds:
    'En este caso ninguna restricción limita la conexión: se alcanza el tope del estudio, así que mover generadores no cambia la capacidad.',
  noData:
    'Este resultado no incluye las sensibilidades de los generadores (se calculó con una versión anterior).',
  none: 'Ningún generador tiene una sensibilidad mayor que 0,01 (1 %) sobre la restricción limitante.',
  sortCapacity: 'Capacidad máxima',
  listLabel: 'Generadores con sensibilidad sobre la restricción limitante',
  hint: 'Arrastra el marcador de un generador (o enfócalo y usa las flechas; Inicio y Fin llevan a 0 y al máximo) para fijar su despacho.',
  mw: (value: string) => `${value} MW`,
  initial: 'Potencia inicial',
  adjusted: 'Despacho ajustado',
  atLimit: 'Despacho de sobrecarga',
  atLimitNone: 'no la alcanza en su rango',
  pMax: 'Capacidad máxima',
  legendDispatch: 'Despacho',
  legendAdjusted: 'Despacho ajustado',
  legendMax: 'Capacidad máxima',
  legendAtLimit: 'Despacho de sobrecarga',
  flow: (capacity: string) => `Flujo en el elemento limitante con ${capacity} MW nuevos`,
  limit: (mw: string) => `límite ±${mw} MW`,
  recalculated: 'Capacidad recalculada',
  original: 'Capacidad del caso',
  linearNote:
    'Estimación lineal (modelo DC) sobre la restricción limitante únicamente: otra restricción puede limitar antes, y el resto del despacho se reparte como en el cálculo del caso.',
  reset: 'Restablecer',
  changed: (count: number) =>
    `${count} ${count === 1 ? 'generador ajustado' : 'generadores ajustados'}`,
};
