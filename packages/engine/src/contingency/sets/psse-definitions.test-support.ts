import { readMatpower } from '../../io/matpower/read-matpower';
import type { Network } from '../../model/network';

/**
 * A small grid for the PSS/E definition readers' tests (issue #30):
 *
 * ```text
 *  area 1                                   area 2
 *  bus 1 (230 kV, zone 1) ══ 1-2 ckt 1, 2 ══ bus 2 (230 kV, zone 1)
 *    │ 1-4                                    │ 2-3 (230/115 kV)   │ 2-4
 *  bus 4 (230 kV, area 2, zone 3)           bus 3 (115 kV, zone 2)
 *    ║ 4-5 ckt 1 and 5-4 ckt 2 (written the other way)
 *  bus 5 (115 kV, area 2, zone 3) ── 3-5 ── bus 3;  5-6 ── bus 6 (13.8 kV, area 2, zone 3)
 *  bus 7 (230 kV, area 2, zone 4): 3-7 out of service; 4-7
 * ```
 *
 * Rows (0-based): 0 1-2(1), 1 1-2(2), 2 2-3, 3 1-4, 4 2-4, 5 4-5(1), 6 5-6, 7 3-5, 8 5-4(2),
 * 9 3-7 (out), 10 4-7. Units: 0 and 1 at bus 1, 2 at bus 6, 3 at bus 3 (out of service).
 */
export const SMALL_CASE = `function mpc = small
mpc.version = '2';
mpc.baseMVA = 100;
mpc.bus = [
  1 3 0  0 0 0 1 1 0 230  1 1.1 0.9;
  2 1 40 0 0 0 1 1 0 230  1 1.1 0.9;
  3 1 30 0 0 0 1 1 0 115  2 1.1 0.9;
  4 1 20 0 0 0 2 1 0 230  3 1.1 0.9;
  5 1 50 0 0 0 2 1 0 115  3 1.1 0.9;
  6 2 0  0 0 0 2 1 0 13.8 3 1.1 0.9;
  7 1 10 0 0 0 2 1 0 230  4 1.1 0.9;
];
mpc.gen = [
  1 60 0 100 -100 1 100 1 120 0;
  1 40 0 100 -100 1 100 1 80 0;
  6 50 0 100 -100 1 100 1 90 0;
  3 0 0 100 -100 1 100 0 30 0;
];
mpc.branch = [
  1 2 0 0.10 0 100 120 0 0 0 1;
  1 2 0 0.12 0 100 120 0 0 0 1;
  2 3 0 0.08 0 80 90 0 0.98 0 1;
  1 4 0 0.20 0 90 100 0 0 0 1;
  2 4 0 0.15 0 90 100 0 0 0 1;
  4 5 0 0.10 0 70 80 0 1.02 0 1;
  5 6 0 0.05 0 100 100 0 1 0 1;
  3 5 0 0.25 0 60 70 0 0 0 1;
  5 4 0 0.11 0 70 80 0 0 0 1;
  3 7 0 0.30 0 50 60 0 0 0 0;
  4 7 0 0.30 0 50 60 0 0 0 1;
];
`;

export function smallNetwork(): Network {
  return readMatpower(SMALL_CASE).network;
}

/** The small grid with row `k` marked a closed switch (as the RAW reader marks them). */
export function withSwitch(net: Network, k: number): Network {
  const mark = new Uint8Array(net.branches.count);
  mark[k] = 1;
  return { ...net, branches: { ...net.branches, switch: mark } };
}

/**
 * The test .mon's area 7 → area 6 interface of ACTIVSg2000 (test-fixtures/ACTIVSg2000.mon),
 * rated 2,650 MW, just above its 2,603 MW base flow: it limits the capacity of area 7's plants.
 */
export const AREA7_TO_AREA6_TIGHT = [
  "MONITOR INTERFACE 'AREA 7 TO AREA 6, 500 KV' RATING 2650 MW",
  '  BRANCH FROM BUS 7199 TO BUS 6062 CKT 1',
  '  BRANCH FROM BUS 7018 TO BUS 6075 CKT 1',
  '  BRANCH FROM BUS 7018 TO BUS 6161 CKT 1',
  '  BRANCH FROM BUS 7414 TO BUS 6239 CKT 1',
  'END',
];
