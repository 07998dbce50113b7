import { STUDIES_PATH } from './get-studies';
import { studyPath } from './get-study';

/** The Excel template, filled with a small example (one sheet per section). */
export const TEMPLATE_PATH = `${STUDIES_PATH}/template.xlsx`;
export const TEMPLATE_FILE_NAME = 'plantilla-estudio-holgura.xlsx';

/** A study's file (the shown version), to edit offline and load again. */
export const studyFilePath = (studyId: string, format: 'xlsx' | 'json') =>
  `${studyPath(studyId)}/study.${format}`;
export const studyFileName = (studyId: string, format: 'xlsx' | 'json') =>
  `estudio-${studyId.slice(0, 8)}.${format}`;
