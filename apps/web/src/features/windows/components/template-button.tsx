import { Download } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { downloadExport } from '../../../components/export/download';
import { Button } from '../../../components/ui/button';
import { esWindows } from '../../../strings/es-windows';
import { TEMPLATE_FILE_NAME, templatePath } from '../api/downloads';
import { errorText } from '../api/error-text';

const t = esWindows.form;

/** «Descargar plantilla»: the Excel template of the requests, with example rows. */
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
        downloadExport(templatePath(), TEMPLATE_FILE_NAME)
          .catch((error: unknown) =>
            toast.error(t.templateFailed, { description: errorText(error) }),
          )
          .finally(() => setBusy(false));
      }}
    >
      <Download aria-hidden="true" className="h-4 w-4" />
      {t.template}
    </Button>
  );
}
