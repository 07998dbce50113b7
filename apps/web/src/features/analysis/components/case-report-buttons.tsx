import { apiRoutes, type ReportFormat } from '@holgura/contracts';
import { ReportButtons } from '../../../components/export/report-buttons';
import { esReport } from '../../../strings/es-report';

const t = esReport.case;

/** The report's path of one of the user's uploaded cases. */
export const caseReportPath = (caseId: string, format: ReportFormat) =>
  apiRoutes.caseReport[format].path({ caseId });

/**
 * «Descargar informe (PDF)» and «Descargar informe (Excel)» for the selected analysed case in
 * /analisis (issue #29): the file, the options, the N-1 screening, the flexibility, every bus's
 * capacity and the method, as the server writes them; while its capacities are still being
 * computed the server says so, and the toast repeats it.
 */
export function CaseReportButtons({
  caseId,
  caseName,
  className,
}: {
  caseId: string;
  caseName: string;
  className?: string;
}) {
  return (
    <ReportButtons
      path={(format) => caseReportPath(caseId, format)}
      fallbackName={t.fallbackName}
      groupLabel={t.groupLabel(caseName)}
      hint={t.hint}
      {...(className === undefined ? {} : { className })}
    />
  );
}
