/**
 * The network in engineering units, as columns of typed arrays (one entry per bus, branch or
 * generator, in file order). Kernels read these arrays directly; there is no per-element object.
 */

/** A bus number as written in the case file (BUS_I). Never an array index. */
export type BusNumber = number & { readonly __brand: 'BusNumber' };
/** A 0-based internal bus index (the bus's row in file order). */
export type BusIndex = number & { readonly __brand: 'BusIndex' };

export const BusType = { PQ: 1, PV: 2, REF: 3, ISOLATED: 4 } as const;
export type BusTypeCode = (typeof BusType)[keyof typeof BusType];

export interface Buses {
  readonly count: number;
  readonly number: Int32Array;
  readonly type: Int8Array;
  readonly pdMw: Float64Array;
  readonly qdMvar: Float64Array;
  /** Shunt conductance as MW consumed at V = 1 pu (MATPOWER GS). */
  readonly gsMw: Float64Array;
  /** Shunt susceptance as MVAr injected at V = 1 pu (MATPOWER BS). */
  readonly bsMvar: Float64Array;
  readonly area: Int32Array;
  readonly vmPu: Float64Array;
  readonly vaDeg: Float64Array;
  readonly baseKv: Float64Array;
  readonly zone: Int32Array;
  readonly vmaxPu: Float64Array;
  readonly vminPu: Float64Array;
  /** Trimmed names from the file; empty string when the file has none. */
  readonly name: string[];
}

export interface Branches {
  readonly count: number;
  /** Internal bus indices (not bus numbers). */
  readonly fromBus: Int32Array;
  readonly toBus: Int32Array;
  readonly rPu: Float64Array;
  readonly xPu: Float64Array;
  /** Total line charging susceptance. */
  readonly bPu: Float64Array;
  readonly rateAMva: Float64Array;
  readonly rateBMva: Float64Array;
  readonly rateCMva: Float64Array;
  /** Off-nominal tap ratio as in the file: 0 means a line (ratio 1). */
  readonly tapRatio: Float64Array;
  readonly shiftDeg: Float64Array;
  readonly inService: Uint8Array;
  /** Circuit id: from the file when it has one, else the order among parallel branches. */
  readonly circuit: string[];
  /**
   * 1 = a closed switching device or zero-impedance jumper that a reader turned into a branch
   * (r = 0, a tiny x: io/psse/switches.ts). Such branches are topology, not equipment: they
   * join buses (islands, bridges, flows all see them), but a planner neither outages nor
   * monitors them by default, so the N-1 and transfer screens leave them out of both sets.
   * Absent when the file has none (MATPOWER cases never do).
   */
  readonly switch?: Uint8Array;
}

export interface Generators {
  readonly count: number;
  readonly bus: Int32Array;
  readonly pgMw: Float64Array;
  readonly qgMvar: Float64Array;
  readonly qmaxMvar: Float64Array;
  readonly qminMvar: Float64Array;
  readonly vgPu: Float64Array;
  readonly mBaseMva: Float64Array;
  readonly inService: Uint8Array;
  readonly pmaxMw: Float64Array;
  readonly pminMw: Float64Array;
  /** Fuel or technology per unit when the file says (MATPOWER genfuel), lower-case. */
  readonly fuel?: string[];
  /**
   * The machine's source impedance and step-up transformer, p.u. on its MBASE, as a PSS/E RAW
   * file gives them (ZR, ZX, RT, XT): what short-circuit strength rests on (issue #31). Absent
   * for MATPOWER cases, which carry no machine data.
   */
  readonly source?: {
    readonly zrPu: Float64Array;
    readonly zxPu: Float64Array;
    readonly rtPu: Float64Array;
    readonly xtPu: Float64Array;
  };
}

export interface Network {
  readonly baseMva: number;
  readonly buses: Buses;
  readonly branches: Branches;
  readonly generators: Generators;
}

export interface Warning {
  readonly code: string;
  readonly message: string;
  readonly line?: number;
}

export function busIndex(i: number): BusIndex {
  return i as BusIndex;
}

export function busNumber(n: number): BusNumber {
  return n as BusNumber;
}

/** Display name of a bus (docs/analysis.md §1): its name from the file, else `B<number>`. */
export function busDisplayName(net: Network, bus: BusIndex): string {
  const name = net.buses.name[bus];
  return name ? name : `B${net.buses.number[bus]}`;
}
