// Issue #29: how long an uploaded case's report takes and how big it is. Each case is uploaded
// to an app of its own (SQLite in a temporary DATA_DIR, one worker thread), analysed and its
// busbar capacities computed as /analisis does; then GET /api/cases/{id}/report.pdf and
// report.xlsx are timed over HTTP (inject: the read on the event loop, the model, the report
// thread), and the three parts apart: the read (caseReportSource, on the event loop), the PDF
// and the workbook written in-process (what the report thread does). Prints; asserts nothing.
//
//   npx tsx scripts/measure-case-report.ts [case file …] [--out dir]
//
// Default: case_ACTIVSg2000 and case_ACTIVSg10k of @holgura/test-fixtures. --out keeps the files.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { extractText, getDocumentProxy } from 'unpdf';
import { referencePath, unpackReference } from '@holgura/test-fixtures';
import {
  busbarCapacityPageResponseSchema,
  jobStatusSchema,
  uploadResponseSchema,
} from '@holgura/contracts';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config/env';
import { newAccount, TestClient } from '../apps/server/src/modules/auth/auth.test-support';
import {
  caseReportModel,
  pdfReport,
} from '../apps/server/src/modules/case-report/case-report-model';
import { caseReportPdf } from '../apps/server/src/modules/case-report/case-report-pdf';
import { caseReportSource } from '../apps/server/src/modules/case-report/case-report-source';
import { caseReportXlsx } from '../apps/server/src/modules/case-report/case-report-xlsx';

const args = process.argv.slice(2);
const outIndex = args.indexOf('--out');
const outDir = outIndex >= 0 ? args[outIndex + 1] : undefined;
const files = args.filter((arg, i) => !arg.startsWith('--') && i !== outIndex + 1);
await unpackReference();
const cases =
  files.length > 0
    ? files
    : [referencePath('cases/case_ACTIVSg2000.m'), referencePath('cases/case_ACTIVSg10k.m')];
if (outDir !== undefined) fs.mkdirSync(outDir, { recursive: true });

const ms = (value: number) => `${value.toFixed(0)} ms`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

async function waitFor(client: TestClient, jobId: string): Promise<string> {
  for (;;) {
    const status = jobStatusSchema.parse((await client.get(`/api/jobs/${jobId}`)).json());
    if (['done', 'failed', 'cancelled'].includes(status.state)) return status.state;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

for (const file of cases) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'holgura-case-report-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    DEMO_DATA: 'off',
    LOG_LEVEL: 'silent',
    WORKERS: '1',
    AUTH_SECRET: 'measure-case-report-secret-0123456789abcdef',
  });
  const app = await buildApp(config);
  try {
    const client = new TestClient(app.server);
    await client.post('/api/auth/sign-up/email', newAccount('medida'));
    const bytes = fs.readFileSync(file);
    let started = performance.now();
    const uploaded = await client.request({
      method: 'POST',
      url: '/api/casesCalculate/calculate',
      body: bytes,
      headers: { 'content-type': 'text/plain', 'x-file-name': path.basename(file) },
    });
    const { caseId, jobId } = uploadResponseSchema.parse(uploaded.json());
    if ((await waitFor(client, jobId)) !== 'done') throw new Error(`${file}: analysis failed`);
    const analysisMs = performance.now() - started;
    started = performance.now();
    const page = busbarCapacityPageResponseSchema.parse(
      (await client.get(`/api/cases/${caseId}/busbar-capacities`)).json(),
    );
    if (page.jobId !== null && (await waitFor(client, page.jobId)) !== 'done') {
      throw new Error(`${file}: capacities failed`);
    }
    const capacityMs = performance.now() - started;
    const done = busbarCapacityPageResponseSchema.parse(
      (await client.get(`/api/cases/${caseId}/busbar-capacities`)).json(),
    );

    // Over HTTP, as the button asks: three times each, the median.
    const http: Record<'pdf' | 'xlsx', { times: number[]; bytes: Buffer }> = {
      pdf: { times: [], bytes: Buffer.alloc(0) },
      xlsx: { times: [], bytes: Buffer.alloc(0) },
    };
    for (let round = 0; round < 3; round++) {
      for (const format of ['pdf', 'xlsx'] as const) {
        const t = performance.now();
        const answer = await client.get(`/api/cases/${caseId}/report.${format}`);
        http[format].times.push(performance.now() - t);
        if (answer.statusCode !== 200) throw new Error(`${format}: ${answer.body}`);
        http[format].bytes = answer.rawPayload;
      }
    }

    // The parts: the read on the event loop, the model, each file written in-process.
    const owner = (await app.db
      .selectFrom('cases')
      .select('user_id')
      .where('case_id', '=', caseId)
      .executeTakeFirstOrThrow())!.user_id;
    const reads: number[] = [];
    let source;
    for (let round = 0; round < 3; round++) {
      const t = performance.now();
      source = await caseReportSource(app.db, owner, caseId);
      reads.push(performance.now() - t);
    }
    if (source?.status !== 'ok') throw new Error(`source: ${source?.status}`);
    let t = performance.now();
    const report = caseReportModel(source.input, new Date());
    const modelMs = performance.now() - t;
    const pdfTimes: number[] = [];
    const xlsxTimes: number[] = [];
    for (let round = 0; round < 3; round++) {
      t = performance.now();
      await caseReportPdf(pdfReport(report));
      pdfTimes.push(performance.now() - t);
      t = performance.now();
      await caseReportXlsx(report);
      xlsxTimes.push(performance.now() - t);
    }
    t = performance.now();
    structuredClone(pdfReport(report));
    const clonePdfMs = performance.now() - t;
    t = performance.now();
    structuredClone(report);
    const cloneXlsxMs = performance.now() - t;
    const { totalPages } = await extractText(
      await getDocumentProxy(new Uint8Array(http.pdf.bytes)),
    );

    const buses = done.summary?.buses ?? 0;
    console.log(
      `${path.basename(file)}: ${buses} buses (analysis ${ms(analysisMs)}, capacities ${ms(capacityMs)})\n` +
        `  GET report.pdf  ${ms(median(http.pdf.times))} (median of 3), ${kb(http.pdf.bytes.length)}, ${totalPages} pages\n` +
        `  GET report.xlsx ${ms(median(http.xlsx.times))} (median of 3), ${kb(http.xlsx.bytes.length)}\n` +
        `  read (event loop) ${ms(median(reads))}, model ${ms(modelMs)}, copy to the thread ~${ms(clonePdfMs)} (PDF) and ~${ms(cloneXlsxMs)} (workbook); ` +
        `PDF written ${ms(median(pdfTimes))}, workbook written ${ms(median(xlsxTimes))}`,
    );
    if (outDir !== undefined) {
      const stem = path.basename(file).replace(/\..*$/, '');
      fs.writeFileSync(path.join(outDir, `${stem}.pdf`), http.pdf.bytes);
      fs.writeFileSync(path.join(outDir, `${stem}.xlsx`), http.xlsx.bytes);
    }
  } finally {
    await app.server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
