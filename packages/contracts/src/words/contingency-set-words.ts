import type { ContingencyCounts } from '../api/contingency-sets';
import type { StudyContingencySet } from '../api/studies';

/**
 * What a planner reads about a contingency definitions file (issue #30): why a line names
 * nothing in the case — and what to do — by the engine's code (contingency-set.ts), and how a
 * contingency of several elements is named.
 */
export const unresolvedContingencyWords: Record<string, string> = {
  CHANGE_NOT_OUTAGE:
    'cambia un valor sin sacar de servicio ningún elemento; Holgura solo lee salidas (estado 0). Quita la fila o cámbiala por una salida.',
  TABLE_NOT_SUPPORTED:
    'se refiere a una tabla que las contingencias no usan (barras, áreas, cargas, costos…). Quita la fila.',
  ELEMENT_NOT_IN_CASE:
    'nombra una rama o una unidad que el caso no tiene. Revisa las barras, el circuito o el número de fila.',
  ELEMENT_AMBIGUOUS:
    'dos ramas o unidades del caso responden a ese nombre. Indica el circuito o el identificador de la unidad.',
  BUS_NOT_IN_CASE: 'nombra una barra que el caso no tiene. Revisa el número de barra.',
  SUBSYSTEM_UNKNOWN:
    'nombra un subsistema, y la web aún no lee archivos de subsistemas (.sub). Escribe esas contingencias con OPEN BRANCH o REMOVE MACHINE.',
  KEYWORD_UNKNOWN: 'no empieza con una instrucción del formato. Revisa la ortografía.',
  KEYWORD_NOT_SUPPORTED:
    'es una instrucción del formato que Holgura no lee todavía. Escribe la contingencia con OPEN BRANCH o REMOVE MACHINE.',
  DUPLICATE_LABEL:
    'repite el nombre de una contingencia anterior. Dale otro nombre o quita la repetida.',
  EXPANSION_TOO_LARGE:
    'la regla automática da más contingencias que el máximo admitido. Limítala a un subsistema más pequeño.',
  BLOCK_DROPPED:
    'su contingencia queda fuera entera porque otra de sus líneas no se resolvió o el bloque no se cierra con END.',
  SYNTAX: 'no se puede leer como una fila de números o una instrucción. Revisa su escritura.',
};

/** «Línea 12: …» with the engine's reason for a code it has no words for yet. */
export function unresolvedLineMessage(code: string, fallback: string): string {
  return unresolvedContingencyWords[code] ?? fallback;
}

const contingencySetFormatName = {
  contab: 'tabla de cambios de MATPOWER',
  'psse-con': 'archivo .con de PSS/E',
  rules: 'reglas',
} as const satisfies Record<StudyContingencySet['format'], string>;

export const contingencySetWords = {
  /** A lost unit, as a contingency's element. */
  unit: (row: number, bus: string) => `unidad ${row} en ${bus}`,
  /** A .mon's interface as the limiting element of a figure. */
  interface: (name: string) => `Interfaz «${name}»`,
  /** Elements of one contingency, joined. */
  join: ' + ',
  /** A contingency of the planner's file: its label, then its elements. */
  named: (label: string, elements: string) => `Contingencia ${label}: ${elements}`,
  everyBranch: 'Todas las ramas en servicio, una a la vez (N-1)',
  /** The default inside a sentence: «Contingencias: cada rama en servicio, una a la vez». */
  everyBranchInline: 'cada rama en servicio, una a la vez',
  /** A set's format inside a sentence: ««plan.m» (tabla de cambios de MATPOWER)». */
  formatName: contingencySetFormatName,
  /**
   * A set named in a sentence (issue #30): ««plan.con» (archivo .con de PSS/E) con «plan.sub» y
   * «plan.mon»», or «reglas (cada rama de 230 kV o más)» — a set by rule is named by its rules.
   */
  setName: (set: Omit<StudyContingencySet, 'counts'>) => {
    if (set.format === 'rules') {
      return `reglas (${set.fileName.replace(/^Reglas: /, '')})`;
    }
    const quoted = [set.subsystemsFileName, set.monitoredFileName]
      .filter((name) => name !== null)
      .map((name) => `«${name}»`);
    const companions = quoted.length === 0 ? '' : ` con ${quoted.join(' y ')}`;
    return `«${set.fileName}» (${contingencySetFormatName[set.format]})${companions}`;
  },
  /**
   * A set's contingencies by kind, the kinds it has none of left out, each number written by
   * `number` (the screen's es-CO format): «3.190 de una rama, 544 de unidades».
   */
  kinds: (counts: ContingencyCounts, number: (value: number) => string) =>
    [
      counts.branch > 0 ? `${number(counts.branch)} de una rama` : null,
      counts.multiBranch > 0 ? `${number(counts.multiBranch)} de varias ramas` : null,
      counts.generator > 0 ? `${number(counts.generator)} de unidades` : null,
      counts.mixed > 0
        ? `${number(counts.mixed)} ${counts.mixed === 1 ? 'mixta' : 'mixtas'}`
        : null,
    ]
      .filter((part) => part !== null)
      .join(', '),
  /** Rules in words: the set's name when it is by rule. */
  rules: (rules: {
    singleBranches: boolean;
    parallelCircuits: boolean;
    units: boolean;
    minKv?: number | undefined;
    areas?: readonly number[] | undefined;
    zones?: readonly number[] | undefined;
  }) => {
    const what = [
      rules.singleBranches ? 'cada rama' : null,
      rules.parallelCircuits ? 'los circuitos paralelos juntos' : null,
      rules.units ? 'cada unidad' : null,
    ].filter((part) => part !== null);
    const where = [
      rules.minKv === undefined ? null : `de ${String(rules.minKv).replace('.', ',')} kV o más`,
      rules.areas === undefined ? null : `en las áreas ${rules.areas.join(', ')}`,
      rules.zones === undefined ? null : `en las zonas ${rules.zones.join(', ')}`,
    ].filter((part) => part !== null);
    const list = (parts: string[]) =>
      parts.length <= 1 ? parts.join('') : `${parts.slice(0, -1).join(', ')} y ${parts.at(-1)}`;
    return `Reglas: ${list(what)}${where.length === 0 ? '' : ` ${where.join(', ')}`}`;
  },
};
