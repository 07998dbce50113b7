import type {
  HourlyCapacityResponse,
  HourlyProfilesSummary,
  PlantProfileSpecInput,
} from '@holgura/contracts';
import { useMutation } from '@tanstack/react-query';
import { LoaderCircle } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Notice } from '../../../components/ui/notice';
import { esHours } from '../../../strings/es-hours';
import { messageOf, postHourlyCapacity } from './api';
import { FilePicker } from './file-picker';
import { KeyFigures, shareFigures } from './key-figures';
import { CURTAIL_COLORS, parsePlantMw, readPlantValues } from './model';
import { MonthHourHeatmap } from './month-hour-heatmap';

const t = esHours.plant;

/** The profile choice: flat, a technology of the profiles (`tech:` and its fuel), or a file. */
type Choice = 'flat' | 'file' | `tech:${string}`;

/** A plant profile file read in the browser. */
type ReadFile = { name: string; values: number[] };

/** Plant profile files: text with one value per line. */
const PLANT_FILE_ACCEPT = '.csv,.txt';

/** A file's text (FileReader: read the same in every browser and in jsdom). */
function readText(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('FileReader failed'));
    reader.readAsText(file);
  });
}

/** A simulation asked: the plant's MW and its profile. */
type Asked = { mw: number; profile: PlantProfileSpecInput };

/**
 * «Simular una planta» (issue #32): a plant of the size typed, with a flat output, the profiles'
 * average of a technology or the planner's own file (one value per hour, read here into numbers),
 * asked at the bus again: its energy, the MWh and share curtailed, the hours with curtailment,
 * where in the year it loses them and the firm and 1/3/5 % figures for that profile.
 */
export function PlantSimulator({
  caseId,
  bus,
  preExisting,
  summary,
}: {
  caseId: string;
  bus: number;
  /** The bus's figure (attributable or strict): the plant is simulated against the same. */
  preExisting: 'ignore' | 'limit';
  summary: HourlyProfilesSummary;
}) {
  const titleId = useId();
  const selectId = useId();
  const fileHintId = useId();
  const fileErrorId = useId();
  const [sizeText, setSizeText] = useState<string>(t.sizeDefault);
  const [sizeError, setSizeError] = useState<string | undefined>(undefined);
  const [choice, setChoice] = useState<Choice>('flat');
  const [file, setFile] = useState<ReadFile | null>(null);
  const [fileError, setFileError] = useState<string | undefined>(undefined);
  const [reading, setReading] = useState(false);

  const simulate = useMutation({
    mutationFn: (asked: Asked) =>
      postHourlyCapacity(caseId, {
        bus,
        preExisting,
        plant: { mw: asked.mw, profile: asked.profile },
      }),
  });

  const read = async (picked: File) => {
    setReading(true);
    setFile(null);
    setFileError(undefined);
    try {
      const outcome = readPlantValues(await readText(picked));
      if (!outcome.ok) {
        setFileError(
          outcome.reason === 'empty'
            ? t.fileEmpty
            : outcome.reason === 'negative'
              ? t.fileNegative(outcome.line)
              : t.fileNotNumber(outcome.line),
        );
      } else if (outcome.values.length !== summary.hours) {
        setFileError(t.fileCount(outcome.values.length, summary.hours));
      } else {
        setFile({ name: picked.name, values: outcome.values });
      }
    } catch {
      setFileError(t.fileUnreadable);
    } finally {
      setReading(false);
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const size = parsePlantMw(sizeText);
    const sizeProblem =
      size === 'nan'
        ? t.sizeNaN
        : size === 'zero'
          ? t.sizeZero
          : size === 'big'
            ? t.sizeTooBig
            : undefined;
    setSizeError(sizeProblem);
    let profile: PlantProfileSpecInput | null;
    if (choice === 'flat') profile = { kind: 'flat' };
    else if (choice === 'file') {
      profile = file === null ? null : { kind: 'values', values: file.values, label: file.name };
      if (file === null && fileError === undefined) setFileError(t.fileMissing);
    } else profile = { kind: 'technology', fuel: choice.slice('tech:'.length) };
    if (typeof size !== 'number' || profile === null) return;
    simulate.mutate({ mw: size, profile });
  };

  const options: [Choice, string][] = [
    ['flat', t.flat],
    ...summary.technologies.map((fuel): [Choice, string] => [`tech:${fuel}`, esHours.fuel(fuel)]),
    ['file', t.file],
  ];
  const busy = simulate.isPending;

  return (
    <section
      aria-labelledby={titleId}
      className="space-y-4 rounded-xl border border-slate-200 p-4"
      data-testid="hours-plant"
    >
      <div>
        <h5 id={titleId} className="text-base font-semibold text-slate-900">
          {t.title}
        </h5>
        <p className="mt-1 text-sm text-slate-600">{t.intro}</p>
      </div>
      <form noValidate onSubmit={submit} className="space-y-4">
        <div className="flex flex-wrap items-start gap-4">
          <div className="w-full max-w-[14rem]">
            <FormField
              label={t.size}
              name="plantMw"
              inputMode="decimal"
              autoComplete="off"
              value={sizeText}
              hint={t.sizeHint}
              error={sizeError}
              onChange={(event) => {
                setSizeText(event.target.value);
                if (sizeError !== undefined) setSizeError(undefined);
              }}
            />
          </div>
          <div className="w-full max-w-xs space-y-1.5">
            <label htmlFor={selectId} className="block text-sm font-medium text-slate-800">
              {t.profile}
            </label>
            <select
              id={selectId}
              value={choice}
              onChange={(event) => setChoice(event.target.value as Choice)}
              className="block h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-sm focus:border-sky-600 focus:outline-none focus:ring-2 focus:ring-sky-500/40"
            >
              {options.map(([value, text]) => (
                <option key={value} value={value}>
                  {text}
                </option>
              ))}
            </select>
          </div>
        </div>
        {choice === 'file' && (
          <div className="space-y-1.5" data-testid="hours-plant-file">
            <p className="text-sm font-medium text-slate-800">{t.fileLabel}</p>
            <FilePicker
              label={t.fileChoose}
              accept={PLANT_FILE_ACCEPT}
              variant="outline"
              busy={reading}
              disabled={busy}
              describedBy={fileError === undefined ? fileHintId : `${fileHintId} ${fileErrorId}`}
              onFile={(picked, input) => {
                void read(picked).finally(() => {
                  input.value = '';
                });
              }}
            />
            <p id={fileHintId} className="text-xs text-slate-600">
              {t.fileHint(summary.hours)}
            </p>
            {file !== null && (
              <p role="status" className="text-sm text-slate-700" data-testid="hours-plant-read">
                {t.fileRead(file.name, file.values.length)}
              </p>
            )}
            {fileError !== undefined && (
              <p id={fileErrorId} role="alert" className="text-sm text-red-700">
                {fileError}
              </p>
            )}
          </div>
        )}
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" size="sm" disabled={busy || reading} aria-busy={busy}>
            {t.simulate}
          </Button>
          {busy && (
            <p role="status" className="flex items-center gap-2 text-sm text-slate-700">
              <LoaderCircle
                aria-hidden="true"
                className="h-4 w-4 animate-spin text-sky-600 motion-reduce:animate-none"
              />
              {t.simulating}
            </p>
          )}
        </div>
      </form>
      {simulate.isError && (
        <Notice tone="error" title={t.failed}>
          {messageOf(simulate.error, esHours.unknownError)}
        </Notice>
      )}
      {simulate.isSuccess && <PlantResult result={simulate.data} asked={simulate.variables} />}
    </section>
  );
}

/** The profile's name in Spanish, from what was asked and what the answer says of it. */
function profileText(asked: Asked, result: HourlyCapacityResponse): string {
  switch (asked.profile.kind) {
    case 'flat':
      return t.flatLabel;
    case 'technology':
      return t.technologyLabel(
        esHours.fuel(asked.profile.fuel),
        result.profile.units,
        result.profile.area,
      );
    case 'values':
      return t.valuesLabel(asked.profile.label, result.profile.scaledFromMw);
  }
}

/** A simulated plant: energy, curtailed MWh and %, hours, profile, where it loses, its figures. */
function PlantResult({ result, asked }: { result: HourlyCapacityResponse; asked: Asked }) {
  const curtailment = result.curtailment;
  const profile = profileText(asked, result);
  return (
    <div className="space-y-4" data-testid="hours-plant-result">
      <p className="text-sm font-semibold text-slate-900">
        {t.resultTitle(curtailment?.plantMw ?? asked.mw)}
      </p>
      {result.infeasibleHours.length > 0 && (
        <p className="text-sm text-amber-900" data-testid="hours-plant-excluded">
          {t.excluded(result.infeasibleHours.length, result.hours)}
        </p>
      )}
      {curtailment !== null && (
        <KeyFigures
          testIdPrefix="hours-plant-"
          items={[
            { key: 'energy', label: t.energy, value: t.mwh(curtailment.energyMwh) },
            { key: 'curtailed', label: t.curtailed, value: t.mwh(curtailment.mwh) },
            { key: 'percent', label: t.curtailedShare, value: t.percent(curtailment.percent) },
            { key: 'hours', label: t.hoursCurtailed, value: t.hours(curtailment.hoursCurtailed) },
          ]}
        />
      )}
      <p className="text-sm text-slate-700" data-testid="hours-plant-profile">
        <span className="font-medium text-slate-900">{t.profileLabel}:</span> {profile}
      </p>
      <div>
        <p className="text-xs font-semibold uppercase tracking-wide text-slate-600">
          {t.figuresTitle}
        </p>
        <KeyFigures
          className="mt-2"
          testIdPrefix="hours-plant-figure-"
          items={shareFigures(result)}
        />
      </div>
      {curtailment !== null && (
        <MonthHourHeatmap
          title={esHours.heatmap.curtailTitle}
          caption={esHours.heatmap.curtailCaption}
          grid={curtailment.byMonthHourMwh}
          unit="MWh"
          colors={CURTAIL_COLORS}
          zeroApart
          testId="hours-curtail-heatmap"
        />
      )}
    </div>
  );
}
