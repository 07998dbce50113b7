/**
 * The rows of the 'Estudio' sheet: the study's general fields and options, one per row, with
 * the Spanish words for the options' values.
 */

export interface Choice {
  value: string;
  label: string;
}

export const RATING_CHOICES: readonly Choice[] = [
  { value: 'A', label: 'A' },
  { value: 'B', label: 'B' },
  { value: 'C', label: 'C' },
  { value: 'emergency', label: 'emergencia' },
];

export const PRE_EXISTING_CHOICES: readonly Choice[] = [
  { value: 'limit', label: 'limitar' },
  { value: 'ignore', label: 'ignorar' },
];

export type StudyFieldKey =
  | 'name'
  | 'description'
  | 'networkLabel'
  | 'tmaxMw'
  | 'postContingencyRating'
  | 'distributionFactorCutoff'
  | 'preExistingViolations'
  | 'baseCase';

export interface StudyFieldDef {
  key: StudyFieldKey;
  label: string;
  kind: 'text' | 'number' | 'choice';
  choices?: readonly Choice[];
  path: readonly string[];
  /** What the instructions sheet says about it. */
  help: string;
}

/** The rows of 'Estudio', in order. */
export const STUDY_FIELDS: readonly StudyFieldDef[] = [
  { key: 'name', label: 'Nombre', kind: 'text', path: ['name'], help: 'Obligatorio.' },
  {
    key: 'description',
    label: 'Descripción',
    kind: 'text',
    path: ['description'],
    help: 'Opcional: qué estudia y con qué supuestos.',
  },
  {
    key: 'networkLabel',
    label: 'Red (descripción)',
    kind: 'text',
    path: ['networkLabel'],
    help: 'Obligatorio: se muestra con los resultados (p. ej., si la red es sintética).',
  },
  {
    key: 'tmaxMw',
    label: 'Tope de capacidad (MW)',
    kind: 'number',
    path: ['options', 'tmaxMw'],
    help: 'La capacidad de conexión de una barra no se busca más allá de este valor. Vacío = 2000.',
  },
  {
    key: 'postContingencyRating',
    label: 'Capacidad poscontingencia (A, B, C o emergencia)',
    kind: 'choice',
    choices: RATING_CHOICES,
    path: ['options', 'postContingencyRating'],
    help: 'Capacidad de las ramas después de una contingencia. Vacío = emergencia.',
  },
  {
    key: 'distributionFactorCutoff',
    label: 'Corte del factor de distribución',
    kind: 'number',
    path: ['options', 'distributionFactorCutoff'],
    help: 'Entre 0 y 1: una restricción cuyo factor de distribución es menor no limita la conexión (sigue en el análisis N-1). Vacío = 0,01.',
  },
  {
    key: 'preExistingViolations',
    label: 'Violaciones existentes (limitar o ignorar)',
    kind: 'choice',
    choices: PRE_EXISTING_CHOICES,
    path: ['options', 'preExistingViolations'],
    help: 'limitar: una violación que la red ya tiene y la unidad nueva empeora da capacidad 0; ignorar: se informa sin limitar la conexión. Vacío = limitar.',
  },
  {
    key: 'baseCase',
    label: 'Archivo del caso base (opcional)',
    kind: 'text',
    path: ['baseCase'],
    help: 'Solo para la línea de comandos: en Holgura el caso base se sube aparte.',
  },
];
