import { describe, expect, it, vi } from 'vitest';
import { readMatpower } from '@holgura/engine';
import type * as Engine from '@holgura/engine';
import { DEFAULT_WINDOW_OPTIONS } from '@holgura/contracts';
import { readReference } from '@holgura/test-fixtures';

// The solver's two ways to fail, on demand: 'max' runs out of memory (as 1,600 dense requests
// on ACTIVSg10k do), or ends without an optimum.
const failing = vi.hoisted(() => ({ rule: null as string | null, kind: 'abort' }));
vi.mock('@holgura/engine', async (importOriginal) => {
  const engine = await importOriginal<typeof Engine>();
  return {
    ...engine,
    allocatePrepared: (...args: Parameters<typeof Engine.allocatePrepared>) => {
      if (args[1] === failing.rule) {
        throw failing.kind === 'abort'
          ? new engine.SolverAborted('Aborted()')
          : new engine.LpNotOptimal(8);
      }
      return engine.allocatePrepared(...args);
    },
  };
});

const { allocateWindowRules } = await import('./window-allocation');
const net = readMatpower(readReference('cases/case30.m').toString('utf8')).network;
const requests = [
  { id: 'A', bus: 2, mw: 60 },
  { id: 'B', bus: 5, mw: 80 },
];

describe('allocateWindowRules (issue #28)', () => {
  it('reports a rule HiGHS aborted as too large, and does not run the rules after it', async () => {
    failing.rule = 'max';
    failing.kind = 'abort';
    const ran: string[] = [];
    const result = await allocateWindowRules(
      [{ network: net }],
      requests,
      DEFAULT_WINDOW_OPTIONS,
      (rule) => ran.push(rule),
    );
    expect(ran).toEqual(['order', 'max']);
    expect(result.rules.order.ok).toBe(true);
    expect(result.rules.max).toMatchObject({ ok: false, error: { code: 'WINDOW_SOLVER_ABORTED' } });
    expect(result.rules.fair).toMatchObject({
      ok: false,
      error: { code: 'WINDOW_SOLVER_ABORTED' },
    });
  });

  it('reports a rule without an optimum as failed and still runs the others', async () => {
    failing.rule = 'order';
    failing.kind = 'not-optimal';
    const result = await allocateWindowRules([{ network: net }], requests, DEFAULT_WINDOW_OPTIONS);
    expect(result.rules.order).toMatchObject({
      ok: false,
      error: { code: 'WINDOW_SOLVER_FAILED' },
    });
    expect(result.rules.max.ok).toBe(true);
    expect(result.rules.fair.ok).toBe(true);
    // The requests and their stand-alone figures come from a rule that ran.
    expect(result.requests.map((r) => r.standaloneMw).every((mw) => mw > 0)).toBe(true);
  });
});
