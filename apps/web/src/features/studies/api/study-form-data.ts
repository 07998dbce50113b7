import type { StudyFileInput } from '@holgura/contracts';

/** The network a study is built on: a file sent with the request, or an analysed case. */
export type BaseCase = { kind: 'file'; file: File } | { kind: 'case'; caseId: string };

/** The study: the form's values (sent as JSON text) or a .json/.xlsx file the user chose. */
export type StudySource = { kind: 'values'; study: StudyFileInput } | { kind: 'file'; file: File };

/**
 * The multipart form of `POST /api/studies`, `/validate` and `/{id}/versions`: `case` or
 * `caseId`, and `study`. Sent as FormData, so the browser writes the boundary.
 */
export function studyFormData(base: BaseCase, source: StudySource): FormData {
  const form = new FormData();
  if (base.kind === 'file') form.append('case', base.file, base.file.name);
  else form.append('caseId', base.caseId);
  if (source.kind === 'file') form.append('study', source.file, source.file.name);
  else form.append('study', JSON.stringify(source.study));
  return form;
}
