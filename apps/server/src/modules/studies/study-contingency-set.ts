import { contingencyFileFormats, studyContingencySetSchema } from '@holgura/contracts';
import { z } from 'zod';
import type { CapacityContingencyFile } from '../busbar-capacities/busbar-capacities';
import {
  capacityContingencyFileOf,
  type StoredContingencySet,
} from '../contingency-sets/contingency-sets.repository';

const textFile = z.object({ fileName: z.string(), content: z.string() });

/**
 * A study version's contingency set as stored (issue #30): the base case's files as they were
 * when the version was sent — each scenario × year case reads them again against its own
 * network — and what they gave on the base case.
 */
export const studyContingencySetFileSchema = z.object({
  file: z.object({
    fileName: z.string(),
    format: z.enum(contingencyFileFormats),
    content: z.string(),
    subsystems: textFile.optional(),
    monitored: textFile.optional(),
  }) satisfies z.ZodType<CapacityContingencyFile>,
  summary: studyContingencySetSchema,
});
export type StudyContingencySetFile = z.infer<typeof studyContingencySetFileSchema>;

/** The case's stored set as a study version keeps it. */
export function studyContingencySetOf(set: StoredContingencySet): StudyContingencySetFile {
  const file = capacityContingencyFileOf(set);
  return {
    file,
    summary: {
      fileName: set.fileName,
      format: set.format,
      counts: set.counts,
      subsystemsFileName: file.subsystems?.fileName ?? null,
      monitoredFileName: file.monitored?.fileName ?? null,
    },
  };
}
