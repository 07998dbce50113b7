import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { Card } from '../../../components/ui/card';
import { esStudies } from '../../../strings/es-studies';
import {
  emptyInterchange,
  emptyScenario,
  withKey,
  type StudyFormValues,
} from '../model/form-values';
import { fieldId } from '../model/problem-place';
import { BusField } from './bus-field';
import { NumberField, NumberInput, TextField, useFieldError } from './fields';
import { AddButton, RemoveButton, RemoveGroupButton } from './remove-button';

const t = esStudies.scenarios;

/** The scenarios: name, condition, demand multipliers per area and interchanges. */
export function ScenariosSection() {
  const { control } = useFormContext<StudyFormValues>();
  const scenarios = useFieldArray({ control, name: 'scenarios' });
  const listError = useFieldError('scenarios');
  return (
    <Card titleId="estudio-escenarios" title={t.title} subtitle={t.intro}>
      <div className="mt-4 space-y-4">
        {scenarios.fields.map((scenario, index) => (
          <fieldset key={scenario.id} className="rounded-xl border border-slate-200 p-4">
            <legend className="px-1 text-base font-semibold text-slate-900">
              {t.legend(index + 1)}
            </legend>
            <ScenarioFields index={index} />
            <div className="mt-3 flex justify-end">
              <RemoveGroupButton
                label={t.remove(index + 1)}
                onClick={() => scenarios.remove(index)}
              />
            </div>
          </fieldset>
        ))}
        {listError !== undefined && <p className="text-sm text-red-700">{listError}</p>}
        <div id={fieldId('scenarios')} tabIndex={-1}>
          <AddButton label={t.add} onClick={() => scenarios.append(emptyScenario())} />
        </div>
      </div>
    </Card>
  );
}

function ScenarioFields({ index }: { index: number }) {
  const form = useFormContext<StudyFormValues>();
  const base = `scenarios.${index}` as const;
  const areas = useWatch({ control: form.control, name: 'areas' });
  const multipliers = useWatch({ control: form.control, name: `${base}.demandMultipliers` });
  const interchanges = useFieldArray({ control: form.control, name: `${base}.interchanges` });
  const names = [...new Set(areas.map((area) => area.name).filter((name) => name !== ''))];
  return (
    <div className="mt-3 space-y-4">
      <div className="grid gap-4 md:grid-cols-[16rem_1fr]">
        <TextField name={`${base}.name`} label={t.name} />
        <TextField
          name={`${base}.condition`}
          label={t.condition}
          hint={t.conditionHint}
          multiline
        />
      </div>
      <div>
        <h3 className="text-sm font-semibold text-slate-900">{t.multipliers}</h3>
        <p className="text-xs text-slate-600">{t.multipliersHint}</p>
        {names.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">{t.noAreas}</p>
        ) : (
          <div className="mt-2 grid gap-3 sm:grid-cols-3 lg:grid-cols-4">
            {names.map((name) => (
              <MultiplierInput
                key={name}
                path={`${base}.demandMultipliers.${name}`}
                label={t.multiplier(name)}
                value={multipliers[name]}
                onChange={(value) =>
                  form.setValue(
                    `${base}.demandMultipliers`,
                    withKey(form.getValues(`${base}.demandMultipliers`), name, value),
                    { shouldDirty: true, shouldValidate: form.formState.isSubmitted },
                  )
                }
              />
            ))}
          </div>
        )}
      </div>
      <div>
        <h3 className="text-sm font-semibold text-slate-900">{t.interchanges}</h3>
        <p className="text-xs text-slate-600">{t.interchangesHint}</p>
        <ul className="mt-2 space-y-2">
          {interchanges.fields.map((interchange, j) => (
            <li key={interchange.id}>
              <div
                role="group"
                aria-label={`${t.interchanges} ${j + 1}`}
                className="grid items-start gap-3 sm:grid-cols-[1fr_9rem_8rem_auto]"
              >
                <TextField name={`${base}.interchanges.${j}.name`} label={t.interchangeName} />
                <BusField name={`${base}.interchanges.${j}.bus`} label={t.interchangeBus} />
                <NumberField name={`${base}.interchanges.${j}.mw`} label={t.interchangeMw} />
                <RemoveButton
                  label={t.removeInterchange(j + 1)}
                  onClick={() => interchanges.remove(j)}
                />
              </div>
            </li>
          ))}
        </ul>
        <div className="mt-2">
          <AddButton
            label={t.addInterchange}
            onClick={() => interchanges.append(emptyInterchange())}
          />
        </div>
      </div>
    </div>
  );
}

function MultiplierInput(props: {
  path: string;
  label: string;
  value: number | undefined;
  onChange: (value: number | undefined) => void;
}) {
  const error = useFieldError(props.path);
  return (
    <NumberInput
      id={fieldId(props.path)}
      label={props.label}
      value={props.value}
      placeholder="1"
      error={error}
      onChange={props.onChange}
    />
  );
}
