import { matVec } from '../linalg/csc';
import { inServiceMask } from '../model/indexing';
import type { InService } from '../model/indexing';
import { findIslands } from '../model/islands';
import type { Islands } from '../model/islands';
import type { Network } from '../model/network';
import { BusType } from '../model/network';
import type { Bdc } from './make-bdc';
import { makeBdc } from './make-bdc';
import type { ReducedB } from './reduced-b';
import { factorReducedB, solveReducedB } from './reduced-b';

export interface DcPowerFlow {
  readonly converged: boolean;
  /** Per bus in file order; de-energised and isolated buses keep the case's angle. */
  readonly vaDeg: Float64Array;
  /** Per branch in file order; 0 for out-of-service branches. PT = −PF. */
  readonly pfMw: Float64Array;
  /** Per generator in file order; the reference generator of each island absorbs the mismatch. */
  readonly pgMw: Float64Array;
  /** Buses held at their own angle: one per energised island. */
  readonly refBuses: Int32Array;
  /** Islands without generation, de-energised (no flows, angles untouched). */
  readonly deenergisedIslands: number[];
}

/** Everything a DC study reuses: masks, islands, B matrices and the factored reduced B. */
export interface DcModel {
  readonly net: Network;
  readonly active: InService;
  readonly islands: Islands;
  readonly bdc: Bdc;
  /** Buses whose angle the power flow holds: every REF bus with generation, as rundcpf does. */
  readonly refBuses: Int32Array;
  /** Buses not solved for in the power flow: refBuses, isolated and de-energised buses. */
  readonly grounded: Uint8Array;
  readonly reduced: ReducedB;
  /** One slack per energised island (makePTDF's default: the first REF bus). */
  readonly slackBuses: Int32Array;
  /** Grounded set for sensitivities: slackBuses, isolated and de-energised buses. */
  readonly slackGrounded: Uint8Array;
  /** B factored for sensitivities; the same object as `reduced` unless an island has two REFs. */
  readonly sensitivity: ReducedB;
}

export function buildDcModel(net: Network): DcModel {
  const active = inServiceMask(net);
  const islands = findIslands(net, active);
  const bdc = makeBdc(net, active.branchActive);
  const nb = net.buses.count;
  const slackGrounded = new Uint8Array(nb);
  const slacks: number[] = [];
  for (let isl = 0; isl < islands.count; isl++) {
    if (islands.hasGeneration[isl] && islands.refBus[isl] >= 0) slacks.push(islands.refBus[isl]);
  }
  for (const r of slacks) slackGrounded[r] = 1;
  for (let i = 0; i < nb; i++) {
    const isl = islands.islandByBus[i];
    if (isl < 0 || !islands.hasGeneration[isl]) slackGrounded[i] = 1;
  }
  // rundcpf holds every REF bus that has an in-service generator, not only the first.
  const grounded = Uint8Array.from(slackGrounded);
  const genAtBus = new Uint8Array(nb);
  for (let g = 0; g < net.generators.count; g++) {
    if (active.genActive[g]) genAtBus[net.generators.bus[g]] = 1;
  }
  let extraRefs = 0;
  for (let i = 0; i < nb; i++) {
    if (net.buses.type[i] === BusType.REF && genAtBus[i] && !grounded[i]) {
      grounded[i] = 1;
      extraRefs++;
    }
  }
  const refs: number[] = [];
  for (let i = 0; i < nb; i++) {
    const isl = islands.islandByBus[i];
    if (grounded[i] && isl >= 0 && islands.hasGeneration[isl]) refs.push(i);
  }
  const sensitivity = factorReducedB(bdc.bbus, slackGrounded);
  return {
    net,
    active,
    islands,
    bdc,
    refBuses: Int32Array.from(refs),
    grounded,
    reduced: extraRefs === 0 ? sensitivity : factorReducedB(bdc.bbus, grounded),
    slackBuses: Int32Array.from(slacks),
    slackGrounded,
    sensitivity,
  };
}

/** Net real injection per bus in pu, as rundcpf builds it: Pg − Pd − Gs − Pbusinj. */
export function dcInjections(model: DcModel, pgMw: ArrayLike<number>): Float64Array {
  const { net, active, bdc } = model;
  const base = net.baseMva;
  const p = new Float64Array(net.buses.count);
  for (let i = 0; i < net.buses.count; i++) {
    p[i] = (-net.buses.pdMw[i] - net.buses.gsMw[i]) / base - bdc.pbusinj[i];
  }
  const g = net.generators;
  for (let k = 0; k < g.count; k++) if (active.genActive[k]) p[g.bus[k]] += pgMw[k] / base;
  return p;
}

/** MATPOWER rundcpf: references held at the case's own angle, slack generator absorbs mismatch. */
export function runDcPowerFlow(net: Network, model = buildDcModel(net)): DcPowerFlow {
  const { bdc, grounded, islands, active } = model;
  const nb = net.buses.count;
  const base = net.baseMva;
  const g = net.generators;
  const pbus = dcInjections(model, g.pgMw);
  const va = new Float64Array(nb);
  for (let i = 0; i < nb; i++) va[i] = (net.buses.vaDeg[i] * Math.PI) / 180;
  // Move the held angles to the right-hand side: B(pvpq,ref)·Va(ref).
  const rhs = Float64Array.from(pbus);
  const { bbus } = bdc;
  for (let j = 0; j < nb; j++) {
    if (!grounded[j] || va[j] === 0) continue;
    for (let p = bbus.colPtr[j]; p < bbus.colPtr[j + 1]; p++)
      rhs[bbus.rowIdx[p]] -= bbus.values[p] * va[j];
  }
  solveReducedB(model.reduced, rhs, va);

  const pf = matVec(bdc.bf, va, new Float64Array(net.branches.count));
  for (let k = 0; k < pf.length; k++) {
    // Branches of a de-energised island carry nothing, whatever the case's angles say.
    const isl = islands.islandByBus[net.branches.fromBus[k]];
    const live = active.branchActive[k] && islands.hasGeneration[isl];
    pf[k] = live ? (pf[k] + bdc.pfinj[k]) * base : 0;
  }

  const pg = Float64Array.from(g.pgMw);
  const bva = matVec(bbus, va, new Float64Array(nb));
  for (const r of model.refBuses) {
    for (let k = 0; k < g.count; k++) {
      if (active.genActive[k] && g.bus[k] === r) {
        pg[k] += (bva[r] - pbus[r]) * base;
        break;
      }
    }
  }
  const vaDeg = new Float64Array(nb);
  for (let i = 0; i < nb; i++) {
    const isl = islands.islandByBus[i];
    vaDeg[i] =
      isl >= 0 && islands.hasGeneration[isl] ? (va[i] * 180) / Math.PI : net.buses.vaDeg[i];
  }
  const deenergisedIslands: number[] = [];
  for (let isl = 0; isl < islands.count; isl++)
    if (!islands.hasGeneration[isl]) deenergisedIslands.push(isl);
  return {
    converged: true,
    vaDeg,
    pfMw: pf,
    pgMw: pg,
    refBuses: model.refBuses,
    deenergisedIslands,
  };
}
