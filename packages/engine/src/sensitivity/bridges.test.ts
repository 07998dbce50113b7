import { describe, expect, it } from 'vitest';
import { readMatpower } from '../io/matpower/read-matpower';
import { inServiceMask } from '../model/indexing';
import { findBridges } from './bridges';

const bus = (n: number): string => `${n} ${n === 1 ? 3 : 1} 0 0 0 0 1 1 0 345 1 1.1 0.9;`;
const line = (f: number, t: number, status = 1): string => `${f} ${t} 0 0.1 0 0 0 0 0 0 ${status};`;

function caseText(branches: string[]): string {
  return `mpc.baseMVA = 100;
mpc.bus = [ ${[1, 2, 3, 4, 5].map(bus).join('\n')} ];
mpc.gen = [ 1 0 0 0 0 1 100 1 100 0; ];
mpc.branch = [ ${branches.join('\n')} ];`;
}

describe('bridges', () => {
  it('finds the radial branches of a ring with a tail and a doubled spur', () => {
    // Ring 1-2-3, tail 3-4 (bridge), spur 4-5 doubled (not a bridge), plus an off branch.
    const { network } = readMatpower(
      caseText([
        line(1, 2),
        line(2, 3),
        line(3, 1),
        line(3, 4),
        line(4, 5),
        line(5, 4),
        line(1, 5, 0),
      ]),
    );
    const bridges = findBridges(network, inServiceMask(network).branchActive);
    expect(Array.from(bridges)).toEqual([0, 0, 0, 1, 0, 0, 0]);
  });

  it('treats a branch as a bridge once its parallel twin is out of service', () => {
    const { network } = readMatpower(
      caseText([line(1, 2), line(2, 3), line(3, 4), line(4, 5), line(4, 5, 0)]),
    );
    const bridges = findBridges(network, inServiceMask(network).branchActive);
    expect(Array.from(bridges)).toEqual([1, 1, 1, 1, 0]);
  });
});
