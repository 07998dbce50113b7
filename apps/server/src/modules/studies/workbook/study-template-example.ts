import { studyTemplateExample } from '@holgura/contracts';

/** The template's content: its words live with the workbook's, in contracts. */
export const STUDY_TEMPLATE_EXAMPLE = studyTemplateExample;
