import { studyGroupKey, type CaseGeneratorsResponse } from '@holgura/contracts';

/** The catalogue's columns: one entry per generator row (row k is entry k − 1). */
export type GeneratorColumns = CaseGeneratorsResponse['generators'];

/** One unit of the catalogue, as the hand-picked list shows it. */
export type CatalogUnit = {
  /** 1-based generator row: what `gens:` takes. */
  row: number;
  busNumber: number;
  busName: string;
  machineId: string;
  fuel: string | null;
  baseKv: number;
  area: number;
  /** max(0, Pmax − P0), MW. */
  headroomMw: number;
  inService: boolean;
};

export function catalogUnit(columns: GeneratorColumns, index: number): CatalogUnit {
  return {
    row: columns.row[index]!,
    busNumber: columns.busNumber[index]!,
    busName: columns.busName[index]!,
    machineId: columns.machineId[index]!,
    fuel: columns.fuel[index] ?? null,
    baseKv: columns.baseKv[index]!,
    area: columns.area[index]!,
    headroomMw: Math.max(0, columns.pMaxMw[index]! - columns.pInitialMw[index]!),
    inService: columns.inService[index]!,
  };
}

/** Lower case without accents: 'Bogotá' and 'BOGOTA' match. */
export function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

/**
 * The units matching a search (decision 013: by bus number, bus name or machine id), as
 * indices into the columns, in file order. Every word must match: a number matches a bus
 * number from its start or a machine id exactly, any word a part of the bus name
 * ('1001 2' is machine 2 of bus 1001; 'buchanan' any unit at a BUCHANAN bus). An empty search
 * matches every unit.
 */
export function searchUnits(columns: GeneratorColumns, query: string): number[] {
  const words = fold(query).split(/\s+/).filter(Boolean);
  const indices: number[] = [];
  const count = columns.row.length;
  if (words.length === 0) {
    for (let index = 0; index < count; index++) indices.push(index);
    return indices;
  }
  for (let index = 0; index < count; index++) {
    const bus = String(columns.busNumber[index]);
    const name = fold(columns.busName[index]!);
    const machine = fold(columns.machineId[index]!);
    const matches = words.every(
      (word) => bus.startsWith(word) || machine === word || name.includes(word),
    );
    if (matches) indices.push(index);
  }
  return indices;
}

/** Σ headroom of the chosen in-service units, MW: the group's Tmax before island checks. */
export function chosenHeadroomMw(columns: GeneratorColumns, rows: ReadonlySet<number>): number {
  let total = 0;
  for (const row of rows) {
    const index = row - 1;
    if (columns.inService[index] !== true) continue;
    total += Math.max(0, columns.pMaxMw[index]! - columns.pInitialMw[index]!);
  }
  return total;
}

/** The group of a hand-picked list: `gens:3-4,7` (rows sorted, runs as ranges). */
export function gensGroup(rows: ReadonlySet<number>): string {
  return studyGroupKey({ kind: 'gens', rows: [...rows] });
}
