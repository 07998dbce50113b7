import { CASE_FILE_ACCEPT, errorMessages, isCaseFile, type JobStatus } from '@holgura/contracts';
import { FileText, UploadCloud, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Notice } from '../../../components/ui/notice';
import { es } from '../../../strings/es';
import { cn } from '../../../utils/cn';
import { formatKb } from '../../../utils/format';
import { cancelJob, followJob } from '../../../lib/job-progress';
import { uploadCase, uploadErrorMessage } from '../api/upload';
import { JobProgress } from '../../../components/ui/job-progress';

const t = es.analysis.upload;

type UploadCardProps = {
  signedIn: boolean;
  /** From GET /api/config (10 MB). */
  maxUploadBytes: number;
  /** The job finished: the new case is ready (or failed: the case exists, without results). */
  onProcessed: (caseId: string, ok: boolean) => void;
};

function refuse(title: string, description: string) {
  toast.error(title, { description });
}

/** Spec §2/§5: pick or drop a .bin/.txt case, upload it, follow its analysis to the end. */
export function UploadCard({ signedIn, maxUploadBytes, onProcessed }: UploadCardProps) {
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [dragging, setDragging] = useState(false);
  const [job, setJob] = useState<JobStatus | null>(null);
  const [cancelling, setCancelling] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const abortRef = useRef<AbortController | null>(null);
  const inputId = useId();
  const hintId = useId();

  useEffect(() => () => abortRef.current?.abort(), []);

  const choose = (picked: File | undefined) => {
    if (picked === undefined) return;
    if (!signedIn) return refuse(t.unavailableTitle, t.unavailableBody);
    if (!isCaseFile(picked)) return refuse(t.invalidTitle, t.invalidBody);
    if (picked.size > maxUploadBytes) return refuse(t.tooLargeTitle, errorMessages.INPUT_TOO_LARGE);
    setFile(picked);
    setJob(null);
  };

  const remove = () => {
    setFile(null);
    setJob(null);
    if (inputRef.current !== null) inputRef.current.value = '';
  };

  /** Stops the analysis (issue #26): its stream ends with 'cancelled' and `process` goes on. */
  const cancel = async (jobId: string) => {
    setCancelling(true);
    try {
      await cancelJob(jobId);
    } catch (error) {
      toast.error(es.jobs.cancelFailed(uploadErrorMessage(error)));
    } finally {
      setCancelling(false);
    }
  };

  const process = async () => {
    if (!signedIn) return refuse(t.unavailableTitle, t.unavailableBody);
    if (file === null) return refuse(t.errorTitle, t.noFile);
    setBusy(true);
    setJob(null);
    const controller = new AbortController();
    abortRef.current = controller;
    try {
      const { jobId, caseId } = await uploadCase(file);
      const final = await followJob(jobId, setJob, controller.signal);
      if (final.state === 'done') {
        toast.success(t.successTitle, { description: t.successBody });
        remove();
        onProcessed(caseId, true);
      } else if (final.state === 'cancelled') {
        toast.info(es.jobs.cancelledToast);
        onProcessed(caseId, false);
      } else {
        refuse(t.errorTitle, final.error?.message ?? t.unknownError);
        onProcessed(caseId, false);
      }
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return;
      refuse(t.errorTitle, uploadErrorMessage(error));
    } finally {
      if (!controller.signal.aborted) setBusy(false);
    }
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (busy) return;
    choose(event.dataTransfer.files[0]);
  };

  return (
    <Card titleId="subir-titulo" title={t.title}>
      {!signedIn ? (
        <Notice tone="locked" title={t.unavailableTitle} className="mt-4">
          {t.unavailableBody}
        </Notice>
      ) : (
        <>
          <p className="mt-1 text-sm text-slate-600">{t.description}</p>
          <div
            onDragOver={(event) => {
              event.preventDefault();
              if (!busy) setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={onDrop}
            data-testid="upload-dropzone"
            className={cn(
              'mt-4 flex flex-col items-center gap-2 rounded-xl border-2 border-dashed px-4 py-8 text-center transition-colors motion-reduce:transition-none',
              dragging ? 'border-sky-500 bg-sky-50' : 'border-slate-300 bg-slate-50',
            )}
          >
            <UploadCloud aria-hidden="true" className="h-10 w-10 text-sky-700" />
            <p className="font-medium text-slate-800">{t.dropzone}</p>
            <p className="text-sm text-slate-500">{t.or}</p>
            <label
              htmlFor={inputId}
              className={cn(
                'inline-flex h-10 cursor-pointer items-center rounded-lg border border-slate-300 bg-white px-4 text-sm font-semibold text-slate-800 hover:border-sky-500 hover:text-sky-800',
                'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-sky-500',
                busy && 'pointer-events-none opacity-60',
              )}
            >
              {t.pick}
              <input
                id={inputId}
                ref={inputRef}
                type="file"
                accept={CASE_FILE_ACCEPT}
                aria-label={t.pickLabel}
                aria-describedby={hintId}
                disabled={busy}
                className="sr-only"
                onChange={(event) => choose(event.target.files?.[0])}
              />
            </label>
            <p id={hintId} className="text-xs text-slate-600">
              {t.hint} · {t.accepted}
            </p>
          </div>
        </>
      )}

      {file !== null && (
        <div className="mt-4 flex items-center gap-3 rounded-xl border border-slate-200 p-3">
          <FileText aria-hidden="true" className="h-6 w-6 shrink-0 text-sky-700" />
          <div className="min-w-0 flex-1">
            <p
              className="truncate text-sm font-semibold text-slate-900"
              data-testid="upload-file-name"
            >
              {file.name}
            </p>
            <p className="text-xs text-slate-600" data-testid="upload-file-size">
              {t.size(formatKb(file.size))}
            </p>
          </div>
          <Button variant="ghost" size="sm" onClick={remove} disabled={busy}>
            <X aria-hidden="true" className="h-4 w-4" />
            {t.remove}
          </Button>
        </div>
      )}

      {job !== null && (
        <JobProgress
          job={job}
          label={t.progressLabel}
          failedTitle={t.failedTitle}
          queued={t.queued}
          running={t.running}
          cancel={{ onCancel: () => void cancel(job.jobId), busy: cancelling }}
        />
      )}

      <Button
        className="mt-4 w-full"
        onClick={() => void process()}
        disabled={busy}
        aria-busy={busy}
      >
        {busy ? t.processing : t.process}
      </Button>
    </Card>
  );
}
