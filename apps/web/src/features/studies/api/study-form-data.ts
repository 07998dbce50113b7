import type { StudyFileInput } from '@holgura/contracts';

/**
 * The network a study is built on: a file sent with the request, an analysed case, or the
 * network already stored with one of the user's studies (editing it without the file again).
 */
export type BaseCase =
  | { kind: 'file'; file: File }
  | { kind: 'case'; caseId: string }
  | { kind: 'study'; studyId: string; version: number; fileName: string };

/** The study: the form's values (sent as JSON text) or a .json/.xlsx file the user chose. */
export type StudySource = { kind: 'values'; study: StudyFileInput } | { kind: 'file'; file: File };

/**
 * The multipart form of `POST /api/studies`, `/validate` and `/{id}/versions`: `case`, `caseId`
 * or `studyId` (that study's network), and `study`. Sent as FormData, so the browser writes the
 * boundary.
 */
export function studyFormData(base: BaseCase, source: StudySource): FormData {
  const form = new FormData();
  if (base.kind === 'file') form.append('case', base.file, base.file.name);
  else if (base.kind === 'case') form.append('caseId', base.caseId);
  else form.append('studyId', base.studyId);
  if (source.kind === 'file') form.append('study', source.file, source.file.name);
  else form.append('study', JSON.stringify(source.study));
  return form;
}
