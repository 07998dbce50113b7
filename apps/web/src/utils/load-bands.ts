/** The load status of an element (spec §4): bands at 50, 75, 90, 100 and 130 % of its limit. */
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
