import { INPUT_CHECK_CODES } from '@holgura/engine';
import { analysisResultV1Schema, checksFor, inputCheckCodes } from '@holgura/contracts';
import { describe, expect, it } from 'vitest';
import { readReferenceText } from '@holgura/test-fixtures';
import { runAnalysis } from './analysis';

const case9 = readReferenceText('cases/case9.m');

/** case9 with every generator row's PMAX and PMIN (columns 9 and 10) replaced. */
function withGeneratorLimits(pmax: string, pmin: string): Uint8Array {
  const start = case9.indexOf('mpc.gen = [');
  const end = case9.indexOf('];', start);
  const rows = case9
    .slice(start, end)
    .split('\n')
    .map((line) => {
      const fields = line.trim().split(/\s+/);
      if (fields.length < 10 || line.includes('mpc.gen')) return line;
      fields[8] = pmax;
      fields[9] = pmin;
      return `\t${fields.join('\t')}`;
    });
  return new TextEncoder().encode(case9.slice(0, start) + rows.join('\n') + case9.slice(end));
}

const noop = () => undefined;

describe('an upload’s analysis and the input checks (issue #25)', () => {
  it('words the engine’s every check code: the two lists are one', () => {
    expect([...inputCheckCodes]).toEqual([...INPUT_CHECK_CODES]);
  });

  it('analyses a case whose units have Pmax = Inf and Pmin = -Inf, and says so beside the figures', async () => {
    const outcome = await runAnalysis(withGeneratorLimits('Inf', '-Inf'), 'pegase-like.m', noop);
    expect(outcome.ok, JSON.stringify(outcome)).toBe(true);
    if (!outcome.ok) return;
    // The stored result parses: no NaN and no infinite limit reaches it.
    const result = analysisResultV1Schema.parse(outcome.result);
    const codes = checksFor(result.flexibility!.baseCase, 'flexibility').map((c) => c.code);
    expect(codes).toContain('GEN_LIMITS_UNBOUNDED');
    for (const plant of result.flexibility!.plants) {
      expect(Number.isFinite(plant.pMaxMw) && Number.isFinite(plant.pMinMw)).toBe(true);
    }
    expect(Number.isFinite(result.flexibility!.tmaxMw)).toBe(true);
    expect(JSON.stringify(outcome.result)).not.toMatch(/NaN|Infinity/);
  });

  it('treats PSS/E’s 9999 placeholders as no limit too', async () => {
    const outcome = await runAnalysis(withGeneratorLimits('9999', '-9999'), 'raw-like.m', noop);
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(outcome.result.baseCase!.checks.map((c) => c.code)).toContain('GEN_LIMITS_UNBOUNDED');
  });

  it('says nothing is monitored when no branch has a rating', async () => {
    const text = new TextDecoder().decode(withGeneratorLimits('300', '10'));
    const start = text.indexOf('mpc.branch = [');
    const end = text.indexOf('];', start);
    const unrated = text
      .slice(start, end)
      .split('\n')
      .map((line) => {
        const fields = line.trim().split(/\s+/);
        if (fields.length < 9 || line.includes('mpc.branch')) return line;
        fields[5] = '0';
        fields[6] = '0';
        fields[7] = '0';
        return `\t${fields.join('\t')}`;
      })
      .join('\n');
    const bytes = new TextEncoder().encode(text.slice(0, start) + unrated + text.slice(end));
    const outcome = await runAnalysis(bytes, 'unrated.m', noop);
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    const capacityChecks = checksFor(outcome.result.baseCase, 'capacity').map((c) => c.code);
    expect(capacityChecks).toEqual(['NO_RATED_BRANCH']);
    expect(outcome.result.n1.monitored).toBe(0);
  });

  it('refuses a load of Inf with a coded input error, never JOB_INTERNAL', async () => {
    const text = case9.replace(/^(\s*5\s+1\s+)90(\s)/m, '$1Inf$2');
    expect(text).not.toBe(case9);
    const outcome = await runAnalysis(new TextEncoder().encode(text), 'inf-load.m', noop);
    expect(outcome).toMatchObject({ ok: false, code: 'MODEL_VALUE_NOT_FINITE', field: 'PD' });
  });
});
