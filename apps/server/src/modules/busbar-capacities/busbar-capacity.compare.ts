import {
  COMPARISON_UNCHANGED_MW,
  type BusbarCapacityChange,
  type BusbarCapacityOptions,
  type BusbarCapacityRow,
  type BusbarFigureName,
  type BusbarLimiting,
  type ComparisonSetting,
  type ComparisonSummary,
  type ConstraintChange,
} from '@holgura/contracts';

/** The constraints each side lists at most (those limiting most buses first). */
export const CONSTRAINT_CHANGES_LISTED = 50;

export interface CapacityComparison {
  summary: ComparisonSummary;
  changes: BusbarCapacityChange[];
  constraints: {
    appeared: ConstraintChange[];
    vanished: ConstraintChange[];
    appearedTotal: number;
    vanishedTotal: number;
  };
}

/**
 * A constraint is the same on both sides when it names the same monitored element and the same
 * contingency: the branch rows of two cases need not match (a project adds branches, two
 * uploads number them differently), their names do.
 */
const constraintKey = (limiting: BusbarLimiting) =>
  `${limiting.monitoredName}\u0000${limiting.contingencyName ?? ''}`;

interface Figure {
  mw: number | null;
  limiting: BusbarLimiting | null;
}

const figureOf = (row: BusbarCapacityRow | undefined, figure: BusbarFigureName): Figure => {
  if (row === undefined || !row.inTransferIsland) return { mw: null, limiting: null };
  const value = row[figure];
  return { mw: value.capacityMw, limiting: value.limiting };
};

/**
 * Matches two cases' busbar capacities by bus number and orders the changes: the largest
 * |otherMw − baseMw| first, then buses with a figure on one side only. A constraint "appears"
 * when it limits some bus of `other` and none of `base` (and "vanishes" the other way round).
 */
export function compareCapacities(
  baseRows: readonly BusbarCapacityRow[],
  otherRows: readonly BusbarCapacityRow[],
  figure: BusbarFigureName,
  limit: number,
): CapacityComparison {
  const otherByBus = new Map(otherRows.map((row) => [row.bus, row]));
  const baseByBus = new Map(baseRows.map((row) => [row.bus, row]));
  const buses = [...baseRows.map((row) => row.bus)];
  for (const row of otherRows) if (!baseByBus.has(row.bus)) buses.push(row.bus);

  const summary: ComparisonSummary = {
    common: 0,
    increased: 0,
    decreased: 0,
    unchanged: 0,
    onlyBase: 0,
    onlyOther: 0,
    baseTotalMw: 0,
    otherTotalMw: 0,
    changed: 0,
  };
  const changes: BusbarCapacityChange[] = [];
  for (const bus of buses) {
    const baseRow = baseByBus.get(bus);
    const otherRow = otherByBus.get(bus);
    const described = (baseRow ?? otherRow)!;
    const base = figureOf(baseRow, figure);
    const other = figureOf(otherRow, figure);
    let deltaMw: number | null = null;
    if (base.mw !== null && other.mw !== null) {
      summary.common += 1;
      summary.baseTotalMw += base.mw;
      summary.otherTotalMw += other.mw;
      deltaMw = other.mw - base.mw;
      if (deltaMw >= COMPARISON_UNCHANGED_MW) summary.increased += 1;
      else if (deltaMw <= -COMPARISON_UNCHANGED_MW) summary.decreased += 1;
      else {
        summary.unchanged += 1;
        continue;
      }
    } else if (base.mw !== null) summary.onlyBase += 1;
    else if (other.mw !== null) summary.onlyOther += 1;
    else continue;
    changes.push({
      bus,
      name: described.name,
      baseKv: described.baseKv,
      area: described.area,
      baseMw: base.mw,
      otherMw: other.mw,
      deltaMw,
      baseLimiting: base.limiting,
      otherLimiting: other.limiting,
    });
  }
  summary.changed = changes.length;
  // Largest change first; one-sided buses after every numeric change; ties by bus number.
  changes.sort((a, b) => {
    if (a.deltaMw === null || b.deltaMw === null) {
      if (a.deltaMw !== null) return -1;
      if (b.deltaMw !== null) return 1;
      return a.bus - b.bus;
    }
    return Math.abs(b.deltaMw) - Math.abs(a.deltaMw) || a.bus - b.bus;
  });

  const appeared = constraintsOnlyIn(otherRows, baseRows, baseByBus, figure, 'other');
  const vanished = constraintsOnlyIn(baseRows, otherRows, otherByBus, figure, 'base');
  return {
    summary,
    changes: changes.slice(0, limit),
    constraints: {
      appeared: appeared.slice(0, CONSTRAINT_CHANGES_LISTED),
      vanished: vanished.slice(0, CONSTRAINT_CHANGES_LISTED),
      appearedTotal: appeared.length,
      vanishedTotal: vanished.length,
    },
  };
}

/** Every constraint limiting some bus of `rows` and none of `opposite`, most buses first. */
function constraintsOnlyIn(
  rows: readonly BusbarCapacityRow[],
  opposite: readonly BusbarCapacityRow[],
  oppositeByBus: Map<number, BusbarCapacityRow>,
  figure: BusbarFigureName,
  side: 'base' | 'other',
): ConstraintChange[] {
  const oppositeKeys = new Set<string>();
  for (const row of opposite) {
    const { limiting } = figureOf(row, figure);
    if (limiting !== null) oppositeKeys.add(constraintKey(limiting));
  }
  const found = new Map<string, ConstraintChange & { exampleChange: number }>();
  for (const row of rows) {
    const here = figureOf(row, figure);
    if (here.limiting === null || here.mw === null) continue;
    const key = constraintKey(here.limiting);
    if (oppositeKeys.has(key)) continue;
    const there = figureOf(oppositeByBus.get(row.bus), figure).mw;
    const delta = there === null ? 0 : side === 'other' ? here.mw - there : there - here.mw;
    let entry = found.get(key);
    if (entry === undefined) {
      entry = {
        monitoredName: here.limiting.monitoredName,
        contingencyName: here.limiting.contingencyName,
        buses: 0,
        deltaMw: 0,
        example: { bus: row.bus, name: row.name, baseKv: row.baseKv },
        exampleChange: -1,
      };
      found.set(key, entry);
    }
    entry.buses += 1;
    entry.deltaMw += delta;
    if (Math.abs(delta) > entry.exampleChange) {
      entry.exampleChange = Math.abs(delta);
      entry.example = { bus: row.bus, name: row.name, baseKv: row.baseKv };
    }
  }
  return [...found.values()]
    .sort((a, b) => b.buses - a.buses || Math.abs(b.deltaMw) - Math.abs(a.deltaMw))
    .map(({ exampleChange: _, ...change }) => change);
}

/** The settings that differ between two computations (a change in MW then mixes both). */
export function settingsThatDiffer(
  base: BusbarCapacityOptions,
  other: BusbarCapacityOptions,
): ComparisonSetting[] {
  const differ: ComparisonSetting[] = [];
  if (base.capMw !== other.capMw) differ.push('capMw');
  if (base.postContingencyRating !== other.postContingencyRating) {
    differ.push('postContingencyRating');
  }
  if (base.distributionFactorCutoff !== other.distributionFactorCutoff) {
    differ.push('distributionFactorCutoff');
  }
  if (base.sink !== other.sink) differ.push('sink');
  if ((base.slack ?? null) !== (other.slack ?? null)) differ.push('slack');
  return differ;
}
