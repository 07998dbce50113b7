import type {
  CaseBusesResponse,
  StudyFile,
  StudyFileInput,
  StudyProblem,
  StudyRunSummary,
} from '@holgura/contracts';
import { createRequestThread } from '../../jobs/request-thread';

export interface StudyCheckRequest {
  studyBytes: Uint8Array;
  studyFormat: 'json' | 'xlsx';
  networkBytes: Uint8Array;
}

/** The thread's two jobs: check a study, or write one as a workbook (the template too). */
export type StudyThreadRequest =
  | ({ kind: 'check' } & StudyCheckRequest)
  | { kind: 'write'; study: StudyFileInput }
  | { kind: 'buses'; networkBytes: Uint8Array };

/** Every problem (file and network), or the study as it will run and what that takes. */
export interface StudyCheckAnswer {
  problems: StudyProblem[];
  study: StudyFile | null;
  summary: StudyRunSummary | null;
}

export type StudyThreadAnswer = StudyCheckAnswer | { workbook: Uint8Array } | CaseBusesResponse;

export type StudyChecker = {
  check(request: StudyCheckRequest): Promise<StudyCheckAnswer>;
  /** The study as an Excel workbook in the template's format. */
  writeWorkbook(study: StudyFileInput): Promise<Buffer>;
  /** What a busbar picker searches: every bus of a case with its name, kV, area and zone. */
  buses(networkBytes: Uint8Array): Promise<CaseBusesResponse>;
  close(): Promise<void>;
};

/** Source (tsx, Vitest) runs study-check-worker.ts; the bundle runs dist/study-check-worker.js. */
function defaultWorkerUrl(): URL {
  return import.meta.url.endsWith('.ts')
    ? new URL('./study-check-worker.ts', import.meta.url)
    : new URL('./study-check-worker.js', import.meta.url);
}

/**
 * Study files are read and checked against their network on their own thread, one at a time:
 * a 10,000-bus case takes about a second to parse, which on the event loop would stall every
 * other request, and one thread bounds what many simultaneous checks can take.
 */
export function createStudyChecker(workerUrl: URL = defaultWorkerUrl()): StudyChecker {
  const thread = createRequestThread<StudyThreadRequest, StudyThreadAnswer>(
    workerUrl,
    'study-check',
  );
  return {
    check: (request) => thread.request({ kind: 'check', ...request }) as Promise<StudyCheckAnswer>,
    async writeWorkbook(study) {
      const answer = (await thread.request({ kind: 'write', study })) as { workbook: Uint8Array };
      const bytes = answer.workbook;
      return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    },
    buses: (networkBytes) =>
      thread.request({ kind: 'buses', networkBytes }) as Promise<CaseBusesResponse>,
    close: () => thread.close(),
  };
}
