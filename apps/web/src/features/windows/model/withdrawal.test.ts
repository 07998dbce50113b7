import type { WindowResultView } from '@holgura/contracts';
import { describe, expect, it } from 'vitest';
import { windowResult } from '../windows.test-support';
import { compareWithdrawal } from './withdrawal';

/** case30's window without R3: under max R1 takes what R3 held (figures made for the test). */
function withoutR3(): WindowResultView {
  const result = windowResult();
  result.requests = result.requests.filter((r) => r.id !== 'R3');
  const { max, order } = result.rules;
  if (!max.ok || !order.ok) throw new Error('the test data has every rule');
  max.awards = [
    { id: 'R1', awardedMw: 60, status: 'complete', binding: [], competitors: [] },
    { id: 'R2', awardedMw: 0, status: 'none', binding: [], competitors: [] },
    { id: 'R4', awardedMw: 28, status: 'partial', binding: [], competitors: [] },
  ];
  max.totalAwardedMw = 88;
  // order: R3 had nothing, nothing moves (a change under 0.05 MW is rounding).
  order.awards = order.awards
    .filter((a) => a.id !== 'R3')
    .map((a) => (a.id === 'R2' ? { ...a, awardedMw: 66.8 } : a));
  return result;
}

describe('who moves up when a request withdraws', () => {
  it('lists each request whose award grew, by how much, against what the withdrawn one freed', () => {
    const comparison = compareWithdrawal(windowResult(), withoutR3(), ['R3'], 'max');
    if (!comparison.ok) throw new Error('both windows have max');
    expect(comparison.freedMw).toBe(40);
    expect(comparison.up).toEqual([
      { id: 'R1', beforeMw: 48.51998, afterMw: 60, deltaMw: 60 - 48.51998 },
    ]);
    expect(comparison.down).toEqual([{ id: 'R4', beforeMw: 30, afterMw: 28, deltaMw: -2 }]);
    expect(comparison.takenMw).toBeCloseTo(11.48002, 9);
    expect(comparison.totalBeforeMw).toBe(118.51998);
    expect(comparison.totalAfterMw).toBe(88);
  });

  it('says nobody moves when the withdrawn request held nothing (rounding is not a move)', () => {
    const comparison = compareWithdrawal(windowResult(), withoutR3(), ['R3'], 'order');
    expect(comparison).toMatchObject({ ok: true, freedMw: 0, up: [], down: [], takenMw: 0 });
  });

  it('has no comparison for a rule either window lacks', () => {
    const after = withoutR3();
    after.rules.fair = {
      ok: false,
      rule: 'fair',
      error: { code: 'WINDOW_SOLVER_FAILED', message: 'falló' },
    };
    expect(compareWithdrawal(windowResult(), after, ['R3'], 'fair')).toEqual({ ok: false });
  });
});
