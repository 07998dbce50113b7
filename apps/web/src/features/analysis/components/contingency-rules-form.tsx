import type { ContingencyRules, ContingencySetResponse } from '@holgura/contracts';
import { useMutation } from '@tanstack/react-query';
import { ListChecks, LoaderCircle } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Notice } from '../../../components/ui/notice';
import { ApiClientError } from '../../../lib/api-client';
import { esContingencySets } from '../../../strings/es-contingency-sets';
import { putContingencyRules } from '../api/contingency-sets';

const t = esContingencySets.rules;

/** «1, 2 3»: the integers of a list written by hand; null when one is not an integer. */
export function parseIntegerList(text: string): number[] | null {
  const parts = text.split(/[\s,;]+/).filter((part) => part !== '');
  const numbers = parts.map((part) => (/^-?\d+$/.test(part) ? Number(part) : Number.NaN));
  return numbers.some((n) => !Number.isSafeInteger(n)) ? null : numbers;
}

/** The form's rules, or the first thing wrong with them (Spanish). */
export function rulesOf(form: {
  singleBranches: boolean;
  parallelCircuits: boolean;
  units: boolean;
  minKv: string;
  areas: string;
  zones: string;
}): { rules: ContingencyRules } | { error: string; field: 'kinds' | 'minKv' | 'areas' | 'zones' } {
  if (!form.singleBranches && !form.parallelCircuits && !form.units) {
    return { error: t.noKind, field: 'kinds' };
  }
  const kvText = form.minKv.trim().replace(',', '.');
  const minKv = kvText === '' ? undefined : Number(kvText);
  if (minKv !== undefined && (!Number.isFinite(minKv) || minKv < 0 || minKv > 2000)) {
    return { error: t.badKv, field: 'minKv' };
  }
  const areas = form.areas.trim() === '' ? undefined : parseIntegerList(form.areas);
  if (areas === null || areas?.length === 0) return { error: t.badList, field: 'areas' };
  const zones = form.zones.trim() === '' ? undefined : parseIntegerList(form.zones);
  if (zones === null || zones?.length === 0) return { error: t.badList, field: 'zones' };
  return {
    rules: {
      singleBranches: form.singleBranches,
      parallelCircuits: form.parallelCircuits,
      units: form.units,
      ...(minKv === undefined ? {} : { minKv }),
      ...(areas === undefined ? {} : { areas }),
      ...(zones === undefined ? {} : { zones }),
    },
  };
}

/**
 * Contingencies by rule instead of a file (issue #30): each branch, parallel circuits out
 * together, each producing unit, filtered by kV, area and zone. Sent as `{ rules }`; the set then
 * shows like a file's, its name the rules in words.
 */
export function ContingencyRulesForm({
  caseId,
  disabled,
  onApplied,
}: {
  caseId: string;
  disabled: boolean;
  onApplied: (answer: ContingencySetResponse) => void;
}) {
  const [form, setForm] = useState({
    singleBranches: true,
    parallelCircuits: false,
    units: false,
    minKv: '',
    areas: '',
    zones: '',
  });
  const [invalid, setInvalid] = useState<{ error: string; field: string } | null>(null);
  const kindsId = useId();
  const apply = useMutation({
    mutationFn: (rules: ContingencyRules) => putContingencyRules(caseId, rules),
    onSuccess: onApplied,
  });
  const busy = disabled || apply.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const read = rulesOf(form);
    if ('error' in read) {
      setInvalid(read);
      return;
    }
    setInvalid(null);
    apply.mutate(read.rules);
  };
  const kind = (key: 'singleBranches' | 'parallelCircuits' | 'units', label: string) => (
    <label className="flex items-center gap-2 text-sm text-slate-800">
      <input
        type="checkbox"
        checked={form[key]}
        onChange={(event) => setForm({ ...form, [key]: event.target.checked })}
        className="h-4 w-4 accent-sky-700"
      />
      {label}
    </label>
  );
  const fieldError = (field: string) => (invalid?.field === field ? invalid.error : undefined);

  return (
    <form
      aria-label={t.formLabel}
      onSubmit={submit}
      className="space-y-4 rounded-xl border border-slate-200 p-4"
      noValidate
    >
      <div>
        <p className="text-sm font-semibold text-slate-900">{t.title}</p>
        <p className="text-xs text-slate-600">{t.intro}</p>
      </div>
      <fieldset
        aria-describedby={fieldError('kinds') === undefined ? undefined : kindsId}
        className="space-y-2"
      >
        <legend className="text-sm font-medium text-slate-800">{t.kindsLegend}</legend>
        {kind('singleBranches', t.singleBranches)}
        {kind('parallelCircuits', t.parallelCircuits)}
        {kind('units', t.units)}
        {fieldError('kinds') !== undefined && (
          <p id={kindsId} className="text-sm text-red-700">
            {fieldError('kinds')}
          </p>
        )}
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-3">
        <FormField
          label={t.minKv}
          name="minKv"
          inputMode="decimal"
          value={form.minKv}
          hint={t.minKvHint}
          error={fieldError('minKv')}
          onChange={(event) => setForm({ ...form, minKv: event.target.value })}
        />
        <FormField
          label={t.areas}
          name="areas"
          value={form.areas}
          hint={t.listHint}
          error={fieldError('areas')}
          onChange={(event) => setForm({ ...form, areas: event.target.value })}
        />
        <FormField
          label={t.zones}
          name="zones"
          value={form.zones}
          hint={t.listHint}
          error={fieldError('zones')}
          onChange={(event) => setForm({ ...form, zones: event.target.value })}
        />
      </div>
      {apply.isError && (
        <Notice tone="error" title={t.failed}>
          {apply.error instanceof ApiClientError
            ? apply.error.message
            : esContingencySets.unknownError}
        </Notice>
      )}
      <Button type="submit" size="sm" disabled={busy} aria-busy={apply.isPending}>
        {apply.isPending ? (
          <LoaderCircle
            aria-hidden="true"
            className="h-4 w-4 animate-spin motion-reduce:animate-none"
          />
        ) : (
          <ListChecks aria-hidden="true" className="h-4 w-4" />
        )}
        {apply.isPending ? t.applying : t.apply}
      </Button>
    </form>
  );
}
