/** Growable columns for the branches and buses the conversion appends, typed at the end. */
export class BranchRows {
  readonly from: number[] = [];
  readonly to: number[] = [];
  readonly r: number[] = [];
  readonly x: number[] = [];
  readonly b: number[] = [];
  readonly rateA: number[] = [];
  readonly rateB: number[] = [];
  readonly rateC: number[] = [];
  readonly tap: number[] = [];
  readonly shift: number[] = [];
  readonly status: number[] = [];
  readonly circuit: string[] = [];
  /** 1-based line of the record each branch comes from. */
  readonly line: number[] = [];

  push(row: {
    from: number;
    to: number;
    r: number;
    x: number;
    b: number;
    rates: readonly [number, number, number];
    tap: number;
    shift: number;
    inService: boolean;
    circuit: string;
    line: number;
  }): void {
    this.from.push(row.from);
    this.to.push(row.to);
    this.r.push(row.r);
    this.x.push(row.x);
    this.b.push(row.b);
    this.rateA.push(row.rates[0]);
    this.rateB.push(row.rates[1]);
    this.rateC.push(row.rates[2]);
    this.tap.push(row.tap);
    this.shift.push(row.shift);
    this.status.push(row.inService ? 1 : 0);
    this.circuit.push(row.circuit);
    this.line.push(row.line);
  }

  get count(): number {
    return this.from.length;
  }
}

/** Bus columns in MATPOWER's order (sorted by number), then 3-winding star points appended. */
export interface BusColumns {
  number: number[];
  type: number[];
  pd: number[];
  qd: number[];
  gs: number[];
  bs: number[];
  area: number[];
  vm: number[];
  va: number[];
  baseKv: number[];
  zone: number[];
  vmax: number[];
  vmin: number[];
  name: string[];
}

export function pushBus(
  b: BusColumns,
  row: {
    number: number;
    type: number;
    area: number;
    zone: number;
    vm: number;
    va: number;
    baseKv: number;
    vmax: number;
    vmin: number;
    name: string;
  },
): void {
  b.number.push(row.number);
  b.type.push(row.type);
  b.pd.push(0);
  b.qd.push(0);
  b.gs.push(0);
  b.bs.push(0);
  b.area.push(row.area);
  b.vm.push(row.vm);
  b.va.push(row.va);
  b.baseKv.push(row.baseKv);
  b.zone.push(row.zone);
  b.vmax.push(row.vmax);
  b.vmin.push(row.vmin);
  b.name.push(row.name);
}
