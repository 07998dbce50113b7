import { apiRoutes, type StudyFileFormat } from '@holgura/contracts';

/** The Excel template, filled with a small example (one sheet per section). */
export const TEMPLATE_PATH = apiRoutes.studyTemplate.path();
export const TEMPLATE_FILE_NAME = 'plantilla-estudio-holgura.xlsx';

/** A study's file (the shown version), to edit offline and load again. */
export const studyFilePath = (studyId: string, format: StudyFileFormat) =>
  apiRoutes.studyFile[format].path({ studyId });
export const studyFileName = (studyId: string, format: StudyFileFormat) =>
  `estudio-${studyId.slice(0, 8)}.${format}`;
