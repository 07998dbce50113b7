import { analysisSection } from './analysis';
import { busbarCapacitiesSection } from './busbar-capacities';
import { capacitySection } from './capacity';
import { compareReportSection } from './compare-report';
import { hoursSection } from './hours';
import { glossarySection, limitsSection } from './limits-glossary';
import { studyFileSection } from './study-file';
import type { DocSection } from './types';
import { uploadSection } from './upload';
import { windowsSection } from './windows';

/** The guide in reading order; the table of contents is built from it. */
export const docSections: DocSection[] = [
  uploadSection,
  analysisSection,
  busbarCapacitiesSection,
  hoursSection,
  capacitySection,
  studyFileSection,
  windowsSection,
  compareReportSection,
  limitsSection,
  glossarySection,
];
