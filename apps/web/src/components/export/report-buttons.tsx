import { reportFormats, type ReportFormat } from '@holgura/contracts';
import { LoaderCircle } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { ApiClientError } from '../../lib/api-client';
import { esReport } from '../../strings/es-report';
import { cn } from '../../utils/cn';
import { Button } from '../ui/button';
import { downloadExport } from './download';

const t = esReport;

/**
 * «Descargar informe (PDF)» and «Descargar informe (Excel)» for a report the server writes (a
 * study's, an uploaded case's): one download at a time, the one being written busy, a Spanish
 * toast when it fails, plain buttons reached with Tab and described by what the report holds.
 */
export function ReportButtons({
  path,
  fallbackName,
  groupLabel,
  hint,
  className,
}: {
  /** The report's API path in each format. */
  path: (format: ReportFormat) => string;
  /** Used when the server names no file. */
  fallbackName: (format: ReportFormat) => string;
  /** Names the group for screen readers. */
  groupLabel: string;
  /** What the report holds: both buttons' description. */
  hint: string;
  className?: string;
}) {
  const [busy, setBusy] = useState<ReportFormat | null>(null);
  const hintId = useId();

  const download = async (format: ReportFormat) => {
    setBusy(format);
    try {
      await downloadExport(path(format), fallbackName(format));
    } catch (error) {
      toast.error(t.failed(error instanceof ApiClientError ? error.message : null));
    } finally {
      setBusy(null);
    }
  };

  return (
    <div role="group" aria-label={groupLabel} className={cn('flex flex-wrap gap-2', className)}>
      <span id={hintId} hidden>
        {hint}
      </span>
      {reportFormats.map((format) => (
        <Button
          key={format}
          variant="outline"
          size="sm"
          disabled={busy !== null}
          aria-busy={busy === format}
          aria-describedby={hintId}
          onClick={() => void download(format)}
        >
          {busy === format ? (
            <LoaderCircle
              aria-hidden="true"
              className="h-4 w-4 animate-spin motion-reduce:animate-none"
            />
          ) : (
            <ReportIcon />
          )}
          {busy === format ? t.busy[format] : format === 'pdf' ? t.pdf : t.excel}
        </Button>
      ))}
    </div>
  );
}

/** A document with a downward arrow, drawn here (see export-buttons.tsx's DownloadIcon). */
function ReportIcon() {
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
      <path d="M14 2H6a2 2 0 0 0-2 2v16a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V8z" />
      <path d="M14 2v6h6" />
      <path d="M12 12v6" />
      <path d="m9 15 3 3 3-3" />
    </svg>
  );
}
