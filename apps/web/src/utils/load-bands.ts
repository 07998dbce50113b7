import { es } from '../strings/es';

/** The load status of an element (docs/product.md §4): bands at 50, 75, 90, 100 and 130 % of its limit. */
export type LoadBand = 'extreme' | 'overload' | 'critical' | 'alert' | 'moderate' | 'normal';

/** The band of a loading in percent (the sign of the flow does not matter). */
export function loadBand(loadingPercent: number): LoadBand {
  const value = Math.abs(loadingPercent);
  if (value > 130) return 'extreme';
  if (value > 100) return 'overload';
  if (value > 90) return 'critical';
  if (value > 75) return 'alert';
  if (value > 50) return 'moderate';
  return 'normal';
}

/** Spec §9: the gauge is full at 130 %. */
export const GAUGE_FULL_PERCENT = 130;

export function gaugeWidthPercent(loadingPercent: number): number {
  return Math.min(100, (Math.abs(loadingPercent) / GAUGE_FULL_PERCENT) * 100);
}

const t = es.analysis.bands;

export const loadBandLabel: Record<LoadBand, string> = {
  extreme: t.extreme,
  overload: t.overload,
  critical: t.critical,
  alert: t.alert,
  moderate: t.moderate,
  normal: t.normal,
};

/** Badge and bar colours (text AA on the badge background). */
export const loadBandClasses: Record<LoadBand, { badge: string; bar: string }> = {
  extreme: { badge: 'bg-red-900 text-white', bar: 'bg-red-900' },
  overload: { badge: 'bg-red-600 text-white', bar: 'bg-red-600' },
  critical: { badge: 'bg-orange-100 text-orange-900', bar: 'bg-orange-500' },
  alert: { badge: 'bg-yellow-100 text-yellow-900', bar: 'bg-yellow-400' },
  moderate: { badge: 'bg-lime-100 text-lime-900', bar: 'bg-lime-500' },
  normal: { badge: 'bg-green-100 text-green-900', bar: 'bg-green-600' },
};
