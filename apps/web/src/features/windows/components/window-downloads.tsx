import { FileJson } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { ExportButtons } from '../../../components/export/export-buttons';
import { downloadExport } from '../../../components/export/download';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { esWindows } from '../../../strings/es-windows';
import { auditFileName, auditPath, exportFileName, exportPath } from '../api/downloads';
import { errorText } from '../api/error-text';

const t = esWindows.view;

/** The awards of the three rules (Excel, CSV) and the audit file, downloaded as other exports. */
export function WindowDownloads({ windowId }: { windowId: string }) {
  const [busy, setBusy] = useState(false);
  return (
    <Card level={3} titleId="ventana-descargas" title={t.downloadsTitle}>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <ExportButtons
          table={t.exportTable}
          path={(format) => exportPath(windowId, format)}
          fileName={(format) => exportFileName(windowId, format)}
        />
        <Button
          variant="outline"
          size="sm"
          disabled={busy}
          aria-busy={busy}
          aria-describedby="ventana-auditoria-ayuda"
          onClick={() => {
            setBusy(true);
            downloadExport(auditPath(windowId), auditFileName(windowId))
              .catch((error: unknown) => toast.error(t.auditFailed(errorText(error))))
              .finally(() => setBusy(false));
          }}
        >
          <FileJson aria-hidden="true" className="h-4 w-4" />
          {t.audit}
        </Button>
      </div>
      <p id="ventana-auditoria-ayuda" className="mt-2 text-xs text-slate-600">
        {t.auditHint}
      </p>
    </Card>
  );
}
