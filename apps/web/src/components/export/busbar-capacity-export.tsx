import { exportPaths } from '@holgura/contracts';
import { esExport } from '../../strings/es-export';
import { ExportButtons } from './export-buttons';

/** /resultados' downloads: the family's busbar capacities, or every case's without one. */
export function BusbarCapacityExport({
  family,
  className,
}: {
  family: { familyId: string; familyName: string } | null;
  className?: string;
}) {
  return (
    <ExportButtons
      className={className}
      table={esExport.tables.busbarCapacities(family?.familyName ?? null)}
      path={(format) =>
        family === null
          ? exportPaths.busbarCapacities(format)
          : `${exportPaths.busbarCapacities(format)}?familyId=${encodeURIComponent(family.familyId)}`
      }
      fileName={(format) => `capacidad-conexion.${format}`}
    />
  );
}
