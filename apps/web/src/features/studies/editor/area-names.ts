import type { UseFormReturn } from 'react-hook-form';
import { renameKey, withKey, type StudyFormValues } from '../model/form-values';

type Form = Pick<UseFormReturn<StudyFormValues>, 'getValues' | 'setValue'>;

/**
 * Growth and demand multipliers are keyed by area name in the study file: renaming an area in
 * the form renames its key everywhere, and removing it removes them.
 */
export function renameArea(form: Form, from: string, to: string): void {
  const { growth, scenarios } = form.getValues();
  form.setValue('growth', renameKey(growth, from, to));
  scenarios.forEach((scenario, i) =>
    form.setValue(
      `scenarios.${i}.demandMultipliers`,
      renameKey(scenario.demandMultipliers, from, to),
    ),
  );
}

export function forgetArea(form: Form, name: string): void {
  const { growth, scenarios, areas } = form.getValues();
  // Another area of the same name keeps its figures.
  if (areas.some((area) => area.name === name)) return;
  form.setValue('growth', withKey<number>(growth, name, undefined));
  scenarios.forEach((scenario, i) =>
    form.setValue(
      `scenarios.${i}.demandMultipliers`,
      withKey<number>(scenario.demandMultipliers, name, undefined),
    ),
  );
}
