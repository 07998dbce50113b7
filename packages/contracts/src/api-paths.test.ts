import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  API_PREFIX,
  apiRouteList,
  apiRoutes,
  pathOf,
  type PathArgs,
  type PathParamNames,
} from './api-paths';
import { analysisPaths, exportPaths } from './routes';
import { busbarCapacityPaths } from './api/busbar-capacities';
import { resultPaths } from './api/result-parts';

/** The original calculation API's paths, kept where its clients call them. */
const legacyPatterns = ['/cases', '/download-excel/api-results'];

/** A value for each parameter that needs encoding: a space, a slash and a question mark. */
const awkward = (name: string) => `${name} /?`;

describe('apiRoutes (issue #27: every path said once)', () => {
  it('reads the parameter names of a pattern in its type', () => {
    expectTypeOf<PathParamNames<'/api/health'>>().toEqualTypeOf<never>();
    expectTypeOf<PathParamNames<'/api/cases/:caseId'>>().toEqualTypeOf<'caseId'>();
    expectTypeOf<
      PathParamNames<'/api/cases/:caseId/busbar-capacities/:bus/ac-check'>
    >().toEqualTypeOf<'caseId' | 'bus'>();
    expectTypeOf<PathArgs<'/api/stats'>>().toEqualTypeOf<[]>();
    expectTypeOf(apiRoutes.caseAnalysis.path)
      .parameter(0)
      .toEqualTypeOf<Readonly<Record<'caseId' | 'analysisId', string | number>>>();
    // @ts-expect-error: a pattern with parameters needs their values
    expect(() => apiRoutes.caseData.path()).toThrow(/no value for :caseId/);
    // @ts-expect-error: and none other
    apiRoutes.health.path({ caseId: 'c1' });
  });

  it('builds each path from its pattern, every parameter filled in and encoded', () => {
    for (const { pattern, path } of apiRouteList) {
      const names = [...pattern.matchAll(/:(\w+)/g)].map((match) => match[1]!);
      const built = path(Object.fromEntries(names.map((name) => [name, awkward(name)])));
      const expected = names.reduce(
        (result, name) => result.replace(`:${name}`, encodeURIComponent(awkward(name))),
        pattern,
      );
      expect(built, pattern).toBe(expected);
      // The same segments as the pattern: nothing left unfilled, no slash let through.
      expect(built.split('/').length, pattern).toBe(pattern.split('/').length);
      expect(built, pattern).not.toContain(':');
    }
    expect(apiRoutes.caseAnalysis.path({ caseId: 'a b', analysisId: 'x/y' })).toBe(
      '/api/cases/a%20b/analyses/x%2Fy',
    );
    expect(apiRoutes.busbarCapacityAcCheck.path({ caseId: 'c1', bus: 42 })).toBe(
      '/api/cases/c1/busbar-capacities/42/ac-check',
    );
    expect(apiRoutes.studyFile.json.path({ studyId: 's1' })).toBe('/api/studies/s1/study.json');
    expect(apiRoutes.stats.path()).toBe('/api/stats');
    expect(pathOf('/api/jobs/:jobId/events', { jobId: 'j#1' })).toBe('/api/jobs/j%231/events');
  });

  it('ends each parameter at a slash or at the end, as its type reads it', () => {
    for (const { pattern } of apiRouteList) {
      for (const match of pattern.matchAll(/:/g)) {
        expect(pattern.slice(match.index), pattern).toMatch(/^:\w+(\/|$)/);
      }
    }
  });

  it('puts every path under /api, the original calculation API aside', () => {
    for (const { pattern } of apiRouteList) {
      if (legacyPatterns.includes(pattern)) continue;
      expect(pattern.startsWith(`${API_PREFIX}/`), pattern).toBe(true);
    }
  });

  it('names each pattern once, and each method of it once', () => {
    const patterns = apiRouteList.map(({ pattern }) => pattern);
    expect(new Set(patterns).size).toBe(patterns.length);
    const operations = apiRouteList.flatMap(({ pattern, methods }) =>
      methods.map((method) => `${method} ${pattern}`),
    );
    expect(new Set(operations).size).toBe(operations.length);
    expect(operations).toContain('GET /api/cases/:caseId/export/constraints.xlsx');
    expect(operations).toContain('POST /api/cases/:caseId/analyses');
  });

  it('keeps the older builders on the same paths', () => {
    expect(exportPaths.constraints('c 1', 'csv')).toBe('/api/cases/c%201/export/constraints.csv');
    expect(exportPaths.generators('c1', 'xlsx')).toBe('/api/cases/c1/export/generators.xlsx');
    expect(exportPaths.busbarCapacities('xlsx')).toBe('/api/export/busbar-capacities.xlsx');
    expect(analysisPaths.analyses('c1')).toBe('/api/cases/c1/analyses');
    expect(analysisPaths.analysis('c1', 'a/1')).toBe('/api/cases/c1/analyses/a%2F1');
    expect(analysisPaths.generators('c1')).toBe('/api/cases/c1/generators');
    expect(resultPaths.generators('c1', 7)).toBe('/api/cases/c1/result/constraints/7/generators');
    expect(resultPaths.fullDataJson('c1')).toBe('/api/cases/c1/result/full-data-json');
    expect(busbarCapacityPaths.acCheck('c1', 3)).toBe('/api/cases/c1/busbar-capacities/3/ac-check');
  });
});
