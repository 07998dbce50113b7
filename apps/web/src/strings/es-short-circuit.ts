import { formatInteger, formatNumber } from '../utils/format';

/** «N cosa» / «N cosas», the number in es-CO. */
const counted = (count: number, one: string, many: string) =>
  `${formatInteger(count)} ${count === 1 ? one : many}`;

/** How many in-service units took their impedance from where (the response's `machines`). */
export type ShortCircuitMachines = {
  fromFile: number;
  fromXd: number;
  without: number;
  placeholder: number;
};

/**
 * «Potencia de cortocircuito» (issue #31): each bus's three-phase short-circuit power, IEC 60909
 * style — the maximum with c = 1,1 and the N-1 minimum with c = 1,0.
 */
export const esShortCircuit = {
  title: 'Potencia de cortocircuito',
  intro:
    'Cortocircuito trifásico al estilo IEC 60909 en cada barra: el máximo con c = 1,1 y el mínimo tras la salida de cada rama con c = 1,0, con la impedancia de las máquinas del archivo RAW.',
  compute: 'Calcular potencia de cortocircuito',
  computing: 'Calculando… en casos grandes tarda unos segundos',
  retry: 'Reintentar',
  unknownError: 'No se pudo calcular la potencia de cortocircuito.',
  /** The subtransient reactance of the units without data (a 422 asks for it). */
  xd: {
    label: 'Reactancia subtransitoria X″d (p.u. sobre MBASE)',
    hint: 'Se usa en las unidades sin datos de impedancia. Un valor típico es 0,2; con coma o punto decimal.',
    defaultText: '0,2',
    submit: 'Calcular con esta X″d',
    again: 'Calcular con otra X″d',
    notANumber: 'Escribe un número, por ejemplo 0,2.',
    outOfRange: 'La reactancia debe ser mayor que 0 y menor que 10.',
  },
  /** «N unidades con la impedancia del archivo · M con X″d = 0,2 · K sin datos (fuera del cálculo)». */
  machines: (machines: ShortCircuitMachines, xdPu: number | null): string => {
    const parts: string[] = [];
    if (machines.fromFile > 0) {
      const placeholder =
        machines.placeholder > 0
          ? `; ${formatInteger(machines.placeholder)} con el valor de relleno ZX = 1,0`
          : '';
      parts.push(
        `${counted(machines.fromFile, 'unidad', 'unidades')} con la impedancia del archivo${placeholder}`,
      );
    }
    if (machines.fromXd > 0) {
      const xd = xdPu === null ? '' : ` = ${formatNumber(xdPu, 4)}`;
      parts.push(
        `${machines.fromFile > 0 ? formatInteger(machines.fromXd) : counted(machines.fromXd, 'unidad', 'unidades')} con X″d${xd}`,
      );
    }
    if (machines.without > 0) {
      parts.push(
        `${parts.length > 0 ? formatInteger(machines.without) : counted(machines.without, 'unidad', 'unidades')} sin datos (fuera del cálculo)`,
      );
    }
    return parts.length === 0 ? 'Ninguna unidad en servicio' : parts.join(' · ');
  },
  note: 'Máximo con c = 1,1; mínimo con c = 1,0 tras la salida de cada rama que no aísla nada (la que lo da, a la derecha); 0 donde ninguna unidad llega.',
  seconds: (seconds: number) => `Calculado en ${formatNumber(seconds, 1)} s.`,
  caption: 'Potencia de cortocircuito por barra',
  columns: {
    bus: 'Barra',
    kv: 'kV',
    max: 'Scc máx (MVA)',
    min: 'Scc mín N-1 (MVA)',
    outage: 'Salida que la da',
    /** The weak-grid limit: an inverter plant's MW with SCR = Scc mín / P at its least. */
    weakGrid: (scrMin: number) => `MW por red débil (SCR ≥ ${formatNumber(scrMin, 1)})`,
    current: 'Icc máx (kA)',
  },
  baseCase: 'Caso base',
  noValue: '—',
  search: 'Buscar barra',
  searchHint:
    'Por número o nombre. Las barras van de la más débil (menor Scc mín) a la más fuerte.',
  noMatch: (query: string) => `Ninguna barra coincide con «${query}».`,
  noBuses: 'El caso no tiene barras que mostrar.',
  matches: (count: number) =>
    `${formatInteger(count)} ${count === 1 ? 'barra coincide' : 'barras coinciden'}`,
  pagination: 'Páginas de la tabla de cortocircuito',
  previous: 'Anterior',
  next: 'Siguiente',
  page: (page: number, pages: number) => `Página ${formatInteger(page)} de ${formatInteger(pages)}`,
};
