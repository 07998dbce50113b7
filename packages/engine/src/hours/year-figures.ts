import { firmMw, mwAtCurtailment, plantCurtailment } from './curtailment';
import type { HourlyConstraint } from './hourly-capacity';
import type { PlantProfile } from './plant-profile';

/** The curtailment shares every result gives the size for (%), as the issue names them. */
export const CURTAILMENT_SHARES = ['1', '3', '5'] as const;

/**
 * What a plant at a bus can count on over the year, as the CLI and the API give it: firm MW and
 * MW at 1, 3 and 5 % curtailed for the profile (null at or past the cap: the grid was not
 * checked beyond it), and with a size, the plant's curtailment with its month × hour rows.
 */
export function yearFigures(
  capacityMw: Float64Array,
  profile: PlantProfile,
  capMw: number,
  plantMw: number | null,
) {
  const capped = (mw: number) => (Number.isFinite(mw) && mw < capMw ? mw : null);
  const plant = plantMw === null ? null : plantCurtailment(capacityMw, profile.values, plantMw);
  return {
    profile: {
      label: profile.label,
      units: profile.units,
      area: profile.area,
      scaledFromMw: profile.scaledFromMw,
    },
    firmMw: capped(firmMw(capacityMw, profile.values)),
    mwAtCurtailment: Object.fromEntries(
      CURTAILMENT_SHARES.map((p) => [
        p,
        capped(mwAtCurtailment(capacityMw, profile.values, Number(p) / 100)),
      ]),
    ) as Record<(typeof CURTAILMENT_SHARES)[number], number | null>,
    curtailment:
      plant === null || plantMw === null
        ? null
        : {
            plantMw,
            energyMwh: plant.energyMwh,
            mwh: plant.curtailedMwh,
            percent: plant.percent,
            hoursCurtailed: plant.hoursCurtailed,
            byMonthHourMwh: Array.from({ length: 12 }, (_, m) =>
              Array.from(plant.byMonthHour.subarray(m * 24, m * 24 + 24)),
            ),
          },
  };
}

/** A bus's limiting constraints with 1-based branch rows (contingency null: N-0). */
export const constraintsOutput = (constraints: readonly HourlyConstraint[]) =>
  constraints.map((k) => ({
    monitoredBranch: k.monitored + 1,
    monitoredName: k.monitoredName,
    contingency: k.contingency < 0 ? null : k.contingency + 1,
    contingencyName: k.contingencyName,
    hours: k.hours,
  }));
