import type { ColumnType, Kysely } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';

type Timestamp = ColumnType<string, string | undefined, string>;

/**
 * Migration 2026-12-11T000000-weak-grid-and-ac-runs (issue #31): a case's short-circuit strength
 * as last computed on request.
 */
export interface CaseShortCircuitsTable {
  case_id: string;
  user_id: string;
  /** 'ok', or why the data gives no figure: 'unavailable' (no machine data), 'placeholder'. */
  status: 'ok' | 'unavailable' | 'placeholder';
  /** The X″d asked with (units without data); null: the file's impedances alone. */
  xd_pu: number | null;
  /** The least short-circuit ratio of the weak-grid figures; null unless ok. */
  scr_min: number | null;
  /** Contracts' ShortCircuitResponse without caseId (JSON); null unless ok. */
  answer_json: string | null;
  computed_at: Timestamp;
}

/** One bus's weak-grid MW (Scc min N-1 / SCR_min) of an 'ok' computation. */
export interface CaseShortCircuitBusesTable {
  case_id: string;
  bus_number: number;
  weak_grid_mw: number;
}

// A type, not an interface: Kysely's withTables wants an index signature.
export type ShortCircuitTables = {
  case_short_circuits: CaseShortCircuitsTable;
  case_short_circuit_buses: CaseShortCircuitBusesTable;
};

export type ShortCircuitDb = Kysely<Database & ShortCircuitTables>;

/** The database with this module's tables (kept here, beside the code that owns them). */
export function shortCircuitDb(db: Db | Kysely<Database>): ShortCircuitDb {
  return db.withTables<ShortCircuitTables>();
}
