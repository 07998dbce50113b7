import { exportPaths } from '@holgura/contracts';
import { esExport } from '../../strings/es-export';
import { cn } from '../../utils/cn';
import { ExportButtons } from './export-buttons';
import { StudyReportButtons } from './study-report-buttons';

/**
 * /resultados' downloads: the chosen study's busbar capacities (its shown version), of the
 * selected family or of every busbar without one, and the whole study's report (issue #29).
 */
export function BusbarCapacityExport({
  studyId,
  family,
  className,
}: {
  /** `demo` or one of the user's studies. */
  studyId: string;
  family: { familyId: string; familyName: string } | null;
  className?: string;
}) {
  const query = (format: 'xlsx' | 'csv') => {
    const params = new URLSearchParams({ studyId });
    if (family !== null) params.set('familyId', family.familyId);
    return `${exportPaths.busbarCapacities(format)}?${params.toString()}`;
  };
  return (
    <div className={cn('flex flex-wrap gap-x-6 gap-y-2', className)}>
      <ExportButtons
        table={esExport.tables.busbarCapacities(family?.familyName ?? null)}
        path={query}
        fileName={(format) => `capacidad-conexion.${format}`}
      />
      <StudyReportButtons studyId={studyId} />
    </div>
  );
}
