// The thread that reads study files and checks them against their network (study-check-thread.ts):
// exceljs and the case parser take real CPU on large files, off the API's event loop.
import { parentPort } from 'node:worker_threads';
import { busDisplayName, busIndex, isEngineError, loadCase } from '@holgura/engine';
import { describeEngineError, studyProblemWords, type StudyProblem } from '@holgura/contracts';
import { serveRequests } from '../../jobs/request-thread';
import { checkStudyAgainstNetwork, summarizeStudy } from './study-check';
import type {
  StudyCheckAnswer,
  StudyCheckRequest,
  StudyThreadAnswer,
  StudyThreadRequest,
} from './study-check-thread';
import {
  readStudyJson,
  readStudyWorkbook,
  writeStudyWorkbook,
  type StudyProblem as FileProblem,
} from './workbook';

const toContract = (problem: FileProblem): StudyProblem => ({
  message: problem.message,
  field: problem.field,
  sheet: problem.sheet,
  row: problem.row,
  cell: problem.cell,
});

const caseProblem = (message: string): StudyProblem => ({
  message: studyProblemWords.file.baseCase(message),
  field: 'case',
  sheet: null,
  row: null,
  cell: null,
});

export async function checkStudy(request: StudyCheckRequest): Promise<StudyCheckAnswer> {
  const read =
    request.studyFormat === 'xlsx'
      ? await readStudyWorkbook(request.studyBytes)
      : readStudyJson(request.studyBytes);
  let loaded;
  try {
    loaded = await loadCase(request.networkBytes);
  } catch (error) {
    if (!isEngineError(error)) throw error;
    const problems = read.ok ? [] : read.problems.map(toContract);
    const described = describeEngineError(error);
    return { problems: [caseProblem(described.message), ...problems], study: null, summary: null };
  }
  if (!read.ok) return { problems: read.problems.map(toContract), study: null, summary: null };
  const problems = checkStudyAgainstNetwork(read.study, loaded.network).map(({ path, detail }) =>
    toContract(read.describeAt(path, detail)),
  );
  return {
    problems,
    study: read.study,
    summary: summarizeStudy(read.study, loaded.network),
  };
}

if (parentPort !== null) {
  serveRequests<StudyThreadRequest, StudyThreadAnswer>(parentPort, async (request) => {
    if (request.kind === 'check') return { value: await checkStudy(request) };
    if (request.kind === 'buses') {
      const { network: net } = await loadCase(request.networkBytes);
      const { buses } = net;
      return {
        value: {
          buses: {
            number: Array.from(buses.number),
            name: Array.from({ length: buses.count }, (_, i) => busDisplayName(net, busIndex(i))),
            baseKv: Array.from(buses.baseKv),
            area: Array.from(buses.area),
            zone: Array.from(buses.zone),
          },
          areas: [...new Set(buses.area)].sort((a, b) => a - b),
        },
      };
    }
    const buffer = await writeStudyWorkbook(request.study);
    const workbook = new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
    return { value: { workbook } };
  });
}
