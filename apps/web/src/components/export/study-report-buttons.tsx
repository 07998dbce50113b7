import { apiRoutes, type StudyReportFormat } from '@holgura/contracts';
import { esReport } from '../../strings/es-report';
import { ReportButtons } from './report-buttons';

const t = esReport;

/** The report's path (`demo` or one of the user's studies). */
export const studyReportPath = (studyId: string, format: StudyReportFormat) =>
  apiRoutes.studyReport[format].path({ studyId });

/**
 * «Descargar informe (PDF)» and «Descargar informe (Excel)» for a study with results: the
 * report the server writes (inputs, options, capacities, charts, map, method).
 */
export function StudyReportButtons({
  studyId,
  studyName = null,
  className,
}: {
  studyId: string;
  /** Names the group for screen readers; null: «Informe del estudio». */
  studyName?: string | null;
  className?: string;
}) {
  return (
    <ReportButtons
      path={(format) => studyReportPath(studyId, format)}
      fallbackName={t.fallbackName}
      groupLabel={t.groupLabel(studyName)}
      hint={t.hint}
      {...(className === undefined ? {} : { className })}
    />
  );
}
