import type { Network } from '../model/network';
import { EngineError } from '../util/engine-error';
import type { HourlyProfiles } from './profiles';

/**
 * The output per MW installed, hour by hour, of the plant whose curtailment is asked
 * (docs/analysis.md §13.3): flat (1 every hour), the user's own values, or the average of the
 * case's profiled units of a technology — in the bus's area when it has some, else in the
 * whole case — always labelled with where it came from.
 */
export type PlantProfileSpec =
  | { readonly kind: 'flat' }
  | { readonly kind: 'values'; readonly values: ArrayLike<number>; readonly label: string }
  | { readonly kind: 'technology'; readonly fuel: string };

export interface PlantProfile {
  /** Per hour, output per MW installed, 0–1. */
  readonly values: Float64Array;
  /** How it was made, in English, for results ('flat', 'file …', 'solar: 12 units of area 3'). */
  readonly label: string;
  /** Units averaged (technology), else 0. */
  readonly units: number;
  /** The area whose units were averaged; null: the whole case's, or not a technology. */
  readonly area: number | null;
  /** When the values came as MW of a reference plant: their largest value, used to scale them. */
  readonly scaledFromMw: number | null;
}

export function plantProfile(
  spec: PlantProfileSpec,
  net: Network,
  profiles: HourlyProfiles,
  bus: number,
): PlantProfile {
  const hours = profiles.hours;
  if (spec.kind === 'flat') {
    return {
      values: new Float64Array(hours).fill(1),
      label: 'flat',
      units: 0,
      area: null,
      scaledFromMw: null,
    };
  }
  if (spec.kind === 'values') {
    if (spec.values.length !== hours) {
      throw new EngineError(
        'HOURLY_PLANT_PROFILE_INVALID',
        `the plant profile has ${spec.values.length} values; the profiles have ${hours} hours`,
      );
    }
    const values = Float64Array.from(spec.values);
    let max = 0;
    for (const v of values) {
      if (!Number.isFinite(v) || v < 0) {
        throw new EngineError(
          'HOURLY_PLANT_PROFILE_INVALID',
          'the plant profile has a negative or missing value',
        );
      }
      max = Math.max(max, v);
    }
    // Values above 1 are MW of a reference plant: its shape, per MW of its largest output.
    const scaled = max > 1;
    if (scaled) for (let t = 0; t < hours; t++) values[t] = values[t]! / max;
    return { values, label: spec.label, units: 0, area: null, scaledFromMw: scaled ? max : null };
  }
  const g = net.generators;
  const fuel = spec.fuel.toLowerCase();
  const area = net.buses.area[bus];
  const ofFuel = profiles.units.filter(
    (u) => g.fuel?.[u.generator] === fuel && g.pmaxMw[u.generator]! > 0,
  );
  const inArea = ofFuel.filter((u) => net.buses.area[g.bus[u.generator]!] === area);
  const chosen = inArea.length > 0 ? inArea : ofFuel;
  if (chosen.length === 0) {
    throw new EngineError(
      'HOURLY_PLANT_PROFILE_UNAVAILABLE',
      `the profiles give no unit of technology "${spec.fuel}": give the plant's own profile or a flat one`,
    );
  }
  const values = new Float64Array(hours);
  let pmax = 0;
  for (const u of chosen) pmax += g.pmaxMw[u.generator]!;
  for (const u of chosen) {
    for (let t = 0; t < hours; t++) values[t] += Math.max(0, u.pgMw[t]!) / pmax;
  }
  const where = inArea.length > 0 ? `area ${area}` : 'the whole case';
  return {
    values,
    label: `${fuel}: average of ${chosen.length} profiled unit${chosen.length === 1 ? '' : 's'} of ${where}`,
    units: chosen.length,
    area: inArea.length > 0 ? area! : null,
    scaledFromMw: null,
  };
}

/**
 * One value per line, a header line allowed. A line `hour,value` (its first fields 1, 2, 3…) or
 * `hour;value` gives its last field; otherwise a comma is a decimal comma (`0,53`, what a
 * Spanish-locale spreadsheet saves), as is any comma in a `;` or tab-separated line.
 */
export function readPlantProfileValues(text: string): number[] {
  const lines = text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l.length > 0);
  const data = lines.filter((l) => /^[-+\d]/.test(l));
  // Comma-separated with an hour column: the first fields count 1, 2, 3… in every line.
  const hourColumn =
    data.length > 1 &&
    data.every(
      (l, i) => !l.includes(';') && !l.includes('\t') && l.split(',')[0] === String(i + 1),
    );
  const values: number[] = [];
  lines.forEach((line, i) => {
    const sep = line.includes(';') ? ';' : line.includes('\t') ? '\t' : hourColumn ? ',' : null;
    const cell = (sep === null ? line : line.split(sep).at(-1)!).trim();
    const v = Number(sep === ',' ? cell : cell.replace(',', '.'));
    if (Number.isFinite(v)) values.push(v);
    else if (i > 0 || values.length > 0) {
      throw new EngineError(
        'HOURLY_PLANT_PROFILE_INVALID',
        `line ${i + 1} of the plant profile is not a number`,
      );
    }
  });
  return values;
}
