import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { MAX_STUDY_FILE_BYTES, MAX_UPLOAD_BYTES, type ErrorCode } from '@holgura/contracts';
import { cleanFileName } from '../uploads/uploads.service';

/** A file part of the form. */
export interface FormFile {
  bytes: Uint8Array;
  fileName: string;
  contentType: string;
}

/**
 * What a study request carries: the base case (a file, an analysed case, or the base network of
 * one of the caller's studies — an edit keeps its network without sending it again) and the study.
 */
export interface StudyForm {
  caseFile: FormFile | null;
  caseId: string | null;
  baseStudyId: string | null;
  study: FormFile | null;
}

export class StudyFormError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
  ) {
    super(code);
  }
}

/** @fastify/multipart's own errors (FST_…) in the words of the study form. */
function asFormError(error: unknown): unknown {
  if (error instanceof StudyFormError) return error;
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new StudyFormError(413, 'INPUT_TOO_LARGE');
  if (typeof code === 'string' && code.startsWith('FST_')) {
    return new StudyFormError(400, 'STUDY_MULTIPART_INVALID');
  }
  return error;
}

/** Parts beyond these are refused: a form is three parts at most. */
const MAX_PARTS = 6;

/**
 * Reads the multipart form of `POST /api/studies` (and the SAX-compatible calculation route):
 * `case` (the network file, up to 10 MB) or `caseId` (one of the caller's analysed cases), and
 * `study` (JSON or an Excel workbook, up to 5 MB, as a file or a text field). Sizes are enforced
 * while reading, so an oversized part is never held whole.
 */
export async function readStudyForm(
  request: FastifyRequest,
  defaults: { baseStudyId?: string } = {},
): Promise<StudyForm> {
  if (!request.isMultipart()) throw new StudyFormError(415, 'STUDY_MULTIPART_INVALID');
  const form: StudyForm = { caseFile: null, caseId: null, baseStudyId: null, study: null };
  const parts = request.parts({
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 2, fields: 4, parts: MAX_PARTS },
  });
  try {
    for await (const part of parts) {
      if (part.type === 'file') {
        const limit = part.fieldname === 'study' ? MAX_STUDY_FILE_BYTES : MAX_UPLOAD_BYTES;
        const bytes = await part.toBuffer();
        if (part.file.truncated || bytes.byteLength > limit) {
          throw new StudyFormError(
            413,
            part.fieldname === 'study' ? 'STUDY_FILE_TOO_LARGE' : 'INPUT_TOO_LARGE',
          );
        }
        const file = {
          bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength),
          fileName: cleanFileName(part.filename),
          contentType: part.mimetype,
        };
        if (part.fieldname === 'case') form.caseFile = file;
        else if (part.fieldname === 'study') form.study = file;
      } else if (typeof part.value === 'string') {
        if (part.fieldname === 'caseId') form.caseId = part.value.trim() || null;
        if (part.fieldname === 'studyId') form.baseStudyId = part.value.trim() || null;
        if (part.fieldname === 'study' && part.value.trim() !== '') {
          const bytes = new TextEncoder().encode(part.value);
          if (bytes.byteLength > MAX_STUDY_FILE_BYTES) {
            throw new StudyFormError(413, 'STUDY_FILE_TOO_LARGE');
          }
          form.study = { bytes, fileName: 'estudio.json', contentType: 'application/json' };
        }
      }
    }
  } catch (error) {
    throw asFormError(error);
  }
  if (form.study === null) throw new StudyFormError(400, 'STUDY_FILE_MISSING');
  if (form.caseFile === null && form.caseId === null)
    form.baseStudyId ??= defaults.baseStudyId ?? null;
  if (form.caseFile === null && form.caseId === null && form.baseStudyId === null) {
    throw new StudyFormError(400, 'STUDY_CASE_MISSING');
  }
  if (form.caseFile !== null && form.caseFile.bytes.byteLength === 0) {
    throw new StudyFormError(400, 'UPLOAD_EMPTY');
  }
  return form;
}

/** The form of `POST /api/networks/buses`: just the `case` file. */
export async function readNetworkForm(request: FastifyRequest): Promise<FormFile> {
  if (!request.isMultipart()) throw new StudyFormError(415, 'STUDY_MULTIPART_INVALID');
  let found: FormFile | null = null;
  try {
    for await (const part of request.parts({ limits: { fileSize: MAX_UPLOAD_BYTES, files: 1 } })) {
      if (part.type !== 'file') continue;
      const bytes = await part.toBuffer();
      if (part.file.truncated) throw new StudyFormError(413, 'INPUT_TOO_LARGE');
      if (part.fieldname === 'case') {
        found = {
          bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength),
          fileName: cleanFileName(part.filename),
          contentType: part.mimetype,
        };
      }
    }
  } catch (error) {
    throw asFormError(error);
  }
  if (found === null) throw new StudyFormError(400, 'STUDY_CASE_MISSING');
  if (found.bytes.byteLength === 0) throw new StudyFormError(400, 'UPLOAD_EMPTY');
  return found;
}

/** Workbooks are zip files (`PK\x03\x04`); anything else is read as JSON. */
export function studyFormat(file: FormFile): 'json' | 'xlsx' {
  const b = file.bytes;
  const zip = b.length >= 4 && b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04;
  return zip || /\.xlsx$/i.test(file.fileName) ? 'xlsx' : 'json';
}
