import { randomUUID } from 'node:crypto';
import {
  DEMO_STUDY_ID,
  describeLimit,
  errorMessages,
  type CreateStudyResponse,
  type LimitExceeded,
  type StudyDetail,
  type StudyFile,
  type StudyListItem,
  type StudyProblem,
  type StudyRunSummary,
  type StudyValidationResponse,
} from '@holgura/contracts';
import type { JobLimits } from '../../config/env';
import { nowIso } from '../../db/dialect';
import type { Db } from '../../db/database';
import type { AnalysisQueue } from '../../jobs/thread-queue';
import { DEMO_OWNER } from '../cases/cases.repository';
import type { UploadStorage } from '../uploads/upload-storage';
import type { StudyChecker } from './study-check-thread';
import { studyFormat, StudyFormError, type StudyForm } from './study-form';
import {
  groupStudyCases,
  STUDY_CASE_COLUMNS,
  studiesRepository,
  type StudyVersionInput,
} from './studies.repository';
import { newestStudyVersion } from './newest-version';
import { studyContingencySetOf } from './study-contingency-set';
import { contingencySetOfCase } from '../contingency-sets/contingency-sets.repository';

/**
 * A valid study past one of the server's bounds (issue #26: MAX_STUDY_CASES, MAX_STUDY_HOURS,
 * MAX_CASE_BUSES): refused before anything is stored or run, naming the limit and its value.
 */
export class StudyTooLargeError extends Error {
  constructor(readonly limit: LimitExceeded) {
    super('STUDY_TOO_LARGE');
  }
}

/** A study that cannot run: every problem, in Spanish, with its field or cell. */
export class StudyInvalidError extends Error {
  constructor(readonly problems: StudyProblem[]) {
    super('STUDY_INVALID');
  }
}

export interface StudiesDeps {
  db: Db;
  storage: UploadStorage;
  queue: AnalysisQueue;
  checker: StudyChecker;
  /** The bundled demo study's file, when demo data is on. */
  demoStudy: StudyFile | null;
  /** The server's bounds on a study (config JobLimits). */
  limits?: Pick<JobLimits, 'maxStudyCases' | 'maxStudyHours' | 'maxCaseBuses'>;
}

/** The bounds a study passes, from its summary: what the server will not run. */
function limitsPassed(
  summary: StudyRunSummary | null,
  limits: Pick<JobLimits, 'maxStudyCases' | 'maxStudyHours' | 'maxCaseBuses'> | undefined,
): LimitExceeded[] {
  if (summary === null || limits === undefined) return [];
  const passed: LimitExceeded[] = [];
  if (summary.cases > limits.maxStudyCases) {
    passed.push({ name: 'MAX_STUDY_CASES', limit: limits.maxStudyCases, actual: summary.cases });
  }
  const hours = summary.estimatedSeconds / 3600;
  if (hours > limits.maxStudyHours) {
    passed.push({
      name: 'MAX_STUDY_HOURS',
      limit: limits.maxStudyHours,
      actual: Math.round(hours * 10) / 10,
    });
  }
  if (summary.network.buses > limits.maxCaseBuses) {
    passed.push({
      name: 'MAX_CASE_BUSES',
      limit: limits.maxCaseBuses,
      actual: summary.network.buses,
    });
  }
  return passed;
}

/** A bound passed, as the problem list of a validation words it. */
const limitProblem = (limit: LimitExceeded): StudyProblem => ({
  message: `${errorMessages.STUDY_TOO_LARGE}: ${describeLimit(limit)}`,
  field: limit.name === 'MAX_CASE_BUSES' ? 'case' : 'scenarios',
  sheet: null,
  row: null,
  cell: null,
});

/** The base network of a request: its bytes and where they are (or will be) stored. */
interface BaseNetwork {
  bytes: Uint8Array;
  fileName: string;
  baseCaseId: string | null;
  /** Already stored (an analysed case's upload). */
  uploadId: string | null;
}

export function studiesService(deps: StudiesDeps) {
  const { db, storage, queue, checker } = deps;

  /** The network the form names: a file sent with it, or one of the owner's analysed cases. */
  async function baseNetwork(owner: string, form: StudyForm): Promise<BaseNetwork> {
    if (form.caseFile !== null) {
      return {
        bytes: form.caseFile.bytes,
        fileName: form.caseFile.fileName,
        baseCaseId: null,
        uploadId: null,
      };
    }
    if (form.caseId === null) return studyBase(owner, form.baseStudyId!);
    const row = await db
      .selectFrom('analysis_jobs')
      .innerJoin('uploads', 'uploads.id', 'analysis_jobs.upload_id')
      .innerJoin('cases', 'cases.case_id', 'analysis_jobs.case_id')
      .select(['uploads.id', 'uploads.sha256', 'uploads.file_name', 'analysis_jobs.state'])
      .where('analysis_jobs.case_id', '=', form.caseId!)
      .where('analysis_jobs.user_id', '=', owner)
      .where('cases.family_id', 'is', null)
      .orderBy('analysis_jobs.created_at', 'desc')
      .executeTakeFirst();
    if (row === undefined) throw new StudyFormError(404, 'CASE_NOT_FOUND');
    let bytes: Buffer;
    try {
      bytes = await storage.read(row.sha256);
    } catch {
      throw new StudyFormError(422, 'STUDY_CASE_UNREADABLE');
    }
    return {
      bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength),
      fileName: row.file_name,
      baseCaseId: form.caseId,
      uploadId: row.id,
    };
  }

  /** The base network of a study's newest version (an edit that keeps it). */
  async function studyBase(owner: string, studyId: string): Promise<BaseNetwork> {
    const row = await newestStudyVersion(db, owner, studyId)
      .innerJoin('uploads', 'uploads.id', 'study_versions.upload_id')
      .select([
        'uploads.id',
        'uploads.sha256',
        'study_versions.base_case_id',
        'study_versions.base_file_name',
      ])
      .executeTakeFirst();
    if (row === undefined) throw new StudyFormError(404, 'STUDY_NOT_FOUND');
    let bytes: Buffer;
    try {
      bytes = await storage.read(row.sha256);
    } catch {
      throw new StudyFormError(422, 'STUDY_CASE_UNREADABLE');
    }
    return {
      bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength),
      fileName: row.base_file_name,
      baseCaseId: row.base_case_id,
      uploadId: row.id,
    };
  }

  async function check(owner: string, form: StudyForm) {
    const base = await baseNetwork(owner, form);
    const answer = await checker.check({
      studyBytes: form.study!.bytes,
      studyFormat: studyFormat(form.study!),
      networkBytes: base.bytes,
    });
    return { base, answer };
  }

  /** Stores the base network once (content-addressed), as an upload of the owner. */
  async function storeBase(owner: string, base: BaseNetwork): Promise<string> {
    if (base.uploadId !== null) return base.uploadId;
    const { sha256, sizeBytes } = await storage.save(base.bytes);
    const uploadId = randomUUID();
    await db
      .insertInto('uploads')
      .values({
        id: uploadId,
        user_id: owner,
        file_name: base.fileName,
        content_type: 'application/octet-stream',
        size_bytes: sizeBytes,
        sha256,
        created_at: nowIso(),
      })
      .execute();
    return uploadId;
  }

  /** Validates, stores and queues a study (or a new version of one); nothing is kept if invalid. */
  async function run(
    owner: string,
    form: StudyForm,
    existingStudyId: string | null,
  ): Promise<CreateStudyResponse | 'not-found' | 'running'> {
    const { base, answer } = await check(owner, form);
    if (answer.study === null || answer.problems.length > 0) {
      throw new StudyInvalidError(answer.problems);
    }
    const passed = limitsPassed(answer.summary, deps.limits);
    if (passed.length > 0) throw new StudyTooLargeError(passed[0]!);
    const repository = studiesRepository(db, owner);
    if (existingStudyId !== null && (await repository.find(existingStudyId)) === null) {
      return 'not-found';
    }
    // The case's set as it is now: a later change to it does not move this version's figures.
    const set = base.baseCaseId === null ? null : await contingencySetOfCase(db, base.baseCaseId);
    const input: StudyVersionInput = {
      study: answer.study,
      uploadId: await storeBase(owner, base),
      baseCaseId: base.baseCaseId,
      baseFileName: base.fileName,
      contingencySet: set === null ? null : studyContingencySetOf(set),
    };
    const created =
      existingStudyId === null
        ? await repository.create(input)
        : await repository.createVersion(existingStudyId, input);
    if (typeof created === 'string') return created;
    // The job is committed; if this send is lost, the queue's sweep sends it again.
    await queue.enqueue(created.jobId).catch(() => undefined);
    return created;
  }

  return {
    async validate(owner: string, form: StudyForm): Promise<StudyValidationResponse> {
      const { answer } = await check(owner, form);
      const problems = [
        ...answer.problems,
        ...limitsPassed(answer.summary, deps.limits).map(limitProblem),
      ];
      return {
        valid: answer.study !== null && problems.length === 0,
        problems,
        study: answer.study,
        summary: answer.summary,
      };
    },

    create: (owner: string, form: StudyForm) =>
      run(owner, form, null) as Promise<CreateStudyResponse>,

    createVersion: (owner: string, studyId: string, form: StudyForm) => run(owner, form, studyId),

    async list(owner: string): Promise<StudyListItem[]> {
      const own = await studiesRepository(db, owner).list();
      const demo = await demoItem();
      return demo === null ? own : [demo, ...own];
    },

    async detail(owner: string, studyId: string): Promise<StudyDetail | null> {
      if (studyId === DEMO_STUDY_ID) return demoDetail();
      const found = await studiesRepository(db, owner).find(studyId);
      if (found === null) return null;
      return {
        ...found.item,
        description: found.description,
        study: found.study,
        cases: groupStudyCases(studyId, found.study, found.cases),
      };
    },

    cancel: (owner: string, studyId: string) => studiesRepository(db, owner).cancel(studyId),
    delete: (owner: string, studyId: string) => studiesRepository(db, owner).delete(studyId),
  };

  async function demoRows() {
    return db
      .selectFrom('cases')
      .innerJoin('case_api_data', 'case_api_data.case_id', 'cases.case_id')
      .select([...STUDY_CASE_COLUMNS, 'cases.created_at'])
      .where('cases.user_id', '=', DEMO_OWNER)
      .where('cases.family_id', 'is not', null)
      .execute();
  }

  /** The demo study as a list entry: present once its cases are stored. */
  async function demoItem(): Promise<StudyListItem | null> {
    const study = deps.demoStudy;
    if (study === null) return null;
    const first = await db
      .selectFrom('cases')
      .select('created_at')
      .where('user_id', '=', DEMO_OWNER)
      .where('family_id', 'is not', null)
      .orderBy('created_at')
      .limit(1)
      .executeTakeFirst();
    if (first === undefined) return null;
    return {
      studyId: DEMO_STUDY_ID,
      name: study.name,
      networkLabel: study.networkLabel,
      state: 'done',
      version: 1,
      resultsVersion: 1,
      jobId: null,
      progressPercent: 100,
      stage: null,
      error: null,
      scenarios: study.scenarios.length,
      years: study.years,
      busbars: study.busbars.length,
      baseCaseId: null,
      contingencySet: null,
      baseFileName: study.baseCase ?? '',
      createdAt: first.created_at,
      updatedAt: first.created_at,
      isDemo: true,
    };
  }

  async function demoDetail(): Promise<StudyDetail | null> {
    const item = await demoItem();
    if (item === null || deps.demoStudy === null) return null;
    return {
      ...item,
      description: deps.demoStudy.description,
      study: deps.demoStudy,
      cases: groupStudyCases(DEMO_STUDY_ID, deps.demoStudy, await demoRows()),
    };
  }
}

export type StudiesService = ReturnType<typeof studiesService>;
