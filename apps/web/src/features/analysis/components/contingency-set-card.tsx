import {
  MAX_CONTINGENCY_FILES,
  type ContingencySetLoading,
  type ContingencySetN1,
  type ContingencySetResponse,
  type ContingencySetSummary,
} from '@holgura/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import {
  ChevronDown,
  Download,
  FileText,
  ListChecks,
  LoaderCircle,
  RotateCcw,
  UploadCloud,
} from 'lucide-react';
import { useId, useMemo, useRef, useState } from 'react';
import { toast } from 'sonner';
import { capacityQueriesKey } from '../../../components/busbar-capacities/api';
import { DataTable } from '../../../components/data-table/data-table';
import { downloadExport } from '../../../components/export/download';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { ApiClientError } from '../../../lib/api-client';
import { esContingencySets } from '../../../strings/es-contingency-sets';
import { cn } from '../../../utils/cn';
import { formatDateTime, formatFixed, formatInteger } from '../../../utils/format';
import {
  contingencySetFilePath,
  type ContingencySetFilePart,
  contingencySetQueryOptions,
  deleteContingencySet,
  maxContingencyFileMb,
  putContingencySet,
  unresolvedOf,
} from '../api/contingency-sets';
import { ContingencyRulesForm } from './contingency-rules-form';
import { Figures } from './figures';
import { loadingColumns, WorstRowsTable } from './worst-rows-table';

const t = esContingencySets;

/**
 * The file picker's `accept`: MATPOWER change tables and PSS/E contingency files, with a .con's
 * subsystem (.sub) and monitored element (.mon) files, or them xz-compressed.
 */
export const CONTINGENCY_FILE_ACCEPT = '.m,.con,.txt,.sub,.mon,.xz';

const messageOf = (error: unknown) =>
  error instanceof ApiClientError ? error.message : t.unknownError;

/**
 * «Contingencias» (issue #30): the contingencies the selected case's busbar capacities are
 * computed on — every in-service branch, one at a time, or the planner's file (a MATPOWER change
 * table or a PSS/E .con, picked with its .sub and .mon at once when it has them). Uploading one,
 * or going back to every branch, queues the capacities' computation again; the «Capacidad por barra» section is asked again and follows it. A file with
 * lines that name nothing in the case is refused whole, the lines listed with why.
 */
export function ContingencySetCard({ caseId }: { caseId: string }) {
  const queryClient = useQueryClient();
  const current = useQuery(contingencySetQueryOptions(caseId));
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const hintId = useId();

  /** A new set (or none): shown at once, and the capacities are read again (their new job). */
  const changed = (answer: ContingencySetResponse) => {
    queryClient.setQueryData(contingencySetQueryOptions(caseId).queryKey, answer);
    void queryClient.invalidateQueries({ queryKey: capacityQueriesKey(caseId) });
  };

  const upload = useMutation({
    mutationFn: (files: File[]) => putContingencySet(caseId, files),
    onSuccess: (answer) => {
      changed(answer);
      if (answer.set !== null) {
        toast.success(t.savedTitle, { description: t.savedBody(answer.set.counts) });
      }
    },
    onSettled: () => {
      // The same file can be picked again (after fixing it, say).
      if (inputRef.current !== null) inputRef.current.value = '';
    },
  });

  const choose = (list: FileList | null) => {
    const files = list === null ? [] : Array.from(list);
    if (files.length === 0 || upload.isPending) return;
    upload.mutate(files);
  };

  const set = current.data?.set ?? null;
  const busy = upload.isPending;

  return (
    <Card
      titleId="contingencias-titulo"
      title={t.title}
      subtitle={t.intro}
      className="lg:col-span-2"
    >
      <div className="mt-4 space-y-4" data-testid="contingency-set">
        {current.isError ? (
          <Notice tone="error">{t.loadError(current.error.message)}</Notice>
        ) : current.isPending ? (
          <Spinner label={t.loading} className="py-6" />
        ) : (
          <>
            <CurrentSet caseId={caseId} set={set} disabled={busy} />
            {set !== null && <SetN1 set={set} />}
            <div className="flex flex-wrap items-center gap-3">
              <label
                htmlFor={inputId}
                className={cn(
                  buttonClasses('primary', 'sm'),
                  'cursor-pointer has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-sky-500 has-[:focus-visible]:ring-offset-2',
                  busy && 'pointer-events-none bg-slate-300 text-slate-700 shadow-none',
                )}
              >
                {busy ? (
                  <LoaderCircle
                    aria-hidden="true"
                    className="h-4 w-4 animate-spin motion-reduce:animate-none"
                  />
                ) : (
                  <UploadCloud aria-hidden="true" className="h-4 w-4" />
                )}
                {t.upload}
                <input
                  id={inputId}
                  ref={inputRef}
                  type="file"
                  multiple
                  accept={CONTINGENCY_FILE_ACCEPT}
                  aria-label={t.upload}
                  aria-describedby={hintId}
                  disabled={busy}
                  className="sr-only"
                  onChange={(event) => choose(event.target.files)}
                />
              </label>
              {set !== null && (
                <>
                  <DownloadButton
                    caseId={caseId}
                    fileName={set.format === 'rules' ? t.rulesFileName : set.fileName}
                    disabled={busy}
                  />
                  <ResetButton
                    caseId={caseId}
                    fileName={set.fileName}
                    disabled={busy}
                    onReset={(answer) => {
                      upload.reset();
                      changed(answer);
                      toast.success(t.resetDoneTitle, { description: t.resetDoneBody });
                    }}
                    // The button goes with the file: focus returns to the upload.
                    focusAfter={() => inputRef.current?.focus()}
                  />
                </>
              )}
            </div>
            <p id={hintId} className="text-xs text-slate-600">
              {t.uploadHint(maxContingencyFileMb(), MAX_CONTINGENCY_FILES)}
            </p>
            {upload.isPending && (
              <p role="status" className="text-sm text-slate-700">
                {t.uploading(upload.variables.map((file) => file.name))}
              </p>
            )}
            {upload.isError && (
              <UploadRefusal
                fileNames={upload.variables?.map((file) => file.name) ?? []}
                error={upload.error}
                message={messageOf(upload.error)}
              />
            )}
            <ContingencyRulesForm
              caseId={caseId}
              disabled={busy}
              onApplied={(answer) => {
                upload.reset();
                changed(answer);
                if (answer.set !== null) {
                  toast.success(t.rulesSavedTitle, { description: t.savedBody(answer.set.counts) });
                }
              }}
            />
          </>
        )}
      </div>
    </Card>
  );
}

/**
 * Every branch, one at a time, or the file: its name, format, date and counts by kind, and the
 * .sub and .mon sent with it — what each gives, each downloadable.
 */
function CurrentSet({
  caseId,
  set,
  disabled,
}: {
  caseId: string;
  set: ContingencySetSummary | null;
  disabled: boolean;
}) {
  return (
    <div className="rounded-xl bg-slate-50 p-4" data-testid="contingency-set-current">
      <p className="text-xs font-semibold text-slate-600">{t.currentLabel}</p>
      {set === null ? (
        <p className="mt-1 text-sm font-semibold text-slate-900">{t.everyBranch}</p>
      ) : (
        <>
          <p className="mt-1 flex items-center gap-2 text-sm font-semibold text-slate-900">
            {set.format === 'rules' ? (
              <ListChecks aria-hidden="true" className="h-4 w-4 shrink-0 text-sky-700" />
            ) : (
              <FileText aria-hidden="true" className="h-4 w-4 shrink-0 text-sky-700" />
            )}
            <span className="break-all" data-testid="contingency-set-file">
              {set.fileName}
            </span>
          </p>
          <p className="mt-0.5 text-xs text-slate-600">
            {t.format[set.format]} ·{' '}
            {(set.format === 'rules' ? t.chosenAt : t.uploadedAt)(formatDateTime(set.uploadedAt))}
          </p>
          {(set.subsystemsFile !== null || set.monitoredFile !== null) && (
            <ul className="mt-2 space-y-1 text-sm text-slate-700">
              {set.subsystemsFile !== null && (
                <SentFile
                  caseId={caseId}
                  part="subsystems"
                  fileName={set.subsystemsFile.fileName}
                  disabled={disabled}
                  testId="contingency-set-subsystems"
                >
                  {t.subsystemsLine(set.subsystemsFile.fileName, set.subsystemsFile.subsystems)}
                </SentFile>
              )}
              {set.monitoredFile !== null && (
                <SentFile
                  caseId={caseId}
                  part="monitored"
                  fileName={set.monitoredFile.fileName}
                  disabled={disabled}
                  testId="contingency-set-monitored"
                >
                  {t.monitoredLine({
                    ...set.monitoredFile,
                    interfaces: set.monitoredFile.interfaces.length,
                  })}
                </SentFile>
              )}
            </ul>
          )}
          <p className="mt-2 text-sm text-slate-700" data-testid="contingency-set-counts">
            {t.counts(set.counts)}
          </p>
        </>
      )}
    </div>
  );
}

/** A file sent with the contingency file (.sub, .mon): what it gives, and its download. */
function SentFile({
  caseId,
  part,
  fileName,
  disabled,
  testId,
  children,
}: {
  caseId: string;
  part: ContingencySetFilePart;
  fileName: string;
  disabled: boolean;
  testId: string;
  children: string;
}) {
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <span className="flex min-w-0 items-start gap-2" data-testid={testId}>
        <FileText aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-slate-500" />
        <span className="break-words">{children}</span>
      </span>
      <DownloadButton caseId={caseId} part={part} fileName={fileName} disabled={disabled} />
    </li>
  );
}

/**
 * «Análisis N-1 con estas contingencias» (issue #30): the case's N-1 screening on the set, as the
 * API computed it when the set was saved — its figures, what was not computed or left load
 * unserved, the contingencies that split the network (collapsed), and the worst loadings. A set
 * kept before the screening existed says so, and how to get it.
 */
function SetN1({ set }: { set: ContingencySetSummary }) {
  const titleId = useId();
  const { n1 } = set;
  return (
    <section aria-labelledby={titleId} className="space-y-4" data-testid="contingency-set-n1">
      <h3 id={titleId} className="text-sm font-semibold uppercase tracking-wide text-slate-600">
        {t.n1.title}
      </h3>
      {n1 === null ? (
        <Notice tone="warning" title={t.n1.missingTitle}>
          {t.n1.missingBody(set.format)}
        </Notice>
      ) : (
        <>
          <Figures
            testIdPrefix="set-n1-figure-"
            items={[
              [t.n1.evaluated, n1.evaluated, 'evaluated'],
              [t.n1.islanding, n1.islandingCount, 'islandingCount'],
              [t.n1.monitored, n1.monitored, 'monitored'],
              [t.n1.baseCaseOverloads, n1.baseCaseOverloads, 'baseCaseOverloads'],
              [t.n1.overloadedPairs, n1.overloadedPairs, 'overloadedPairs'],
            ]}
          />
          {(n1.skipped > 0 || n1.pickupShort > 0) && (
            <div className="space-y-1 text-sm text-slate-700">
              {n1.skipped > 0 && <p data-testid="set-n1-skipped">{t.n1.skipped(n1.skipped)}</p>}
              {n1.pickupShort > 0 && (
                <p data-testid="set-n1-pickup-short">{t.n1.pickupShort(n1.pickupShort)}</p>
              )}
            </div>
          )}
          {n1.islandingCount > 0 && <Islanding n1={n1} />}
          <SetTopLoadings rows={n1.top} />
          {n1.interfaces.length > 0 && <SetInterfaces rows={n1.interfaces} />}
        </>
      )}
    </section>
  );
}

/** The contingencies that split the network, worst first: behind a summary, closed at first. */
function Islanding({ n1 }: { n1: ContingencySetN1 }) {
  const more = n1.islandingCount - n1.islanding.length;
  return (
    <details className="group text-sm" data-testid="set-n1-islanding">
      <summary className="flex w-fit cursor-pointer list-none items-center gap-1 rounded font-medium text-sky-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-sky-500 [&::-webkit-details-marker]:hidden">
        <ChevronDown
          aria-hidden="true"
          className="h-4 w-4 shrink-0 -rotate-90 transition-transform group-open:rotate-0 motion-reduce:transition-none"
        />
        {t.n1.islandingShow(n1.islandingCount)}
      </summary>
      <div className="mt-2 rounded-xl border border-slate-200 p-4 text-slate-800">
        <p className="text-slate-700">{t.n1.islandingBody}</p>
        <ul className="mt-2 max-h-72 list-disc space-y-1 overflow-y-auto break-words pl-5">
          {n1.islanding.map((island, index) => (
            <li key={`${island.contingencyLabel}-${index}`}>
              {t.n1.islandingLine(island.contingencyName, island.buses, island.disconnectedMw)}
            </li>
          ))}
        </ul>
        {more > 0 && <p className="mt-1 text-slate-600">{t.n1.islandingMore(more)}</p>}
      </div>
    </details>
  );
}

const topColumns = loadingColumns<ContingencySetLoading>(t.n1);

/** The worst loadings on the set, base case and contingencies together: 10, then all. */
function SetTopLoadings({ rows }: { rows: ContingencySetLoading[] }) {
  const titleId = useId();
  return (
    <div>
      <h4 id={titleId} className="text-sm font-semibold text-slate-900">
        {t.n1.topTitle}
      </h4>
      <p className="mt-1 text-xs text-slate-600">{t.n1.topCaption}</p>
      <WorstRowsTable
        labelledBy={titleId}
        columns={topColumns}
        rows={rows}
        // A (monitored, contingency) pair appears once; a set's labels are unique.
        getRowId={(row) => `${row.monitoredBranch}|${row.contingencyLabel ?? 'N-0'}`}
        emptyText={t.n1.noTop}
        words={t.n1}
      />
    </div>
  );
}

/** An interface of the N-1 on the set, and its place in the file (names may repeat). */
type SetInterface = ContingencySetN1['interfaces'][number] & { index: number };

const interfaceColumn = createColumnHelper<SetInterface>();
const interfaceColumns = [
  interfaceColumn.accessor('name', {
    header: t.n1.interfaceName,
    meta: { rowHeader: true, cellClassName: 'font-medium text-slate-900' },
  }),
  interfaceColumn.accessor('limitMw', {
    header: t.n1.interfaceLimit,
    cell: (info) => {
      const limit = info.getValue();
      return limit === null ? t.n1.noLimit : formatFixed(limit, 1);
    },
    meta: { align: 'right' },
  }),
  interfaceColumn.accessor('baseFlowMw', {
    header: t.n1.interfaceBaseFlow,
    cell: (info) => formatFixed(info.getValue(), 1),
    meta: { align: 'right' },
  }),
  interfaceColumn.accessor((row) => row.worst?.flowMw ?? null, {
    id: 'worstFlow',
    header: t.n1.interfaceWorstFlow,
    cell: (info) => {
      const flow = info.getValue();
      return flow === null ? '—' : formatFixed(flow, 1);
    },
    meta: { align: 'right' },
  }),
  interfaceColumn.accessor((row) => row.worst?.contingencyName ?? t.n1.noWorst, {
    id: 'worstContingency',
    header: t.n1.interfaceWorstContingency,
    meta: { cellClassName: 'text-slate-700' },
  }),
  interfaceColumn.accessor('overloads', {
    header: t.n1.interfaceOverloads,
    cell: (info) => formatInteger(info.getValue()),
    meta: { align: 'right' },
  }),
];

/** The .mon's interfaces on the set: limit, base flow, worst after a contingency, overloads. */
function SetInterfaces({ rows }: { rows: ContingencySetN1['interfaces'] }) {
  const titleId = useId();
  const indexed = useMemo(() => rows.map((row, index) => ({ ...row, index })), [rows]);
  return (
    <div data-testid="set-n1-interfaces">
      <h4 id={titleId} className="text-sm font-semibold text-slate-900">
        {t.n1.interfacesTitle}
      </h4>
      <p className="mt-1 text-xs text-slate-600">{t.n1.interfacesCaption}</p>
      <div className="mt-2">
        <DataTable
          labelledBy={titleId}
          columns={interfaceColumns}
          rows={indexed}
          getRowId={(row) => String(row.index)}
          emptyText={t.n1.interfacesTitle}
          minWidth="48rem"
        />
      </div>
    </div>
  );
}

/**
 * Why the file was not kept: the API's Spanish message, and for lines that name nothing in the
 * case, those lines (the first 100 the API sends, «y N más» beyond) and what the rest gives.
 */
function UploadRefusal({
  fileNames,
  error,
  message,
}: {
  fileNames: string[];
  error: unknown;
  message: string;
}) {
  const refused = unresolvedOf(error);
  const listId = useId();
  const more = refused === null ? 0 : refused.unresolvedCount - refused.unresolved.length;
  return (
    <div className="space-y-3">
      <Notice tone="error" title={t.uploadFailed(fileNames)}>
        {message}
      </Notice>
      {refused !== null && (
        <section
          aria-labelledby={listId}
          className="rounded-xl border border-red-200 p-4 text-sm text-slate-800"
          data-testid="contingency-set-unresolved"
        >
          <h3 id={listId} className="font-semibold text-slate-900">
            {t.unresolvedTitle(refused.unresolvedCount)}
          </h3>
          <ul className="mt-2 max-h-72 space-y-1 overflow-y-auto break-words">
            {refused.unresolved.map((line, index) => (
              <li key={`${line.line}-${index}`}>
                {t.unresolvedLine(line.line, line.text, line.message, line.file)}
              </li>
            ))}
          </ul>
          {more > 0 && <p className="mt-1 text-slate-600">{t.unresolvedMore(more)}</p>}
          <p className="mt-3 text-slate-700" data-testid="contingency-set-resolved">
            {t.resolvedCounts(refused.counts)}
          </p>
        </section>
      )}
    </div>
  );
}

/**
 * «Descargar archivo»: the file as it was sent, under its own name; with `part`, the .sub or the
 * .mon sent with it («Descargar», named «Descargar zonas.sub» for screen readers).
 */
function DownloadButton({
  caseId,
  part,
  fileName,
  disabled,
}: {
  caseId: string;
  part?: ContingencySetFilePart;
  fileName: string;
  disabled: boolean;
}) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadExport(contingencySetFilePath(caseId, part), fileName);
    } catch (error) {
      toast.error(
        t.downloadFailed(
          error instanceof ApiClientError ? error.message : null,
          part === undefined ? undefined : fileName,
        ),
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="outline"
      size="sm"
      disabled={disabled || busy}
      aria-busy={busy}
      aria-label={part === undefined ? undefined : t.downloadPartLabel(fileName)}
      onClick={() => void download()}
    >
      <Download aria-hidden="true" className="h-4 w-4" />
      {busy ? t.downloading : part === undefined ? t.download : t.downloadPart}
    </Button>
  );
}

/** «Volver a todas las ramas»: a confirmation that says what goes, then DELETE. */
function ResetButton({
  caseId,
  fileName,
  disabled,
  onReset,
  focusAfter,
}: {
  caseId: string;
  fileName: string;
  disabled: boolean;
  onReset: (answer: ContingencySetResponse) => void;
  focusAfter: () => void;
}) {
  const [open, setOpen] = useState(false);
  // A ref, not state: the dialog goes with the file in the same render, before a state is read.
  const done = useRef(false);
  const reset = useMutation({
    mutationFn: () => deleteContingencySet(caseId),
    onSuccess: (answer) => {
      done.current = true;
      setOpen(false);
      onReset(answer);
    },
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (reset.isPending) return;
        setOpen(next);
        if (next) reset.reset();
      }}
    >
      <Button variant="outline" size="sm" disabled={disabled} onClick={() => setOpen(true)}>
        <RotateCcw aria-hidden="true" className="h-4 w-4" />
        {t.reset}
      </Button>
      <DialogContent
        title={t.resetTitle}
        description={t.resetBody(fileName)}
        closeLabel={t.resetClose}
        onCloseAutoFocus={(event) => {
          if (!done.current) return;
          event.preventDefault();
          focusAfter();
        }}
      >
        {reset.isError && (
          <Notice tone="error" title={t.resetFailed} className="mb-4">
            {messageOf(reset.error)}
          </Notice>
        )}
        <div className="flex justify-end gap-3">
          <DialogClose asChild>
            <Button variant="outline" disabled={reset.isPending}>
              {t.resetCancel}
            </Button>
          </DialogClose>
          <Button
            className="bg-red-700 hover:bg-red-800"
            disabled={reset.isPending}
            aria-busy={reset.isPending}
            onClick={() => reset.mutate()}
          >
            {reset.isPending ? t.resetting : t.resetConfirm}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
