import type { ExportFormat } from '@holgura/contracts';
import { FileSpreadsheet, FileText, LoaderCircle } from 'lucide-react';
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

  const button = (format: ExportFormat) => {
    const Icon = busy === format ? LoaderCircle : format === 'xlsx' ? FileSpreadsheet : FileText;
    return (
      <Button
        variant="outline"
        size="sm"
        disabled={busy !== null}
        aria-busy={busy === format}
        onClick={() => void download(format)}
      >
        <Icon
          aria-hidden="true"
          className={cn('h-4 w-4', busy === format && 'animate-spin motion-reduce:animate-none')}
        />
        {busy === format ? t.busy : format === 'xlsx' ? t.excel : t.csv}
      </Button>
    );
  };

  return (
    <div role="group" aria-label={t.groupLabel(table)} className={cn('flex gap-2', className)}>
      {button('xlsx')}
      {button('csv')}
    </div>
  );
}
