import type { Highs, Model } from 'highs';
import loadHighs from 'highs';
import type { WindowRows } from './rows';

/**
 * HiGHS (WebAssembly, the package's own loader: no Node built-in here) holding the window's LP:
 * one column per request (its award, MW) and one for the fair rule's share t; the first rows
 * are the sinks' rooms (Σ x of those in service ≤ what the sink can give, one per situation
 * of a firm window), then the network rows as they are added (rows.ts)
 * and the fair rule's rows x_i − mw_i·t ≥ 0 when it runs. One model for every solve of a window,
 * so each solve starts from the last basis: the rules change bounds and costs, never rebuild.
 */
let solver: Promise<Highs> | null = null;

/** Loads HiGHS once per thread. */
export function loadSolver(): Promise<Highs> {
  solver ??= loadHighs();
  return solver;
}

/** What a solve leaves: the awards, the row activities and the rows' duals. */
export interface LpSolution {
  readonly x: Float64Array;
  readonly rowValue: Float64Array;
  readonly rowDual: Float64Array;
}

/** A situation's sink: the room it has to go down, and who injects against it there. */
export interface WindowSink {
  readonly situation: number;
  readonly roomMw: number;
  /** Per request: in service in the situation (all when absent). */
  readonly inService?: ArrayLike<boolean>;
}

/** An LP row: the sink's room, a network row (its index in WindowRows.rows) or a fair row. */
export const SINK_ROW = -1;
export const FAIR_ROW = -2;

/** Drops the thread's HiGHS after it aborted: the next window loads a fresh module. */
export function discardSolver(): void {
  solver = null;
}

/** HiGHS (WebAssembly) aborted, out of its memory: the window is too large for it. */
export class SolverAborted extends Error {
  constructor(detail: string) {
    super(`HiGHS aborted: ${detail}`);
  }
}

/** HiGHS ended a solve without an optimum (its model status). */
export class LpNotOptimal extends Error {
  constructor(readonly status: number) {
    super(`the window's LP ended with HiGHS status ${status}`);
  }
}

export class WindowLp {
  readonly model: Model;
  /** Per LP row: a network row index, SINK_ROW or FAIR_ROW. */
  readonly rowOf: number[] = [];
  /** The LP row of request i's fair row x_i − mw_i·t ≥ 0, once added. */
  fairRows: number[] | null = null;
  /** The sink of each SINK_ROW, by LP row. */
  readonly sinkOfRow = new Map<number, WindowSink>();
  solves = 0;
  private synced = 0;

  constructor(
    readonly highs: Highs,
    readonly n: number,
    readonly sinks: readonly WindowSink[],
  ) {
    const inf = highs.infinity;
    this.model = highs.createModel();
    this.model.options.set({ output_flag: false });
    this.model.addVars(new Float64Array(n + 1), new Float64Array(n + 1));
    this.model.changeObjectiveSense(highs.constants.objectiveSense.maximize);
    for (const sink of sinks) {
      if (!Number.isFinite(sink.roomMw)) continue;
      this.sinkOfRow.set(this.rowOf.length, sink);
      const a = Float64Array.from({ length: n }, (_, i) => (sink.inService?.[i] === false ? 0 : 1));
      this.addDenseRow(-inf, sink.roomMw, a, SINK_ROW);
    }
  }

  get t(): number {
    return this.n;
  }

  dispose(): void {
    this.model.dispose();
  }

  private addDenseRow(lo: number, hi: number, a: ArrayLike<number>, of: number): void {
    const indices: number[] = [];
    const values: number[] = [];
    for (let i = 0; i < a.length; i++) {
      if (a[i] !== 0) {
        indices.push(i);
        values.push(a[i]);
      }
    }
    this.model.addRow(lo, hi, { indices, values });
    this.rowOf.push(of);
  }

  /** Adds the network rows found since the last call. */
  sync(w: WindowRows): void {
    const inf = this.highs.infinity;
    for (; this.synced < w.rows.length; this.synced++) {
      const r = w.rows[this.synced];
      const lo = Number.isFinite(r.lo) ? r.lo : -inf;
      const hi = Number.isFinite(r.hi) ? r.hi : inf;
      this.addDenseRow(lo, hi, r.factor, this.synced);
    }
  }

  /** The fair rule's rows, x_i − mw_i·t ≥ 0, added once and left free (−∞, ∞) until used. */
  ensureFairRows(mw: ArrayLike<number>): number[] {
    if (this.fairRows) return this.fairRows;
    const inf = this.highs.infinity;
    const rows: number[] = [];
    for (let i = 0; i < this.n; i++) {
      rows.push(this.rowOf.length);
      this.model.addRow(-inf, inf, { indices: [i, this.n], values: [1, -mw[i]] });
      this.rowOf.push(FAIR_ROW);
    }
    this.fairRows = rows;
    return rows;
  }

  setCosts(costs: Float64Array): void {
    this.model.changeColsCost({ kind: 'range', from: 0, to: this.n }, costs);
  }

  setBounds(col: number, lo: number, hi: number): void {
    this.model.changeColBounds(col, lo, hi);
  }

  setRowBounds(row: number, lo: number, hi: number): void {
    this.model.changeRowBounds(row, lo, hi);
  }

  /** Semi-continuous: 0 or between the column's bounds (the request's minMw and mw). */
  setSemicontinuous(col: number, on: boolean): void {
    const { variableType } = this.highs.constants;
    this.model.changeColIntegrality(
      col,
      on ? variableType.semiContinuous : variableType.continuous,
    );
  }

  solve(): LpSolution {
    this.solves++;
    this.model.run();
    const { optimal } = this.highs.constants.modelStatus;
    if (this.model.getModelStatus() !== optimal) {
      // Rows of a window are dense and nearly parallel, and settled awards are fixed at values
      // feasible to HiGHS's tolerance (1e-7): a later solve can be declared infeasible by a
      // hair (ACTIVSg2000, 200 requests, fair). Once more, cold, at the screen's 1e-6 MW.
      this.model.clearSolver();
      this.model.options.set({ primal_feasibility_tolerance: 1e-6, presolve: 'off' });
      this.model.run();
      this.model.options.set({ primal_feasibility_tolerance: 1e-7, presolve: 'choose' });
    }
    const status = this.model.getModelStatus();
    if (status !== optimal) throw new LpNotOptimal(status);
    const s = this.model.getSolution();
    return { x: s.colValue, rowValue: s.rowValue, rowDual: s.rowDual };
  }
}
