import { MAX_GROUP_ROWS, type CaseGeneratorsResponse, type GroupOption } from '@holgura/contracts';
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { esAnalysisResults } from '../../../strings/es';
import { formatFixed, formatInteger } from '../../../utils/format';
import { generatorsQueryOptions } from '../api/groups';
import { UnitPicker } from './unit-picker';
import { chosenHeadroomMw, gensGroup } from './unit-search';

const t = esAnalysisResults.groups;

export type GroupKind = keyof typeof t.kinds;
const KINDS = Object.keys(t.kinds) as GroupKind[];

/** The options of a kind (renewables and all are one option each; gens has none). */
export function kindOptions(catalog: CaseGeneratorsResponse, kind: GroupKind): GroupOption[] {
  switch (kind) {
    case 'renewables':
      return [catalog.renewables];
    case 'all':
      return [catalog.all];
    case 'fuel':
      return catalog.fuels;
    case 'area':
      return catalog.areas;
    case 'zone':
      return catalog.zones;
    case 'kv':
      return catalog.kvLevels;
    case 'gens':
      return [];
  }
}

const unitsText = (count: number) => t.units(count, formatInteger(count));

/** An option's line: its name, units and headroom, or that it has none (then it is greyed). */
export function optionText(option: GroupOption): string {
  return option.unitsWithHeadroom === 0
    ? t.optionNoHeadroom(option.label, unitsText(option.units))
    : t.optionText(option.label, unitsText(option.units), formatFixed(option.headroomMw, 1));
}

type GroupPickerProps = {
  caseId: string;
  busy: boolean;
  /** The group text to run: 'all', 'area:3', 'gens:3-4,7'. */
  onRun: (group: string) => void;
};

/**
 * 'Calcular con otro grupo' (decision 013 §2): renewables, all units, by fuel, area, zone or
 * voltage (each option with its units and headroom, greyed when it has none), or a hand-picked
 * list searched in the case's generators.
 */
export function GroupPicker({ caseId, busy, onRun }: GroupPickerProps) {
  const catalog = useQuery(generatorsQueryOptions(caseId));
  if (catalog.isPending) return <Spinner label={t.catalogLoading} className="py-6" />;
  if (catalog.isError) {
    return <Notice tone="error">{t.catalogError(catalog.error.message)}</Notice>;
  }
  return <PickerForm catalog={catalog.data} busy={busy} onRun={onRun} />;
}

function firstUsable(options: GroupOption[]): string {
  return (options.find((option) => option.unitsWithHeadroom > 0) ?? options[0])?.key ?? '';
}

function PickerForm({
  catalog,
  busy,
  onRun,
}: {
  catalog: CaseGeneratorsResponse;
  busy: boolean;
  onRun: (group: string) => void;
}) {
  const kindId = useId();
  const optionId = useId();
  const summaryId = useId();
  // The default rule chose renewables or all: offer the other one first.
  const [kind, setKind] = useState<GroupKind>(
    catalog.defaultGroup.key === 'all' ? 'renewables' : 'all',
  );
  const [picked, setPicked] = useState<Partial<Record<GroupKind, string>>>({});
  const [chosen, setChosen] = useState<Set<number>>(() => new Set());

  const options = kindOptions(catalog, kind);
  const optionKey = picked[kind] ?? firstUsable(options);
  const option = options.find((item) => item.key === optionKey) ?? null;
  const chosenMw = chosenHeadroomMw(catalog.generators, chosen);

  const group =
    kind === 'gens'
      ? chosen.size > 0 && chosen.size <= MAX_GROUP_ROWS && chosenMw > 0
        ? gensGroup(chosen)
        : null
      : option !== null && option.unitsWithHeadroom > 0
        ? option.key
        : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (group !== null && !busy) onRun(group);
  };

  return (
    <form onSubmit={submit} className="space-y-4" aria-label={t.chooserTitle}>
      <p className="text-xs text-slate-600">{t.defaultRule(catalog.defaultGroup.label)}</p>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <div className="flex min-w-0 flex-col gap-1">
          <label htmlFor={kindId} className="text-xs font-medium text-slate-600">
            {t.kind}
          </label>
          <select
            id={kindId}
            value={kind}
            onChange={(event) => setKind(event.target.value as GroupKind)}
            className="h-10 rounded-md border border-slate-300 bg-white px-2 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-sky-500"
          >
            {KINDS.map((item) => {
              const none = item !== 'gens' && kindOptions(catalog, item).length === 0;
              return (
                <option key={item} value={item} disabled={none}>
                  {none ? t.kindUnavailable(t.kinds[item]) : t.kinds[item]}
                </option>
              );
            })}
          </select>
        </div>
        {kind !== 'gens' && options.length > 1 && (
          <div className="flex min-w-0 flex-col gap-1">
            <label htmlFor={optionId} className="text-xs font-medium text-slate-600">
              {t.option}
            </label>
            <select
              id={optionId}
              value={optionKey}
              onChange={(event) => setPicked({ ...picked, [kind]: event.target.value })}
              aria-describedby={summaryId}
              className="h-10 min-w-0 rounded-md border border-slate-300 bg-white px-2 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-sky-500"
            >
              {options.map((item) => (
                <option key={item.key} value={item.key} disabled={item.unitsWithHeadroom === 0}>
                  {optionText(item)}
                </option>
              ))}
            </select>
          </div>
        )}
      </div>

      {kind === 'gens' ? (
        <UnitPicker columns={catalog.generators} chosen={chosen} onChange={setChosen} />
      ) : (
        option !== null && (
          <p
            id={summaryId}
            className="text-sm text-slate-700"
            data-testid="group-option-summary"
            aria-live="polite"
          >
            <span className="font-medium">{option.label}</span>
            {': '}
            {option.unitsWithHeadroom === 0
              ? t.noHeadroom
              : t.optionSummary(
                  unitsText(option.unitsWithHeadroom),
                  formatFixed(option.headroomMw, 1),
                )}
          </p>
        )
      )}

      <Button type="submit" disabled={group === null || busy} aria-busy={busy}>
        {busy ? t.running : t.run}
      </Button>
    </form>
  );
}
