import { Download } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { downloadExport } from '../../../components/export/download';
import { Button } from '../../../components/ui/button';
import { esStudies } from '../../../strings/es-studies';
import { TEMPLATE_FILE_NAME, TEMPLATE_PATH } from '../api/download-study';
import { errorText } from '../api/error-text';

/** «Descargar plantilla»: the Excel template with a small example. */
export function TemplateButton() {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="outline"
      size="sm"
      disabled={busy}
      aria-busy={busy}
      onClick={() => {
        setBusy(true);
        downloadExport(TEMPLATE_PATH, TEMPLATE_FILE_NAME)
          .catch((error: unknown) =>
            toast.error(esStudies.list.downloadFailed, { description: errorText(error) }),
          )
          .finally(() => setBusy(false));
      }}
    >
      <Download aria-hidden="true" className="h-4 w-4" />
      {esStudies.list.empty.template}
    </Button>
  );
}
