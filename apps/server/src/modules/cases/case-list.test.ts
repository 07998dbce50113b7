import { describe, expect, it } from 'vitest';
import { caseListResponseSchema } from '@holgura/contracts';
import { buildTestApp, dialects } from '../../test-support';
import { analysed, case9, signedIn } from '../uploads/uploads.test-support';

const lines = case9.toString('utf8').split('\n');
// case9's bus 5 has a 90 MW load: written 1e309, it no longer fits a double.
const busLine = lines.findIndex((line) => /^\s*5\s+1\s+90\s/.test(line));
const overflowing = Buffer.from(
  lines
    .map((line, i) => (i === busLine ? line.replace(/^(\s*5\s+1\s+)90/, '$11e309') : line))
    .join('\n'),
);
const noBuses = Buffer.from(`mpc.version = '2';
mpc.baseMVA = 100;
mpc.bus = [];
mpc.gen = [];
mpc.branch = [];
`);

describe.each(dialects)('the case list on %s', (dialect) => {
  it('shows each upload’s analysis, a failed one as failed with its Spanish reason and line', async () => {
    const { server } = await buildTestApp({ workers: 2 }, { dialect });
    const ana = await signedIn(server, 'failed-list');
    expect(busLine).toBeGreaterThan(0);
    const good = await analysed(ana, case9, 'bueno.m');
    const overflow = await analysed(ana, overflowing, 'desborde.m');
    const empty = await analysed(ana, noBuses, 'vacio.m');
    expect(overflow.status.error).toEqual({
      code: 'PARSE_MATPOWER_NUMBER_OVERFLOW',
      message: `Un número del caso MATPOWER es demasiado grande: no cabe en un número de doble precisión (línea ${busLine + 1}, campo bus.PD)`,
    });
    expect(empty.status.error).toEqual({
      code: 'MODEL_NETWORK_EMPTY',
      message: 'El caso no tiene barras: no hay ninguna red que analizar',
    });

    const { cases } = caseListResponseSchema.parse((await ana.get('/api/cases')).json());
    const byName = new Map(cases.map((c) => [c.caseName, c.analysis]));
    expect(byName.get('bueno')).toEqual({ jobId: good.jobId, state: 'done', error: null });
    expect(byName.get('desborde')).toEqual({
      jobId: overflow.jobId,
      state: 'failed',
      error: overflow.status.error,
    });
    expect(byName.get('vacio')).toMatchObject({
      state: 'failed',
      error: { code: 'MODEL_NETWORK_EMPTY' },
    });
  });
});
