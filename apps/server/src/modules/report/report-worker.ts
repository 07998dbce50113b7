// The thread that writes reports (report-thread.ts): a study's and an uploaded case's, one
// request at a time, off the API's event loop.
import { parentPort, threadId } from 'node:worker_threads';
import { serveRequests } from '../../jobs/request-thread';
import type { CaseReport } from '../case-report/case-report-model';
import { caseReportPdf } from '../case-report/case-report-pdf';
import { caseReportXlsx } from '../case-report/case-report-xlsx';
import type { StudyReport } from '../studies/report/report-model';
import { studyReportPdf } from '../studies/report/report-pdf';
import { studyReportXlsx } from '../studies/report/report-xlsx';

export type ReportRequest =
  | { kind: 'study'; format: 'pdf' | 'xlsx'; report: StudyReport }
  | { kind: 'case'; format: 'pdf' | 'xlsx'; report: CaseReport };
export type ReportAnswer = { bytes: Uint8Array; threadId: number; ms: number };

function write(request: ReportRequest): Promise<Buffer> {
  if (request.kind === 'study') {
    return request.format === 'pdf'
      ? studyReportPdf(request.report)
      : studyReportXlsx(request.report);
  }
  return request.format === 'pdf' ? caseReportPdf(request.report) : caseReportXlsx(request.report);
}

if (parentPort !== null) {
  serveRequests<ReportRequest, ReportAnswer>(parentPort, async (request) => {
    const started = performance.now();
    const buffer = await write(request);
    const bytes = new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
    return { value: { bytes, threadId, ms: performance.now() - started } };
  });
}
