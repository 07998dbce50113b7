import type { ColumnType, Generated, Kysely } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';

type Timestamp = ColumnType<string, string | undefined, string>;

/** Migration 2026-11-28T000000-busbar-capacities: one written result per capacity job. */
export interface BusbarCapacityResultsTable {
  /** A small integer: every row and index entry of the result carries it. */
  result_key: Generated<number>;
  case_id: string;
  user_id: string;
  job_id: string;
  bus_count: number;
  cap_mw: number;
  /** Contracts' BusbarCapacityOptions JSON. */
  options_json: string;
  /** Contracts' BusbarCapacitySummary JSON. */
  summary_json: string;
  created_at: Timestamp;
  /** Set by the transaction that closes the job; null: not (or never to be) shown. */
  shown_at: ColumnType<string | null, string | null | undefined, string | null>;
}

/** One bus. Branches are 1-based rows; null where the engine has −1 (none, or N-0). */
export interface BusbarCapacityRowsTable {
  result_key: number;
  /** 0-based place of the bus in the case file. */
  position: number;
  bus_number: number;
  bus_name: string;
  bus_name_lower: string;
  base_kv: number;
  area: number;
  zone: number;
  in_island: number;
  att_mw: number | null;
  att_monitored: number | null;
  att_contingency: number | null;
  att_df: number | null;
  strict_mw: number | null;
  strict_monitored: number | null;
  strict_contingency: number | null;
  strict_df: number | null;
  worse_monitored: number | null;
  worse_contingency: number | null;
  worse_df: number | null;
}

export interface BusbarCapacityBranchesTable {
  result_key: number;
  branch: number;
  name: string;
}

/** Migration 2026-11-29T010000-busbar-ac-checks: a bus's AC check, per figure. */
export interface BusbarCapacityAcChecksTable {
  result_key: number;
  position: number;
  figure: 'attributable' | 'strict';
  /** Contracts' AcCheckResult JSON; null: nothing binds before the cap. */
  check_json: string | null;
  /**
   * Migration 2026-12-10T000000-busbar-ac-capacities (issue #31): contracts' AcCapacityResult
   * JSON; null: stored before it existed, shown as not checked (verifying it again fills it).
   */
  capacity_json: string | null;
  /**
   * Migration 2026-12-11T000000-weak-grid-and-ac-runs: the all-bus AC job that stored it (its
   * `check_json` is then null and means «not checked at the limit»); null: asked bus by bus.
   */
  job_id: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
}

/**
 * Migration 2026-12-11T000000-weak-grid-and-ac-runs (issue #31): an all-bus AC verification
 * job, «Verificar todas en AC».
 */
export interface BusbarCapacityAcRunsTable {
  job_id: string;
  result_key: number;
  case_id: string;
  figure: 'attributable' | 'strict';
  /** The table's filters it was asked with (q, minKv, area), JSON. */
  filters_json: string;
  /** Buses it verifies: those that passed the filters, in the island, not verified before. */
  total: number;
  created_at: Timestamp;
}

// A type, not an interface: Kysely's withTables wants an index signature.
export type BusbarCapacityTables = {
  busbar_capacity_results: BusbarCapacityResultsTable;
  busbar_capacity_rows: BusbarCapacityRowsTable;
  busbar_capacity_branches: BusbarCapacityBranchesTable;
  busbar_capacity_ac_checks: BusbarCapacityAcChecksTable;
  busbar_capacity_ac_runs: BusbarCapacityAcRunsTable;
};

export type CapacityDb = Kysely<Database & BusbarCapacityTables>;

/** The database with this module's tables (kept here, beside the code that owns them). */
export function capacityDb(db: Db | Kysely<Database>): CapacityDb {
  return db.withTables<BusbarCapacityTables>();
}
