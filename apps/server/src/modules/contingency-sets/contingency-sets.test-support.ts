import { readReference } from '@holgura/test-fixtures';
import { apiRoutes } from '@holgura/contracts';
import { loadCase } from '@holgura/engine';
import type { TestClient } from '../auth/auth.test-support';

export const activsg200 = readReference('cases/case_ACTIVSg200.m');

/** Every branch alone, 30 pairs of branches that share a bus (N-2), 5 units: a contab. */
export async function planSet() {
  const { network: net } = await loadCase(new Uint8Array(activsg200));
  const rows: string[] = [];
  let label = 0;
  for (let k = 0; k < net.branches.count; k++) {
    rows.push(`  ${++label} 0 CT_TBRCH ${k + 1} BR_STATUS CT_REP 0;`);
  }
  const { fromBus, toBus } = net.branches;
  let pairs = 0;
  for (let k = 1; k < net.branches.count && pairs < 30; k += 3) {
    for (let j = 0; j < k; j++) {
      if (fromBus[j] === fromBus[k] || toBus[j] === toBus[k]) {
        label++;
        rows.push(`  ${label} 0 CT_TBRCH ${j + 1} BR_STATUS CT_REP 0;`);
        rows.push(`  ${label} 0 CT_TBRCH ${k + 1} BR_STATUS CT_REP 0;`);
        pairs++;
        break;
      }
    }
  }
  for (const g of [1, 5, 9, 13, 17]) rows.push(`  ${++label} 0 CT_TGEN ${g} GEN_STATUS CT_REP 0;`);
  const text = ['function chgtab = plan', 'define_constants;', 'chgtab = [', ...rows, '];'].join(
    '\n',
  );
  return { net, text };
}

/** PUT the case's contingency file as the card sends one file: raw, named by x-file-name. */
export const putSet = (client: TestClient, caseId: string, text: string, name = 'plan.m') =>
  client.request({
    method: 'PUT',
    url: apiRoutes.contingencySet.path({ caseId }),
    body: Buffer.from(text, 'latin1'),
    headers: { 'content-type': 'text/plain', 'x-file-name': name },
  });
