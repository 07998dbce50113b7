import { demoCaseResponseSchema, readFullDataJson } from '@holgura/contracts';
import type { Parser } from '../../lib/api-client';
import { es } from '../../strings/es';
import {
  isRecord,
  noFlows,
  readDemoFlows,
  type DemoFlows,
  type DemoGenerator,
  type DemoReadResult,
} from './model';

/**
 * Reading the stored demo case needs the contracts' fullDataJSON schema (and zod): this module
 * loads when the visitor asks for the case (api/demo-case.ts), not with the page, whose intro is
 * what a first visit shows (issue #20).
 */

const e = es.resultsDemo.demo.errors;

/**
 * Reads the stored demo case with docs/product.md §8's checks in order, then docs/product.md §5's data rules
 * (readFullDataJson): the first constraint with a real contingency; generators with zero
 * maximum capacity left out.
 */
export function readDemoCase(fullDataJson: unknown, flows: DemoFlows = noFlows): DemoReadResult {
  if (fullDataJson === null || fullDataJson === undefined || !isRecord(fullDataJson)) {
    return { ok: false, error: e.noFullData };
  }
  const caseResult = fullDataJson.caseResult;
  const first: unknown = Array.isArray(caseResult) ? caseResult[0] : undefined;
  if (!isRecord(first)) return { ok: false, error: e.noCaseResult };
  const lineal = first.linealDescription;
  const description: unknown = Array.isArray(lineal) ? lineal[0] : undefined;
  if (!isRecord(description)) return { ok: false, error: e.noLineal };
  if (!Array.isArray(description.pes)) return { ok: false, error: e.noPes };
  if (!Array.isArray(first.layers)) return { ok: false, error: e.noLayers };

  const read = readFullDataJson(fullDataJson);
  if (!read.ok) return { ok: false, error: e.noCaseResult };
  const constraint = read.view.levels
    .flatMap((level) => level.constraints)
    .find((item) => item.hasContingency);
  if (constraint === undefined) return { ok: false, error: e.noConstraint };
  const generators = constraint.generators.filter(
    (g): g is DemoGenerator => g.capacidadMaximaMW !== null && g.capacidadMaximaMW > 0,
  );
  return { ok: true, demo: { caseName: read.view.caseName, constraint, generators, flows } };
}

/** The demo case as the page uses it: read (or why it cannot be shown), and when it was stored. */
export type DemoCaseData = { read: DemoReadResult; createdAt: string };

/** The demo-case answer, plus its optional `demoFlows` member (see model.ts), read. */
export const demoCaseParser: Parser<DemoCaseData> = {
  safeParse(data: unknown) {
    const parsed = demoCaseResponseSchema.safeParse(data);
    if (!parsed.success) return { success: false };
    const flows = readDemoFlows(isRecord(data) ? data.demoFlows : undefined);
    return {
      success: true,
      data: {
        read: readDemoCase(parsed.data.fullDataJson, flows),
        createdAt: parsed.data.createdAt,
      },
    };
  },
};
