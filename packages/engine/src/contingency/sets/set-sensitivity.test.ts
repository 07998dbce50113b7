import { readFileSync } from 'node:fs';
import { readReferenceText } from '@holgura/test-fixtures';
import { describe, expect, it } from 'vitest';
import { readMatpower } from '../../io/matpower/read-matpower';
import type { Network } from '../../model/network';
import { buildDcModel, runDcPowerFlow } from '../../powerflow/dcpf';
import { groupPlants } from '../../transfer/plants';
import { constraintSensitivities } from '../../transfer/sensitivities';
import type { Contingency } from './contingency-set';
import { readDefinitionBundle } from './read-definitions';
import { setSensitivityTarget, type WatchedFlow } from './set-sensitivity';

/**
 * Issue #30: a plant's sensitivity on a constraint after a planner's contingency (several
 * branches, lost units, or both) equals moving that plant 1 MW against the sink — the lost units'
 * shares out, the rest renormalised — in a DC power flow of the network without those elements.
 */

const fixture = (name: string) =>
  readFileSync(new URL(`./test-fixtures/${name}`, import.meta.url), 'latin1');
const net = readMatpower(readReferenceText('cases/case_ACTIVSg2000.m')).network;
const model = buildDcModel(net);
const bundle = readDefinitionBundle(
  {
    contingencies: { name: 'ACTIVSg2000.con', text: fixture('ACTIVSg2000.con') },
    subsystems: { name: 'ACTIVSg2000.sub', text: fixture('ACTIVSg2000.sub') },
  },
  net,
);
const plants = groupPlants(net, model.active).list;
const base = runDcPowerFlow(net, model);

// A headroom sink over every in-service unit with room up.
const g = net.generators;
const sinkShareByUnit = new Float64Array(g.count);
let room = 0;
for (let u = 0; u < g.count; u++) {
  if (model.active.genActive[u]) room += Math.max(g.pmaxMw[u]! - base.pgMw[u]!, 0);
}
for (let u = 0; u < g.count; u++) {
  if (model.active.genActive[u])
    sinkShareByUnit[u] = Math.max(g.pmaxMw[u]! - base.pgMw[u]!, 0) / room;
}
const sinkByBus = new Float64Array(net.buses.count);
for (let u = 0; u < g.count; u++) sinkByBus[g.bus[u]!]! += sinkShareByUnit[u]!;

/** The network without the contingency's elements, each unit at its base output. */
function without(c: Contingency): Network {
  const branchInService = Uint8Array.from(net.branches.inService);
  for (const k of c.branches) branchInService[k] = 0;
  const genInService = Uint8Array.from(net.generators.inService);
  for (const u of c.generators) genInService[u] = 0;
  return {
    ...net,
    branches: { ...net.branches, inService: branchInService },
    generators: { ...net.generators, inService: genInService, pgMw: Float64Array.from(base.pgMw) },
  };
}

/** d(watched flow)/dP of plant p against the sink without the lost units, by two DC solves. */
function bruteForce(c: Contingency, watched: WatchedFlow, plant: number): number {
  const outaged = without(c);
  const lost = new Set(c.generators);
  const share = Float64Array.from(sinkShareByUnit, (w, u) => (lost.has(u) ? 0 : w));
  const total = share.reduce((a, b) => a + b, 0);
  const flow = (n: Network) => {
    const f = runDcPowerFlow(n).pfMw;
    return watched.reduce((sum, m) => sum + m.coefficient * f[m.branch]!, 0);
  };
  // Moved as loads: a reference bus's unit output is re-solved by the power flow, its load is not.
  const pd = Float64Array.from(outaged.buses.pdMw);
  pd[plants[plant]!.bus]! -= 1;
  for (let u = 0; u < g.count; u++) pd[g.bus[u]!]! += share[u]! / total;
  return flow({ ...outaged, buses: { ...outaged.buses, pdMw: pd } }) - flow(outaged);
}

describe('setSensitivityTarget on ACTIVSg2000', () => {
  const all = bundle.set.contingencies.filter((c) => c.branches.length >= 2);
  // Spread over the file: its DOUBLE rules expand area by area.
  const doubles = [0, 1, 2, 3, 4, 5].map((i) => all[Math.floor((i * all.length) / 6)]!);
  const unit = plants.find(
    (p) => p.generators.length === 1 && sinkShareByUnit[p.generators[0]!]! > 0,
  )!;
  const mixed: Contingency = {
    label: 'mixed',
    branches: doubles[0]!.branches,
    generators: unit.generators,
  };
  /** The two branches whose flows the outage moves most (the elements out excluded). */
  const mostMoved = (c: Contingency) => {
    const after = runDcPowerFlow(without(c)).pfMw;
    const moved = Array.from(after, (f, m) => ({ m, by: Math.abs(f - base.pfMw[m]!) }))
      .filter(({ m }) => !c.branches.includes(m))
      .sort((a, b) => b.by - a.by);
    return [moved[0]!.m, moved[1]!.m];
  };
  const cases: { c: Contingency; watched: WatchedFlow }[] = [
    ...doubles.map((c, i) => {
      const [first, second] = mostMoved(c);
      // A branch next to the outage, and a two-member interface.
      return {
        c,
        watched:
          i % 2 === 0
            ? [{ branch: first!, coefficient: 1 }]
            : [
                { branch: first!, coefficient: 1 },
                { branch: second!, coefficient: -1 },
              ],
      };
    }),
    { c: mixed, watched: [{ branch: mostMoved(mixed)[0]!, coefficient: 1 }] },
  ];

  it('reads N-2 contingencies from the .con', () => {
    expect(doubles.length).toBe(6);
  });

  it.each(cases.map((entry, i) => [i, entry] as const))(
    'case %i: every sampled plant equals a re-solve without the elements',
    (_, { c, watched }) => {
      const target = setSensitivityTarget(model, watched, c);
      const eligible = new Uint8Array(plants.length).fill(1);
      const [row] = constraintSensitivities(
        model,
        [target],
        sinkByBus,
        plants,
        eligible,
        0,
        sinkShareByUnit,
      );
      const sample = plants
        .map((p) => p.index)
        .filter((p) => !c.generators.includes(plants[p]!.generators[0]!))
        .filter((_, i) => i % 29 === 0);
      let worst = 0;
      for (const p of sample) {
        const at = row!.plants.indexOf(p);
        const ours = at < 0 ? 0 : row!.values[at]!;
        worst = Math.max(worst, Math.abs(ours - bruteForce(c, watched, p)));
      }
      expect(worst, `contingency ${c.label}`).toBeLessThan(1e-9);
    },
  );
});
