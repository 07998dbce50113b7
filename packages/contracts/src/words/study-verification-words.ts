import type { StudyVerificationOptions } from '../api/study';
import type {
  StudyShortCircuitMachines,
  StudyShortCircuitStatus,
  StudyLimitingVariable,
} from '../result/study-verification.v1';
import { errorMessages } from '../errors';
import { sharedWords } from './shared-words';

/** es-CO numbers for the words below (a comma for decimals). */
const esNumber = (value: number, decimals: number) =>
  new Intl.NumberFormat('es-CO', { maximumFractionDigits: decimals }).format(value);

const units = (count: number) => (count === 1 ? '1 unidad' : `${esNumber(count, 0)} unidades`);

/**
 * Issue #31, a study's check of each busbar beyond DC thermal, in the words the screen, the
 * report (PDF and Excel) and the export all use: the settings, the columns, the limiting
 * variable and why a case has no short-circuit figure.
 */
export const studyVerificationWords = {
  /** «Variable limitante» of a study busbar: the AC variables in UPME's words, or the weak grid. */
  variables: {
    ...sharedWords.acVariables,
    'weak-grid': sharedWords.weakGrid,
  } satisfies Record<StudyLimitingVariable, string>,
  /** Where the cap or the sink's room sets the figure and nothing else is lower. */
  noVariable: 'ninguna (tope del estudio o margen de la compensación)',
  columns: {
    dc: 'Capacidad DC (MW)',
    ac: 'Capacidad AC (MW)',
    weakGrid: 'Red débil (MW)',
    capacity: 'Capacidad (MW)',
    variable: 'Variable limitante',
    acLimit: 'Límite AC (elemento y contingencia)',
    sccMin: 'Scc mínima N-1 (MVA)',
  },
  /** A figure not computed: the check was not asked, or the case has no short-circuit figure. */
  notChecked: 'Sin verificar',
  notAvailable: 'No disponible',
  /** The AC limit in words: «tensión en BARRA 5 tras LÍNEA 2-6». */
  acWhere: (variable: string, element: string | null, contingency: string | null) =>
    `${variable}${element === null ? '' : ` en ${element}`} ${contingency === null ? 'en la red completa' : `tras ${contingency}`}`,

  /** Why a case has no short-circuit figure (the engine's status), for the planner to act on. */
  shortCircuitReasons: {
    unavailable: errorMessages.SHORT_CIRCUIT_UNAVAILABLE,
    placeholder: errorMessages.SHORT_CIRCUIT_PLACEHOLDER,
  } satisfies Record<Exclude<StudyShortCircuitStatus, 'ok'>, string>,
  /** The same, short, for a result card (the case's conditions say it whole). */
  shortCircuitShort: {
    unavailable: 'el caso no trae datos de las máquinas y el estudio no da X″d',
    placeholder: 'las unidades traen el valor de relleno ZX = 1,0 y el estudio no da X″d',
  } satisfies Record<Exclude<StudyShortCircuitStatus, 'ok'>, string>,
  /** The units behind a case's short-circuit figure. */
  machines: (machines: StudyShortCircuitMachines, xdPu: number | null) => {
    const parts: string[] = [];
    if (machines.fromFile > 0) parts.push(`${units(machines.fromFile)} con datos del archivo`);
    if (machines.fromXd > 0) {
      parts.push(
        `${units(machines.fromXd)} con X″d = ${xdPu === null ? '—' : esNumber(xdPu, 4)} p.u.`,
      );
    }
    if (machines.without > 0)
      parts.push(`${units(machines.without)} sin datos (fuera del cálculo)`);
    if (machines.placeholder > 0 && machines.fromXd === 0) {
      parts.push(`${units(machines.placeholder)} con el valor de relleno ZX = 1,0`);
    }
    return parts.join(' · ');
  },

  /** The study's settings in one line: what its summary, results and report say. */
  settings: (verification: StudyVerificationOptions | undefined) => {
    if (verification === undefined || (!verification.ac && !verification.shortCircuit)) {
      return 'Solo DC térmico (sin verificación AC ni de cortocircuito)';
    }
    const parts: string[] = [];
    if (verification.ac) parts.push('verificación AC');
    if (verification.shortCircuit) {
      parts.push(
        `red débil con SCR mínimo ${esNumber(verification.scrMin, 2)}` +
          (verification.xdPu === undefined
            ? ' (sin X″d: solo las unidades con datos de máquina)'
            : ` y X″d = ${esNumber(verification.xdPu, 4)} p.u. para las unidades sin datos`),
      );
    }
    return `DC térmico más ${parts.join(' y ')}`;
  },
  /** The report's option rows (label and meaning); the value is `settings`-like. */
  options: {
    ac: 'Verificación AC',
    acMeaning:
      'Cada cifra DC se comprueba con flujos de carga AC con los límites de reactivos de las unidades, en N-0 y en al menos diez contingencias (las primeras del ranking DC y las ramas de la barra): se revisan la cargabilidad térmica (MVA), las tensiones, la potencia reactiva de las unidades de referencia y la convergencia. Si alguna falla, la cifra AC es la mayor inyección que las cumple.',
    shortCircuit: 'Cortocircuito (red débil)',
    shortCircuitMeaning:
      'La potencia de cortocircuito mínima N-1 de la barra (IEC 60909, c = 1,0) dividida por el SCR mínimo es lo más que puede conectarse una planta con inversores sin que la red sea débil. La capacidad es la menor entre la cifra DC o AC y esta.',
    scrMin: 'SCR mínimo',
    xdPu: 'X″d de las unidades sin datos (p.u. sobre MBASE)',
    xdMeaning:
      'Solo para las unidades sin datos de máquina: un caso MATPOWER no los trae, y una exportación RAW con ZX = 1,0 en todas las unidades trae valores de relleno. Sin X″d, esos casos no tienen cifra de cortocircuito.',
    on: 'Sí',
    off: 'No',
    noXd: 'Sin X″d',
  },
};
