/** MATPOWER column names (caseformat / idx_bus, idx_gen, idx_brch), used in error messages. */
export const BUS_COLUMNS = [
  'BUS_I',
  'BUS_TYPE',
  'PD',
  'QD',
  'GS',
  'BS',
  'BUS_AREA',
  'VM',
  'VA',
  'BASE_KV',
  'ZONE',
  'VMAX',
  'VMIN',
] as const;

export const GEN_COLUMNS = [
  'GEN_BUS',
  'PG',
  'QG',
  'QMAX',
  'QMIN',
  'VG',
  'MBASE',
  'GEN_STATUS',
  'PMAX',
  'PMIN',
] as const;

export const BRANCH_COLUMNS = [
  'F_BUS',
  'T_BUS',
  'BR_R',
  'BR_X',
  'BR_B',
  'RATE_A',
  'RATE_B',
  'RATE_C',
  'TAP',
  'SHIFT',
  'BR_STATUS',
] as const;
