import type {
  FlexibilityFigureName,
  FlexibilitySummary,
  GroupAnalysisSummary,
  StudyGroupDescription,
} from '@holgura/contracts';
import { createColumnHelper } from '@tanstack/react-table';
import { ChevronDown, ChevronUp } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { DataTable } from '../../../components/data-table/data-table';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Notice } from '../../../components/ui/notice';
import { esAnalysisResults } from '../../../strings/es';
import { analysisOptionsShort } from '../../../strings/es-analysis-options';
import { cn } from '../../../utils/cn';
import { formatFixed, formatInteger } from '../../../utils/format';
import { SegmentedToggle } from '../../../components/ui/segmented-toggle';
import { GroupPicker } from './group-picker';

const t = esAnalysisResults.groups;
const tf = esAnalysisResults.figures;

const mw = (value: number) => t.mw(formatFixed(value, 1));

/** The group studied: its name, how many units rise, its headroom (Tmax) and why it was chosen. */
export function GroupDescription({ group }: { group: StudyGroupDescription }) {
  const items: [string, string, string][] = [
    ['group-label', t.title, group.label],
    ['group-units', t.unitCount, t.units(group.units.length, formatInteger(group.units.length))],
    ['group-tmax', t.tmax, mw(group.tmaxMw)],
  ];
  return (
    <div>
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        {items.map(([testId, label, value]) => (
          <div key={testId} className="flex flex-col rounded-xl bg-slate-50 p-3">
            <dt className="order-2 text-xs text-slate-600">{label}</dt>
            <dd
              className="order-1 text-lg font-bold tabular-nums text-slate-900"
              data-testid={testId}
            >
              {value}
            </dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 text-sm text-slate-700">
        <span className="font-semibold">{t.why}: </span>
        <span data-testid="group-reason">{group.reason.message}</span>
      </p>
    </div>
  );
}

/**
 * The two figures (docs/analysis.md §5): attributable first, strict one click away. Results stored
 * before issue #21 have one figure and no switch.
 */
export function FigureSwitch({
  flexibility,
  figure,
  onChange,
}: {
  flexibility: FlexibilitySummary;
  figure: FlexibilityFigureName;
  onChange: (figure: FlexibilityFigureName) => void;
}) {
  if (!flexibility.twoFigures) return null;
  const names: [FlexibilityFigureName, string][] = [
    ['attributable', tf.attributable],
    ['strict', tf.strict],
  ];
  const fcitc = (name: FlexibilityFigureName) => flexibility.figures[name].fcitcMw;
  const equal = fcitc('attributable') === fcitc('strict');
  return (
    <div className="space-y-2">
      <SegmentedToggle
        label={tf.label}
        value={figure}
        options={names.map(
          ([name, label]) =>
            [
              name,
              <>
                {label}
                {': FCITC '}
                <span className="tabular-nums" data-testid={`fcitc-${name}`}>
                  {mw(fcitc(name))}
                </span>
              </>,
            ] as const,
        )}
        onChange={onChange}
      />
      <p className="text-xs text-slate-600" aria-live="polite" data-testid="figure-help">
        {equal ? tf.equal : figure === 'attributable' ? tf.attributableHelp : tf.strictHelp}
      </p>
    </div>
  );
}

function stateText(row: GroupAnalysisSummary): string {
  if (row.state === 'running') return `${t.states.running} ${row.progressPercent} %`;
  if (row.state === 'failed' && row.error !== null) {
    return `${t.states.failed}: ${row.error.message}`;
  }
  return t.states[row.state];
}

const optionalMw = (value: number | null | undefined) =>
  value === null || value === undefined ? '–' : formatFixed(value, 1);

const column = createColumnHelper<GroupAnalysisSummary>();
const listColumns = [
  column.accessor('label', {
    header: t.columnGroup,
    cell: ({ row, getValue }) => (
      <>
        {getValue()}
        {row.original.isUploadGroup && (
          <span className="ml-1 text-xs text-slate-600">({t.uploadGroup})</span>
        )}
        {/* The same group with other options is another analysis: say which. */}
        {analysisOptionsShort(row.original.options) !== '' && (
          <span className="ml-1 text-xs text-slate-600" data-testid="group-options">
            ({analysisOptionsShort(row.original.options)})
          </span>
        )}
      </>
    ),
    meta: { cellClassName: 'font-medium text-slate-900' },
  }),
  column.accessor(stateText, {
    id: 'state',
    header: t.columnState,
    cell: ({ row, getValue }) => (
      <span
        className={cn(
          row.original.state === 'failed' && 'text-red-700',
          row.original.state === 'done' && 'text-green-800',
        )}
      >
        {getValue()}
      </span>
    ),
  }),
  column.accessor((row) => optionalMw(row.tmaxMw), {
    id: 'tmax',
    header: t.columnTmax,
    meta: { align: 'right' },
  }),
  column.accessor((row) => optionalMw(row.fcitcMw?.attributable), {
    id: 'attributable',
    header: t.columnAttributable,
    meta: { align: 'right' },
  }),
  column.accessor((row) => optionalMw(row.fcitcMw?.strict), {
    id: 'strict',
    header: t.columnStrict,
    meta: { align: 'right' },
  }),
  column.accessor(
    (row) => (row.preExistingCount === null ? '–' : formatInteger(row.preExistingCount)),
    { id: 'violations', header: t.columnViolations, meta: { align: 'right' } },
  ),
];

/** 'Grupos calculados': every group run on the case, its state and figures; the switcher. */
export function GroupList({
  rows,
  selectedId,
  onSelect,
}: {
  rows: GroupAnalysisSummary[];
  selectedId: string | null;
  onSelect: (analysisId: string) => void;
}) {
  const titleId = useId();
  return (
    <div>
      <h4 id={titleId} className="text-sm font-semibold text-slate-900">
        {t.listTitle}
      </h4>
      <p className="mt-1 text-xs text-slate-600">{t.listCaption}</p>
      <div className="mt-2">
        <DataTable
          labelledBy={titleId}
          columns={listColumns}
          rows={rows}
          getRowId={(row) => row.analysisId}
          emptyText={t.listCaption}
          selection={{
            selectedId,
            onSelect,
            radio: { header: t.columnGroup, label: (row) => t.selectGroup(row.label) },
          }}
          minWidth="44rem"
        />
      </div>
    </div>
  );
}

type StudyGroupPanelProps = {
  caseId: string;
  /** The result shown (its group and figures); null while it loads or when it has none. */
  flexibility: FlexibilitySummary | null;
  figure: FlexibilityFigureName;
  onFigureChange: (figure: FlexibilityFigureName) => void;
  /** GET …/analyses: null while loading; an error message when it failed. */
  groups: GroupAnalysisSummary[] | null;
  groupsError: string | null;
  selectedId: string | null;
  onSelect: (analysisId: string) => void;
  /** Running another group: the picker's state. */
  running: boolean;
  runError: string | null;
  runExisting: boolean;
  onRun: (group: string) => void;
  /** Beside the figures: the options they were computed with, the base case and its checks. */
  figureNotes?: ReactNode;
};

/**
 * 'Grupo de estudio' (issue #21): the group of the result shown and why, its two figures, the
 * groups run on the case (switchable), and the choice of another group to run.
 */
export function StudyGroupPanel(props: StudyGroupPanelProps) {
  const { flexibility, groups } = props;
  const [open, setOpen] = useState(false);
  // Once opened, the picker stays mounted (hidden when closed): its choices are kept.
  const [opened, setOpened] = useState(false);
  const pickerId = useId();
  const group = flexibility?.studyGroup;
  return (
    <Card
      level={3}
      titleId="grupo-titulo"
      title={t.title}
      subtitle={t.intro}
      actions={
        <Button
          variant="outline"
          size="sm"
          aria-expanded={open}
          aria-controls={pickerId}
          onClick={() => {
            setOpened(true);
            setOpen((value) => !value);
          }}
        >
          {open ? (
            <ChevronUp aria-hidden="true" className="h-4 w-4" />
          ) : (
            <ChevronDown aria-hidden="true" className="h-4 w-4" />
          )}
          {open ? t.hideChooser : t.choose}
        </Button>
      }
    >
      <div className="mt-4 space-y-4">
        {flexibility !== null &&
          (group === null || group === undefined ? (
            <p className="text-sm text-slate-600">{t.noDescription}</p>
          ) : (
            <GroupDescription group={group} />
          ))}
        {flexibility !== null && (
          <FigureSwitch
            flexibility={flexibility}
            figure={props.figure}
            onChange={props.onFigureChange}
          />
        )}
        {props.figureNotes !== undefined && props.figureNotes !== false && (
          <div className="space-y-2" data-testid="figure-notes">
            {props.figureNotes}
          </div>
        )}
        {props.groupsError !== null && <Notice tone="warning">{props.groupsError}</Notice>}
        {groups !== null && groups.length > 1 && (
          <GroupList rows={groups} selectedId={props.selectedId} onSelect={props.onSelect} />
        )}
        <div id={pickerId} hidden={!open} className="rounded-xl border border-slate-200 p-4">
          <h4 className="text-sm font-semibold text-slate-900">{t.chooserTitle}</h4>
          <p className="mb-3 mt-1 text-xs text-slate-600">{t.chooserIntro}</p>
          {opened && <GroupPicker caseId={props.caseId} busy={props.running} onRun={props.onRun} />}
          {props.runError !== null && (
            <Notice tone="error" className="mt-3">
              {props.runError}
            </Notice>
          )}
          {props.runExisting && !props.running && (
            <p className="mt-3 text-sm text-slate-700" role="status">
              {t.already}
            </p>
          )}
        </div>
      </div>
    </Card>
  );
}
