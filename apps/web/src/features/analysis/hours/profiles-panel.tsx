import type { HourlyProfilesResponse, HourlyProfilesSummary } from '@holgura/contracts';
import { useMutation } from '@tanstack/react-query';
import { Download, FileText, Trash2 } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { downloadExport } from '../../../components/export/download';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';
import { Notice } from '../../../components/ui/notice';
import { ApiClientError } from '../../../lib/api-client';
import { esHours } from '../../../strings/es-hours';
import { formatDateTime, formatFixed, formatInteger } from '../../../utils/format';
import {
  deleteHourlyProfiles,
  hourlyProfilesTemplatePath,
  messageOf,
  putHourlyProfiles,
} from './api';
import { FilePicker } from './file-picker';

const t = esHours.profiles;

/** MATPOWER hourly change tables (.m, .txt) and CSV files, or them xz-compressed. */
export const PROFILES_FILE_ACCEPT = '.m,.txt,.csv,.xlsx,.xz';

/**
 * The case's hourly profiles: what a profile file is and the template when there are none; the
 * file's summary (hours, areas and their factor range, profiled units, technologies, the
 * infeasible hours) when there are; upload, replace and remove (confirmed).
 */
export function ProfilesPanel({
  caseId,
  summary,
  onChanged,
}: {
  caseId: string;
  summary: HourlyProfilesSummary | null;
  onChanged: (answer: HourlyProfilesResponse) => void;
}) {
  const titleId = useId();
  const hintId = useId();
  const inputRef = useRef<HTMLInputElement>(null);

  const upload = useMutation({
    mutationFn: (file: File) => putHourlyProfiles(caseId, file),
    onSuccess: (answer) => {
      onChanged(answer);
      if (answer.profiles !== null) {
        toast.success(t.savedTitle, {
          description: t.savedBody(answer.profiles.hours, answer.profiles.fileName),
        });
      }
    },
    onSettled: () => {
      // The same file can be picked again (after fixing it, say).
      if (inputRef.current !== null) inputRef.current.value = '';
    },
  });
  const busy = upload.isPending;

  return (
    <section aria-labelledby={titleId} className="space-y-4" data-testid="hours-profiles">
      <h3 id={titleId} className="text-sm font-semibold uppercase tracking-wide text-slate-600">
        {t.title}
      </h3>
      {summary === null ? <NoProfiles /> : <ProfilesSummary summary={summary} />}
      <div className="flex flex-wrap items-center gap-3">
        <FilePicker
          label={summary === null ? t.upload : t.replace}
          accept={PROFILES_FILE_ACCEPT}
          busy={busy}
          describedBy={hintId}
          variant={summary === null ? 'primary' : 'outline'}
          inputRef={inputRef}
          onFile={(file) => {
            if (!busy) upload.mutate(file);
          }}
        />
        <TemplateLink caseId={caseId} format="xlsx" />
        <TemplateLink caseId={caseId} format="csv" />
        {summary !== null && (
          <RemoveButton
            caseId={caseId}
            fileName={summary.fileName}
            disabled={busy}
            onRemoved={(answer) => {
              upload.reset();
              onChanged(answer);
              toast.success(t.removedTitle);
            }}
            // The button goes with the profiles: focus returns to the upload.
            focusAfter={() => inputRef.current?.focus()}
          />
        )}
      </div>
      <p id={hintId} className="text-xs text-slate-600">
        {t.uploadHint}
      </p>
      {busy && (
        <p role="status" className="text-sm text-slate-700">
          {t.uploading(upload.variables.name)}
        </p>
      )}
      {upload.isError && (
        <Notice tone="error" title={t.uploadFailed(upload.variables?.name ?? '')}>
          {messageOf(upload.error, esHours.unknownError)}
        </Notice>
      )}
    </section>
  );
}

/** What a profile file is, in two sentences, with the CSV's columns. */
function NoProfiles() {
  return (
    <div className="rounded-xl bg-slate-50 p-4 text-sm text-slate-700" data-testid="hours-none">
      <p className="font-semibold text-slate-900">{t.noneTitle}</p>
      <p className="mt-1">
        {t.noneBody}{' '}
        {t.columns.map(([column, unit], index) => (
          <span key={column}>
            <code className="rounded bg-white px-1 py-0.5 text-xs text-slate-900">{column}</code>
            {unit}
            {t.columnAfter(index, t.columns.length)}
          </span>
        ))}{' '}
        {t.noneAfter}
      </p>
    </div>
  );
}

/** The file, its format and date, hours, areas, units, technologies and infeasible hours. */
function ProfilesSummary({ summary }: { summary: HourlyProfilesSummary }) {
  const areasId = useId();
  const figures: [string, number, string][] = [
    [t.figures.hours, summary.hours, 'hours'],
    [t.figures.areas, summary.areas.length, 'areas'],
    [t.figures.units, summary.units, 'units'],
    [t.figures.statuses, summary.statuses, 'statuses'],
  ];
  return (
    <div className="space-y-4" data-testid="hours-summary">
      {summary.infeasibleHours > 0 ? (
        <div data-testid="hours-infeasible">
          <Notice
            tone="warning"
            title={
              <span className="text-base">
                {t.infeasibleTitle(summary.infeasibleHours, summary.hours)}
              </span>
            }
          >
            <p className="mt-1">{t.infeasibleBody}</p>
          </Notice>
        </div>
      ) : (
        <p className="text-sm text-slate-700" data-testid="hours-feasible">
          {t.allFeasible}
        </p>
      )}
      <div className="rounded-xl bg-slate-50 p-4">
        <p className="text-xs font-semibold text-slate-600">{t.currentLabel}</p>
        <p className="mt-1 flex items-center gap-2 text-sm font-semibold text-slate-900">
          <FileText aria-hidden="true" className="h-4 w-4 shrink-0 text-sky-700" />
          <span className="break-all" data-testid="hours-file">
            {summary.fileName}
          </span>
        </p>
        <p className="mt-0.5 text-xs text-slate-600">
          {t.format[summary.format]} · {t.uploadedAt(formatDateTime(summary.uploadedAt))}
        </p>
        <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
          {figures.map(([label, value, key]) => (
            <div key={key} className="flex flex-col rounded-lg bg-white p-3">
              <dt className="order-2 text-xs text-slate-600">{label}</dt>
              <dd
                className="order-1 text-lg font-bold tabular-nums text-slate-900"
                data-testid={`hours-summary-${key}`}
              >
                {formatInteger(value)}
              </dd>
            </div>
          ))}
        </dl>
        <p className="mt-3 text-sm text-slate-700" data-testid="hours-technologies">
          {t.technologies(summary.technologies.map(esHours.fuel))}
        </p>
      </div>
      {summary.areas.length === 0 ? (
        <p className="text-sm text-slate-700">{t.noAreas}</p>
      ) : (
        <div>
          <h4 id={areasId} className="text-sm font-semibold text-slate-900">
            {t.areasTitle}
          </h4>
          <div className="mt-2 max-h-72 overflow-auto rounded-xl border border-slate-200">
            <table aria-labelledby={areasId} className="w-full text-left text-sm">
              <thead className="bg-slate-50 text-xs font-semibold text-slate-600">
                <tr>
                  <th scope="col" className="px-3 py-2">
                    {t.areasColumns.area}
                  </th>
                  <th scope="col" className="px-3 py-2 text-right">
                    {t.areasColumns.caseLoad}
                  </th>
                  <th scope="col" className="px-3 py-2 text-right">
                    {t.areasColumns.range}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100 text-slate-800">
                {summary.areas.map((area) => (
                  <tr key={area.area}>
                    <th scope="row" className="px-3 py-2 font-semibold tabular-nums">
                      {area.area}
                    </th>
                    <td className="px-3 py-2 text-right tabular-nums">
                      {formatFixed(area.caseLoadMw, 1)}
                    </td>
                    <td className="px-3 py-2 text-right tabular-nums">
                      {t.factorRange(area.minFactor, area.maxFactor)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      )}
    </div>
  );
}

/**
 * «Descargar la plantilla (Excel | CSV)»: a link to the template, fetched with the app's
 * authorisation.
 */
function TemplateLink({ caseId, format }: { caseId: string; format: 'csv' | 'xlsx' }) {
  const [busy, setBusy] = useState(false);
  const path = hourlyProfilesTemplatePath(caseId, format);
  const fileName = t.templateFileName(format);
  const download = async () => {
    if (busy) return;
    setBusy(true);
    try {
      await downloadExport(path, fileName);
    } catch (error) {
      toast.error(t.templateFailed(error instanceof ApiClientError ? error.message : null));
    } finally {
      setBusy(false);
    }
  };
  return (
    <a
      href={path}
      download={fileName}
      aria-busy={busy}
      onClick={(event) => {
        event.preventDefault();
        void download();
      }}
      className="inline-flex items-center gap-1.5 rounded text-sm font-medium text-sky-800 underline underline-offset-2 hover:text-sky-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-sky-500"
    >
      <Download aria-hidden="true" className="h-4 w-4" />
      {t.template(format)}
    </a>
  );
}

/** «Quitar perfiles»: a confirmation that names the file, then DELETE. */
function RemoveButton({
  caseId,
  fileName,
  disabled,
  onRemoved,
  focusAfter,
}: {
  caseId: string;
  fileName: string;
  disabled: boolean;
  onRemoved: (answer: HourlyProfilesResponse) => void;
  focusAfter: () => void;
}) {
  const [open, setOpen] = useState(false);
  // A ref, not state: the dialog goes with the profiles in the same render.
  const done = useRef(false);
  const remove = useMutation({
    mutationFn: () => deleteHourlyProfiles(caseId),
    onSuccess: (answer) => {
      done.current = true;
      setOpen(false);
      onRemoved(answer);
    },
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (remove.isPending) return;
        setOpen(next);
        if (next) remove.reset();
      }}
    >
      <Button variant="outline" size="sm" disabled={disabled} onClick={() => setOpen(true)}>
        <Trash2 aria-hidden="true" className="h-4 w-4" />
        {t.remove}
      </Button>
      <DialogContent
        title={t.removeTitle}
        description={t.removeBody(fileName)}
        closeLabel={t.removeClose}
        onCloseAutoFocus={(event) => {
          if (!done.current) return;
          event.preventDefault();
          focusAfter();
        }}
      >
        {remove.isError && (
          <Notice tone="error" title={t.removeFailed} className="mb-4">
            {messageOf(remove.error, esHours.unknownError)}
          </Notice>
        )}
        <div className="flex justify-end gap-3">
          <DialogClose asChild>
            <Button variant="outline" disabled={remove.isPending}>
              {t.removeCancel}
            </Button>
          </DialogClose>
          <Button
            className="bg-red-700 hover:bg-red-800"
            disabled={remove.isPending}
            aria-busy={remove.isPending}
            onClick={() => remove.mutate()}
          >
            {remove.isPending ? t.removing : t.removeConfirm}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
