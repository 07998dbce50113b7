import type { ColumnType, Generated } from 'kysely';

/** ISO-8601 strings in code on both dialects (text on SQLite, timestamptz on PostgreSQL). */
type Timestamp = ColumnType<string, string | undefined, string>;

/** Spec §3 `profiles`. */
export interface ProfilesTable {
  user_id: string;
  first_name: string;
  last_name: string;
  email: string;
  company: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/**
 * Spec §3 `cases`, plus the summary figures the public stats are computed from
 * (docs/decisions/004-stats-definitions.md). A case with a family_id is one scenario × year
 * case of a busbar study; the busbar is the family.
 */
export interface CasesTable {
  case_id: string;
  case_name: string;
  case_description: string | null;
  process: string | null;
  family_id: string | null;
  family_name: string | null;
  user_id: string;
  scenario: string | null;
  year: number | null;
  busbar_capacity_mw: number | null;
  contingency_count: number | null;
  /** A case of a user's study (one busbar × scenario × year), and the study version. */
  study_id: ColumnType<string | null, string | null | undefined, string | null>;
  study_version: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: Timestamp;
}

/** Spec §3 `case_api_data`: the analysis result in the original product's fullDataJSON form. */
export interface CaseApiDataTable {
  case_id: string;
  full_data_json: string | null;
  extras: string | null;
  analysis_json: string | null;
  api_response_date: Timestamp;
  user_id: string;
  /** The GET …/data answer, gzip-compressed when the row was written (modules/cases). */
  data_gzip: Buffer | null;
  /** Entity tag of that answer. */
  data_etag: string | null;
  /**
   * The result stored in parts (issue #16): set, the text columns above are null (except
   * `full_data_json` when a client PUT one, which then replaces the stored document).
   */
  result_id: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Spec §3 `demo_cases`: public. */
export interface DemoCasesTable {
  id: Generated<number>;
  full_data_json: string;
  analysis_json: string | null;
  demo_flows_json: string | null;
  /** The demo data's format version (modules/demo DEMO_DATA_VERSION). */
  data_version: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
}

export interface UploadsTable {
  id: string;
  user_id: string;
  file_name: string;
  content_type: string;
  size_bytes: number;
  sha256: string;
  /** Buses of the case, once a job has read it (issue #26: the small-case lane); else null. */
  bus_count: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: Timestamp;
}

export type JobState = 'queued' | 'running' | 'done' | 'failed' | 'cancelled';
/**
 * 'group': the flexibility of an analysed case run again with another study group (#21).
 * 'capacity': the N-1 capacity of every busbar of an analysed case (#17), queued when its
 * upload's analysis completes (modules/busbar-capacities).
 * 'ac-capacity': those capacities verified in AC bus after bus, asked for from «Capacidad por
 * barra» (#31); it gives its turn away between slices of buses, as a study between its cases.
 */
export type JobKind = 'analysis' | 'study' | 'group' | 'capacity' | 'window' | 'ac-capacity';

export interface AnalysisJobsTable {
  id: string;
  user_id: string;
  upload_id: string;
  /** The analysed case; null for a study job. */
  case_id: string | null;
  kind: ColumnType<JobKind, JobKind | undefined, JobKind>;
  study_id: ColumnType<string | null, string | null | undefined, string | null>;
  study_version: ColumnType<number | null, number | null | undefined, number | null>;
  /** Queue order: set when queued, again when a study yields between two of its cases. */
  queued_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** Scenario × year cases a study job has stored (it keys pg-boss deliveries). */
  slices_done: ColumnType<number, number | undefined, number>;
  /** The study group's key an 'analysis' or 'group' job runs; null: the default rule. */
  study_group: ColumnType<string | null, string | null | undefined, string | null>;
  /** A 'group' or 'capacity' job's analysis options (issue #25) as JSON; null: the defaults. */
  options_json: ColumnType<string | null, string | null | undefined, string | null>;
  state: JobState;
  progress_percent: ColumnType<number, number | undefined, number>;
  stage: string | null;
  error_code: string | null;
  error_message: string | null;
  attempts: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
  started_at: string | null;
  finished_at: string | null;
  updated_at: Timestamp;
}

export interface MailOutboxTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  body_text: string;
  created_at: Timestamp;
}

export interface UploadBlobsTable {
  sha256: string;
  content: Buffer;
}

/** Issue #9: the network view of a case (NetworkViewV1 JSON), written with its result. */
/** A case's contingency definitions file (issue #30); none: every branch, one at a time. */
export interface CaseContingencySetsTable {
  case_id: string;
  user_id: string;
  file_name: string;
  /** 'contab' | 'psse-con' (contracts' contingencyFileFormats). */
  format: string;
  /** The file as Latin-1 text. */
  content: string;
  /** contracts' ContingencyCounts. */
  counts_json: string;
  /** contracts' ContingencySetN1; null for a set saved before it was computed. */
  n1_json: string | null;
  /** The .sub and .mon sent with a .con: { fileName, content, summary }; null when not sent. */
  subsystems_json: string | null;
  monitored_json: string | null;
  uploaded_at: Timestamp;
}

export interface CaseNetworksTable {
  case_id: string;
  network_json: string;
  created_at: Timestamp;
  /** The GET …/network answer, gzip-compressed when the row was written (modules/network). */
  network_gzip: Buffer | null;
  /** Entity tag of that answer. */
  network_etag: string | null;
}

/** A user's capacity study (issue #15); its files and runs are its versions. */
export interface StudiesTable {
  study_id: string;
  user_id: string;
  name: string;
  description: string;
  network_label: string;
  /** The newest version (the one computing, or done). */
  latest_version: number;
  /** The version whose cases are shown; null until one is complete. */
  results_version: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface StudyVersionsTable {
  study_id: string;
  version: number;
  /** The validated study file (contracts' StudyFile), JSON. */
  study_json: string;
  /** The base network file. */
  upload_id: string;
  /** The analysed case it was taken from, when the user picked one. */
  base_case_id: string | null;
  base_file_name: string;
  job_id: string;
  /** scenarios × years. */
  case_count: number;
  created_at: Timestamp;
  /**
   * Issue #30: the base case's contingency set when the version was sent (JSON, the server's
   * StudyContingencySetFile); null: every branch, one at a time.
   */
  contingency_set_json: string | null;
}

/** Issue #21: the flexibility of a case per study group, one row per (case, group key). */
export interface CaseGroupAnalysesTable {
  analysis_id: string;
  case_id: string;
  user_id: string;
  /**
   * The analysis's key: the canonical group text (contracts' studyGroupKey: 'all', 'area:3',
   * 'gens:3-5'), with `|<options key>` when computed with other than the default options.
   */
  group_key: string;
  /** Its analysis options (issue #25) as JSON; null: the defaults. */
  options_json: ColumnType<string | null, string | null | undefined, string | null>;
  label: string;
  chosen_by: 'default' | 'request';
  job_id: string;
  error_code: string | null;
  error_message: string | null;
  tmax_mw: number | null;
  fcitc_attributable_mw: number | null;
  fcitc_strict_mw: number | null;
  pre_existing_count: number | null;
  unit_count: number | null;
  /** The contracts' Flexibility JSON, gzip-compressed (http/stored-json.ts); null until done. */
  flexibility_gzip: Buffer | null;
  flexibility_etag: string | null;
  /** The flexibility stored in parts (issue #16); null before, or while not done. */
  result_id: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Issue #16, docs/decisions/015: one written result; its parts go with it. */
export interface ResultsTable {
  result_id: string;
  case_id: string;
  /** The job that wrote it: a retried job's earlier, never-shown results are found by it. */
  job_id: string;
  created_at: Timestamp;
}

/** A part of a result: a spliceable DEFLATE segment of its JSON (http/json-segments.ts). */
export interface ResultPartsTable {
  result_id: string;
  /** 'case', 'analysis', 'full-data-json', 'flexibility', 'violations', 'generators/<id>'. */
  name: string;
  etag: string;
  crc32: number;
  text_bytes: number;
  stored_bytes: number;
  chunk_count: number;
  /** The segment when it is one chunk; else its chunks are in result_part_chunks. */
  inline_bytes: Buffer | null;
}

export interface ResultPartChunksTable {
  result_id: string;
  name: string;
  seq: number;
  bytes: Buffer;
}

/** A constraint's summary (contracts' ConstraintSummary JSON), for paged levels. */
export interface ResultConstraintsTable {
  result_id: string;
  constraint_id: number;
  summary_json: string;
}

export type FigureName = 'attributable' | 'strict';

export interface ResultLevelsTable {
  result_id: string;
  figure: FigureName;
  level: number;
  transfer_mw: number;
  flexibility_percent: number;
  constraint_count: number;
}

/** A level's constraints in order (ranking descending), one row each. */
export interface ResultLevelConstraintsTable {
  result_id: string;
  figure: FigureName;
  level: number;
  position: number;
  constraint_id: number;
}

/** Issue #26: a write through the API without a job, counted like an upload per minute. */
export interface ApiWritesTable {
  id: Generated<number>;
  user_id: string;
  created_at: string;
}

export interface Database {
  profiles: ProfilesTable;
  cases: CasesTable;
  case_api_data: CaseApiDataTable;
  demo_cases: DemoCasesTable;
  uploads: UploadsTable;
  analysis_jobs: AnalysisJobsTable;
  mail_outbox: MailOutboxTable;
  upload_blobs: UploadBlobsTable;
  case_networks: CaseNetworksTable;
  case_contingency_sets: CaseContingencySetsTable;
  studies: StudiesTable;
  study_versions: StudyVersionsTable;
  case_group_analyses: CaseGroupAnalysesTable;
  api_writes: ApiWritesTable;
  results: ResultsTable;
  result_parts: ResultPartsTable;
  result_part_chunks: ResultPartChunksTable;
  result_constraints: ResultConstraintsTable;
  result_levels: ResultLevelsTable;
  result_level_constraints: ResultLevelConstraintsTable;
  connection_windows: ConnectionWindowsTable;
}

/** Issue #28: a connection window, owned by modules/windows. */
export interface ConnectionWindowsTable {
  window_id: string;
  user_id: string;
  /** The analysed case of a window on a case; null for a window over a study. */
  case_id: string | null;
  /** A window over a study: the study and the version whose scenario × year cases it holds in. */
  study_id: ColumnType<string | null, string | null | undefined, string | null>;
  study_version: ColumnType<number | null, number | null | undefined, number | null>;
  job_id: string;
  name: string;
  request_count: number;
  requested_mw: number;
  /** The requests as sent (contracts' windowRequestsSchema output), JSON. */
  requests_json: string;
  /** The contracts' WindowOptions, JSON. */
  options_json: string;
  /** MW awarded per rule; null until done, or for a rule the solver failed. */
  total_order_mw: ColumnType<number | null, number | null | undefined, number | null>;
  total_max_mw: ColumnType<number | null, number | null | undefined, number | null>;
  total_fair_mw: ColumnType<number | null, number | null | undefined, number | null>;
  /** The contracts' WindowResultView, gzip-compressed; null until done. */
  result_gzip: ColumnType<Buffer | null, Buffer | null | undefined, Buffer | null>;
  /** A window made by withdrawing requests from another: that window's id (it may be gone). */
  original_window_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** The ids withdrawn from it, JSON string[]; null with original_window_id. */
  withdrawn_ids_json: ColumnType<string | null, string | null | undefined, string | null>;
  /**
   * Issue #30: the planner's contingency set the window runs on, as the case (or the study
   * version) had it at creation — StudyContingencySetFile JSON; null: every branch.
   */
  contingency_set_json: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}
