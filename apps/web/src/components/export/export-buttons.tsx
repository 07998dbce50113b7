import type { ExportFormat } from '@holgura/contracts';
import { LoaderCircle } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { ApiClientError } from '../../lib/api-client';
import { esExport } from '../../strings/es-export';
import { cn } from '../../utils/cn';
import { Button } from '../ui/button';
import { downloadExport } from './download';

const t = esExport;

type ExportButtonsProps = {
  /** What is downloaded, in words that complete "Descargar …": "las restricciones del nivel 2". */
  table: string;
  /** The export's API path (with its query) for each format. */
  path: (format: ExportFormat) => string;
  /** Used when the server names no file. */
  fileName: (format: ExportFormat) => string;
  className?: string;
};

/** 'Descargar Excel' and 'Descargar CSV' for one table; one download at a time. */
export function ExportButtons({ table, path, fileName, className }: ExportButtonsProps) {
  const [busy, setBusy] = useState<ExportFormat | null>(null);

  const download = async (format: ExportFormat) => {
    setBusy(format);
    try {
      await downloadExport(path(format), fileName(format));
    } catch (error) {
      toast.error(t.failed(error instanceof ApiClientError ? error.message : null));
    } finally {
      setBusy(null);
    }
  };

  const button = (format: ExportFormat) => (
    <Button
      key={format}
      variant="outline"
      size="sm"
      disabled={busy !== null}
      aria-busy={busy === format}
      onClick={() => void download(format)}
    >
      {busy === format ? (
        <LoaderCircle
          aria-hidden="true"
          className="h-4 w-4 animate-spin motion-reduce:animate-none"
        />
      ) : (
        <DownloadIcon />
      )}
      {busy === format ? t.busy : format === 'xlsx' ? t.excel : t.csv}
    </Button>
  );

  return (
    <div
      role="group"
      aria-label={t.groupLabel(table)}
      className={cn('flex flex-wrap gap-2', className)}
    >
      {button('xlsx')}
      {button('csv')}
    </div>
  );
}

/**
 * Drawn here rather than imported from lucide-react: icons from node_modules land in the vendor
 * chunk the landing page preloads, and this one is only needed on the lazy result pages.
 */
function DownloadIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      className="h-4 w-4"
    >
      <path d="M12 15V3" />
      <path d="M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4" />
      <path d="m7 10 5 5 5-5" />
    </svg>
  );
}
