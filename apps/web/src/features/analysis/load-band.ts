import { es } from '../../strings/es';

const t = es.analysis.bands;

import type { LoadBand } from '../../utils/load-bands';

export {
  GAUGE_FULL_PERCENT,
  gaugeWidthPercent,
  loadBand,
  type LoadBand,
} from '../../utils/load-bands';

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
