import { FULL_NETWORK_OVERLOAD, fullDataJsonSchema, type LegacyConstraint } from './full-data-json';

export type ServiceStatus = 'Activo' | 'Apagado';

/** Spec §3 generator view. */
export interface LegacyGeneratorView {
  name: string;
  potenciaInicial: number | null;
  capacidadMaximaMW: number | null;
  unidadesEnParalelo: number | null;
  sensibilidad: number;
  despachoSobrecarga: number | null;
  despachoInicioSobrecarga: number | null;
  despachoMaximaSobrecarga: number | null;
  servicioSobrecarga: ServiceStatus | null;
  servicioMaximaSobrecarga: ServiceStatus | null;
}

export interface LegacyElementFlow {
  initialFlowMw: number | null;
  maxCapacity: number | null;
  emergencyCapacity: number | null;
}

export interface LegacyConstraintView {
  monitored: string;
  /** The contingency element, or 'SOBRECARGA RED COMPLETA' when there is none. */
  contingency: string;
  hasContingency: boolean;
  ranking: number | null;
  /** The monitored element's two ends, split on '-'; null shows as N/A. */
  busPair: { from: string; to: string } | null;
  generators: LegacyGeneratorView[];
  monitoredFlow: LegacyElementFlow | null;
  contingencyFlow: LegacyElementFlow | null;
  /** Emergency capacity when a real contingency exists, else maximum capacity (docs/product.md §5). */
  limit: number | null;
}

export interface LegacyLevelView {
  level: number;
  flexibility: number;
  constraints: LegacyConstraintView[];
}

export interface LegacyFlexibilityView {
  caseName: string;
  levels: LegacyLevelView[];
}

export type LegacyReadResult =
  | { ok: true; view: LegacyFlexibilityView }
  | { ok: false; error: 'Estructura inválida: falta caseResult[0]' };

/** Numbers may come as text with a comma decimal ("0,35"); anything else is not a number. */
export function parseLegacyNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string') return null;
  const text = value.trim().replace(',', '.');
  if (text === '') return null;
  const number = Number(text);
  return Number.isFinite(number) ? number : null;
}

/** Spec §5: generator names match case-insensitively after a leading 'G ' becomes 'g'. */
export function generatorKey(name: string): string {
  return name.trim().replace(/^G /i, 'g').toLowerCase();
}

/** Spec §5: element names match after removing a leading dash. */
export function elementKey(name: string): string {
  return name.trim().replace(/^-/, '');
}

export function busPairOf(element: string): { from: string; to: string } | null {
  const key = elementKey(element);
  // Holgura's own names since issue #29: «desde – hasta ckt c», each end «NOMBRE (número, kV)».
  const ends = key.split(' – ');
  if (ends.length === 2) {
    const from = ends[0]!.trim();
    const to = ends[1]!.replace(/\s+ckt\s+\S+$/, '').trim();
    return from && to ? { from, to } : null;
  }
  // The spec's rule for other files: split on '-'.
  const parts = key.split('-');
  const from = parts[0]?.trim();
  const to = parts.slice(1).join('-').trim();
  return from && to ? { from, to } : null;
}

const status = (value: unknown): ServiceStatus | null => {
  const number = parseLegacyNumber(value);
  return number === null ? null : number === 0 ? 'Activo' : 'Apagado';
};

function namedList(list: { name: string; values: unknown[] }[] | undefined, index: number) {
  return list?.[index]?.values ?? [];
}

/**
 * Reads a fullDataJSON with every data rule of docs/product.md §5: constraints without a monitored element
 * are ignored; ranking 0 is dropped for levels other than 0; constraints by ranking descending;
 * comma decimals; '?'-joined generator names; 'G ' prefix and leading-dash matching; bus pairs
 * split on '-'; the emergency-versus-maximum limit rule.
 */
export function readFullDataJson(raw: unknown): LegacyReadResult {
  const parsed = fullDataJsonSchema.safeParse(raw);
  const first = parsed.success ? parsed.data.caseResult[0] : undefined;
  if (first === undefined) return { ok: false, error: 'Estructura inválida: falta caseResult[0]' };

  const description = first.linealDescription?.[0];
  const elements = new Map<string, LegacyElementFlow>();
  const elementNames = namedList(description?.pes, 1);
  const elementValues = namedList(description?.sensitivities, 1);
  elementNames.forEach((name, i) => {
    if (typeof name !== 'string') return;
    const values = Array.isArray(elementValues[i]) ? (elementValues[i] as unknown[]) : [];
    elements.set(elementKey(name), {
      initialFlowMw: parseLegacyNumber(values[0]),
      maxCapacity: parseLegacyNumber(values[1]),
      emergencyCapacity: parseLegacyNumber(values[2]),
    });
  });
  const generators = new Map<
    string,
    { p0: number | null; pmax: number | null; units: number | null }
  >();
  const generatorNames = namedList(description?.pes, 2);
  const generatorValues = namedList(description?.sensitivities, 2);
  generatorNames.forEach((name, i) => {
    if (typeof name !== 'string') return;
    const values = Array.isArray(generatorValues[i]) ? (generatorValues[i] as unknown[]) : [];
    generators.set(generatorKey(name), {
      p0: parseLegacyNumber(values[0]),
      pmax: parseLegacyNumber(values[1]),
      units: parseLegacyNumber(values[2]),
    });
  });

  const levels = (first.layers ?? []).map((layer, position): LegacyLevelView => {
    const level = parseLegacyNumber(layer.level) ?? position + 1;
    const constraints = (layer.constraints ?? [])
      .map((constraint) => readConstraint(constraint, elements, generators))
      .filter((c): c is LegacyConstraintView => c !== null)
      .filter((c) => level === 0 || c.ranking !== 0)
      .sort((a, b) => (b.ranking ?? -Infinity) - (a.ranking ?? -Infinity));
    return { level, flexibility: parseLegacyNumber(layer.flexibility) ?? 0, constraints };
  });
  return { ok: true, view: { caseName: first.caseName ?? '', levels } };
}

function readConstraint(
  constraint: LegacyConstraint,
  elements: Map<string, LegacyElementFlow>,
  generators: Map<string, { p0: number | null; pmax: number | null; units: number | null }>,
): LegacyConstraintView | null {
  const monitored = constraint.monitored?.trim() ?? '';
  if (monitored === '') return null;
  const contingencyName = constraint.contingency?.trim() ?? '';
  const hasContingency = contingencyName !== '';

  const scenarios = new Map(
    (constraint.scenarios ?? []).flatMap((s) =>
      s.generatorName.split('?').map((name) => [generatorKey(name), s] as const),
    ),
  );
  const views: LegacyGeneratorView[] = [];
  for (const entry of constraint.model ?? []) {
    const sensitivity = parseLegacyNumber(entry.output);
    if (sensitivity === null) continue;
    for (const rawName of entry.generatorName.split('?')) {
      const name = rawName.trim();
      if (name === '') continue;
      const data = generators.get(generatorKey(name));
      const scenario = scenarios.get(generatorKey(name));
      const atLimit = parseLegacyNumber(scenario?.output);
      views.push({
        name,
        potenciaInicial: data?.p0 ?? null,
        capacidadMaximaMW: data?.pmax ?? null,
        unidadesEnParalelo: data?.units ?? null,
        sensibilidad: sensitivity,
        despachoSobrecarga: atLimit,
        despachoInicioSobrecarga: atLimit,
        despachoMaximaSobrecarga: parseLegacyNumber(scenario?.outputWorst),
        servicioSobrecarga: status(scenario?.status_output),
        servicioMaximaSobrecarga: status(scenario?.status_outputWorst),
      });
    }
  }

  const monitoredFlow = elements.get(elementKey(monitored)) ?? null;
  // docs/analysis.md §3: the emergency rating after a real contingency when it is given (non-zero),
  // else the maximum.
  const emergency = monitoredFlow?.emergencyCapacity ?? null;
  const limit = monitoredFlow
    ? hasContingency && emergency !== null && emergency !== 0
      ? emergency
      : monitoredFlow.maxCapacity
    : null;
  return {
    monitored,
    contingency: hasContingency ? contingencyName : FULL_NETWORK_OVERLOAD,
    hasContingency,
    ranking: parseLegacyNumber(constraint.ranking),
    busPair: busPairOf(monitored),
    generators: views,
    monitoredFlow,
    contingencyFlow: hasContingency ? (elements.get(elementKey(contingencyName)) ?? null) : null,
    limit,
  };
}
