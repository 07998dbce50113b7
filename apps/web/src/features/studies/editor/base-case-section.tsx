import { CASE_FILE_ACCEPT, errorMessages, isCaseFile, MAX_UPLOAD_BYTES } from '@holgura/contracts';
import { useQuery } from '@tanstack/react-query';
import { FileText, X } from 'lucide-react';
import { useId, useRef } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { clientConfigQueryOptions } from '../../../lib/client-config';
import { esStudies } from '../../../strings/es-studies';
import { cn } from '../../../utils/cn';
import { formatDateTime, formatKb } from '../../../utils/format';
import { baseCasesQueryOptions } from '../api/get-base-cases';
import type { BaseCase } from '../api/study-form-data';
import { errorText } from '../api/error-text';
import { ContingencyNote } from './contingency-note';
import { inputClasses } from './fields';

const t = esStudies.baseCase;

/** The id of the section's first control: «Elige el caso base» takes the focus there. */
export const BASE_CASE_FIELD_ID = 'estudio-caso-base';

export type BaseCaseMode = 'file' | 'case';

type BaseCaseSectionProps = {
  userKey: string;
  mode: BaseCaseMode;
  onMode: (mode: BaseCaseMode) => void;
  base: BaseCase | null;
  onBase: (base: BaseCase | null) => void;
  /**
   * Editing a study built on an uploaded file: its stored network, used unless another file is
   * chosen (and again when that one is removed).
   */
  storedNetwork: Extract<BaseCase, { kind: 'study' }> | null;
  /** «El caso tiene N barras y M áreas», once read. */
  catalogSummary: string | null;
  disabled: boolean;
};

/** «1. Caso base»: a network file (same formats, limit and errors as /analisis) or an analysed case. */
export function BaseCaseSection(props: BaseCaseSectionProps) {
  const { mode, base, onBase, disabled } = props;
  const config = useQuery(clientConfigQueryOptions());
  const maxBytes = config.data?.maxUploadBytes ?? MAX_UPLOAD_BYTES;
  const inputRef = useRef<HTMLInputElement>(null);
  const ids = { file: useId(), hint: useId(), select: useId() };

  const choose = (file: File | undefined) => {
    if (file === undefined) return;
    if (!isCaseFile(file)) {
      toast.error(t.invalidTitle, { description: t.invalidBody });
    } else if (file.size > maxBytes) {
      toast.error(t.tooLargeTitle, { description: errorMessages.INPUT_TOO_LARGE });
    } else {
      onBase({ kind: 'file', file });
      return;
    }
    if (inputRef.current !== null) inputRef.current.value = '';
  };

  return (
    <Card titleId="estudio-caso-base-titulo" title={t.title} subtitle={t.intro}>
      <fieldset className="mt-4" disabled={disabled}>
        <legend className="sr-only">{t.modeLabel}</legend>
        <div className="flex flex-wrap gap-4">
          {(['file', 'case'] as const).map((value, i) => (
            <label
              key={value}
              className="flex items-center gap-2 text-sm font-medium text-slate-800"
            >
              <input
                id={i === 0 ? BASE_CASE_FIELD_ID : undefined}
                type="radio"
                name="modo-caso-base"
                checked={mode === value}
                onChange={() => props.onMode(value)}
                className="h-4 w-4 accent-sky-700"
              />
              {value === 'file' ? t.modeFile : t.modeCase}
            </label>
          ))}
        </div>
      </fieldset>

      {mode === 'file' ? (
        <div className="mt-4 space-y-3">
          <div className="flex flex-wrap items-center gap-3">
            <label
              htmlFor={ids.file}
              className={cn(
                'inline-flex h-10 cursor-pointer items-center rounded-lg border border-slate-300 bg-white px-4 text-sm font-semibold text-slate-800 hover:border-sky-500 hover:text-sky-800',
                'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-sky-500',
                disabled && 'pointer-events-none opacity-60',
              )}
            >
              {t.pick}
              <input
                id={ids.file}
                ref={inputRef}
                type="file"
                accept={CASE_FILE_ACCEPT}
                aria-label={t.pickLabel}
                aria-describedby={ids.hint}
                disabled={disabled}
                className="sr-only"
                onChange={(event) => choose(event.target.files?.[0])}
              />
            </label>
            <p id={ids.hint} className="text-xs text-slate-600">
              {t.hint} · {t.accepted}
            </p>
          </div>
          {base?.kind === 'study' && (
            <div
              className="flex items-center gap-3 rounded-xl border border-slate-200 p-3"
              data-testid="stored-network"
            >
              <FileText aria-hidden="true" className="h-6 w-6 shrink-0 text-sky-700" />
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-semibold text-slate-900">{base.fileName}</p>
                <p className="text-xs text-slate-600">{t.storedNetwork}</p>
              </div>
            </div>
          )}
          {base?.kind === 'file' && (
            <div className="flex items-center gap-3 rounded-xl border border-slate-200 p-3">
              <FileText aria-hidden="true" className="h-6 w-6 shrink-0 text-sky-700" />
              <div className="min-w-0 flex-1">
                <p
                  className="truncate text-sm font-semibold text-slate-900"
                  data-testid="base-file-name"
                >
                  {base.file.name}
                </p>
                <p className="text-xs text-slate-600">{t.size(formatKb(base.file.size))}</p>
              </div>
              <Button
                variant="ghost"
                size="sm"
                disabled={disabled}
                onClick={() => {
                  onBase(props.storedNetwork);
                  if (inputRef.current !== null) inputRef.current.value = '';
                }}
              >
                <X aria-hidden="true" className="h-4 w-4" />
                {t.remove}
              </Button>
            </div>
          )}
        </div>
      ) : (
        <AnalysedCasePicker
          id={ids.select}
          userKey={props.userKey}
          caseId={base?.kind === 'case' ? base.caseId : null}
          onCase={(caseId) => onBase(caseId === null ? null : { kind: 'case', caseId })}
          disabled={disabled}
        />
      )}

      <ContingencyNote userKey={props.userKey} base={base} />

      {props.catalogSummary !== null && (
        <p className="mt-3 text-sm text-slate-700" aria-live="polite">
          {props.catalogSummary}
        </p>
      )}
    </Card>
  );
}

function AnalysedCasePicker(props: {
  id: string;
  userKey: string;
  caseId: string | null;
  onCase: (caseId: string | null) => void;
  disabled: boolean;
}) {
  const cases = useQuery(baseCasesQueryOptions(props.userKey));
  if (cases.isPending) return <p className="mt-4 text-sm text-slate-600">{t.casesLoading}</p>;
  if (cases.isError) {
    return (
      <p role="alert" className="mt-4 text-sm text-red-700">
        {t.casesError(errorText(cases.error))}
      </p>
    );
  }
  if (cases.data.length === 0) return <p className="mt-4 text-sm text-slate-600">{t.noCases}</p>;
  return (
    <div className="mt-4 max-w-xl space-y-1">
      <label htmlFor={props.id} className="block text-sm font-medium text-slate-800">
        {t.caseLabel}
      </label>
      <select
        id={props.id}
        value={props.caseId ?? ''}
        disabled={props.disabled}
        onChange={(event) => props.onCase(event.target.value === '' ? null : event.target.value)}
        className={cn(inputClasses, 'h-10')}
      >
        <option value="">{t.casePlaceholder}</option>
        {cases.data.map((item) => (
          <option key={item.caseId} value={item.caseId}>
            {t.caseOption(item.caseName, formatDateTime(item.createdAt))}
          </option>
        ))}
      </select>
    </div>
  );
}
