import { demoCaseResponseSchema } from '@holgura/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api, type Parser } from '../../../lib/api-client';
import { readDemoFlows, type DemoFlows } from '../model';

export const DEMO_CASE_PATH = '/api/demo-case';

type DemoCaseAnswer = { fullDataJson: unknown; createdAt: string; flows: DemoFlows };

/** The demo-case answer, plus its optional `demoFlows` member (see model.ts). */
const demoCaseParser: Parser<DemoCaseAnswer> = {
  safeParse(data: unknown) {
    const parsed = demoCaseResponseSchema.safeParse(data);
    if (!parsed.success) return { success: false };
    const raw = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
    return {
      success: true,
      data: {
        fullDataJson: parsed.data.fullDataJson,
        createdAt: parsed.data.createdAt,
        flows: readDemoFlows(raw.demoFlows),
      },
    };
  },
};

export const demoCaseQueryOptions = () =>
  queryOptions({
    queryKey: ['demo', 'case'],
    queryFn: ({ signal }) => api.get(DEMO_CASE_PATH, demoCaseParser, signal),
    retry: false,
    staleTime: 60_000,
  });
