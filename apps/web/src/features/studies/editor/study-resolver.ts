import { studyFileSchema, type StudyFile } from '@holgura/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldErrors, Resolver } from 'react-hook-form';
import { withoutNulls, type StudyFormValues } from '../model/form-values';

/** The contracts' schema validates the form as it is: the form holds the study file. */
const zodStudy = zodResolver(studyFileSchema) as unknown as Resolver<
  StudyFormValues,
  unknown,
  StudyFile
>;
export const studyResolver: Resolver<StudyFormValues, unknown, StudyFile> = (
  values,
  context,
  options,
) => zodStudy(withoutNulls(values) as StudyFormValues, context, options);

/** How many fields the schema refused (leaves of react-hook-form's error tree). */
export function countErrors(errors: FieldErrors | undefined): number {
  if (errors === undefined || errors === null) return 0;
  let count = typeof errors.message === 'string' ? 1 : 0;
  for (const [key, value] of Object.entries(errors)) {
    if (key === 'ref' || key === 'message' || key === 'type' || key === 'types') continue;
    if (typeof value === 'object' && value !== null) count += countErrors(value as FieldErrors);
  }
  return count;
}
