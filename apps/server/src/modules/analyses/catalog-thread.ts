import type { CaseGeneratorsResponse } from '@holgura/contracts';
import { createRequestThread } from '../../jobs/request-thread';

/** The generator catalogue of a case, without its id (the route adds it). */
export type GeneratorCatalogAnswer = Omit<CaseGeneratorsResponse, 'caseId'>;

export interface CatalogReader {
  /** What a study-group picker offers on the case in `networkBytes` (issue #21). */
  generators(networkBytes: Uint8Array): Promise<GeneratorCatalogAnswer>;
  close(): Promise<void>;
}

/** Source (tsx, Vitest) runs catalog-worker.ts; the bundle runs dist/catalog-worker.js. */
function defaultWorkerUrl(): URL {
  return import.meta.url.endsWith('.ts')
    ? new URL('./catalog-worker.ts', import.meta.url)
    : new URL('./catalog-worker.js', import.meta.url);
}

/**
 * Cases are read for their generator catalogue on their own thread: a 10,000-bus case takes
 * about a second to parse, which on the event loop would stall every other request.
 */
export function createCatalogReader(workerUrl: URL = defaultWorkerUrl()): CatalogReader {
  const thread = createRequestThread<{ networkBytes: Uint8Array }, GeneratorCatalogAnswer>(
    workerUrl,
    'generator-catalog',
  );
  return {
    generators: (networkBytes) => thread.request({ networkBytes }),
    close: () => thread.close(),
  };
}
