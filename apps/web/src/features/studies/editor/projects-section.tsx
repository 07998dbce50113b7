import { useFieldArray, useFormContext } from 'react-hook-form';
import { Card } from '../../../components/ui/card';
import { esStudies } from '../../../strings/es-studies';
import {
  emptyBranch,
  emptyProject,
  emptyUnit,
  nextYear,
  type StudyFormValues,
} from '../model/form-values';
import { fieldId } from '../model/problem-place';
import { BusField } from './bus-field';
import { NumberField, TextField } from './fields';
import { AddButton, RemoveButton, RemoveGroupButton } from './remove-button';

const t = esStudies.projects;

/** Projects: their in-service year and the lines and generating units they add. */
export function ProjectsSection() {
  const form = useFormContext<StudyFormValues>();
  const projects = useFieldArray({ control: form.control, name: 'projects' });
  return (
    <Card titleId="estudio-proyectos" title={t.title} subtitle={t.intro}>
      <div className="mt-4 space-y-4">
        {projects.fields.length === 0 && <p className="text-sm text-slate-600">{t.none}</p>}
        {projects.fields.map((project, index) => (
          <fieldset key={project.id} className="rounded-xl border border-slate-200 p-4">
            <legend className="px-1 text-base font-semibold text-slate-900">
              {t.legend(index + 1)}
            </legend>
            <ProjectFields index={index} />
            <div className="mt-3 flex justify-end">
              <RemoveGroupButton
                label={t.remove(index + 1)}
                onClick={() => projects.remove(index)}
              />
            </div>
          </fieldset>
        ))}
        <div id={fieldId('projects')} tabIndex={-1}>
          <AddButton
            label={t.add}
            onClick={() => {
              const years = form.getValues('years');
              projects.append(emptyProject(years.length > 0 ? years[0] : nextYear(years)));
            }}
          />
        </div>
      </div>
    </Card>
  );
}

function ProjectFields({ index }: { index: number }) {
  const { control } = useFormContext<StudyFormValues>();
  const base = `projects.${index}` as const;
  const branches = useFieldArray({ control, name: `${base}.branches` });
  const units = useFieldArray({ control, name: `${base}.units` });
  return (
    <div className="mt-3 space-y-4">
      <div className="grid gap-4 md:grid-cols-[1fr_14rem]">
        <TextField name={`${base}.name`} label={t.name} />
        <NumberField name={`${base}.inServiceYear`} label={t.inServiceYear} />
      </div>
      <div>
        <h3 className="text-sm font-semibold text-slate-900">{t.branches}</h3>
        <p className="text-xs text-slate-600">{t.pu}</p>
        <ul className="mt-2 space-y-3">
          {branches.fields.map((branch, j) => {
            const at = `${base}.branches.${j}` as const;
            return (
              <li key={branch.id} className="rounded-lg bg-slate-50 p-3">
                <p id={`${fieldId(at)}-titulo`} className="text-sm font-medium text-slate-800">
                  {t.branch(j + 1)}
                </p>
                <div
                  role="group"
                  aria-labelledby={`${fieldId(at)}-titulo`}
                  className="mt-2 grid items-start gap-3 sm:grid-cols-4 lg:grid-cols-[repeat(8,minmax(0,1fr))_auto]"
                >
                  <BusField name={`${at}.fromBus`} label={t.fromBus} />
                  <BusField name={`${at}.toBus`} label={t.toBus} />
                  <TextField name={`${at}.circuit`} label={t.circuit} />
                  <NumberField name={`${at}.rPu`} label={t.rPu} />
                  <NumberField name={`${at}.xPu`} label={t.xPu} />
                  <NumberField name={`${at}.bPu`} label={t.bPu} />
                  <NumberField name={`${at}.rateAMva`} label={t.rateAMva} />
                  <NumberField name={`${at}.rateBMva`} label={t.rateBMva} />
                  <RemoveButton label={t.removeBranch(j + 1)} onClick={() => branches.remove(j)} />
                </div>
              </li>
            );
          })}
        </ul>
        <div className="mt-2">
          <AddButton label={t.addBranch} onClick={() => branches.append(emptyBranch())} />
        </div>
      </div>
      <div>
        <h3 className="text-sm font-semibold text-slate-900">{t.units}</h3>
        <ul className="mt-2 space-y-3">
          {units.fields.map((unit, j) => {
            const at = `${base}.units.${j}` as const;
            return (
              <li key={unit.id}>
                <div
                  role="group"
                  aria-label={t.unit(j + 1)}
                  className="grid items-start gap-3 rounded-lg bg-slate-50 p-3 sm:grid-cols-[repeat(4,minmax(0,1fr))_auto]"
                >
                  <BusField name={`${at}.bus`} label={t.bus} />
                  <NumberField name={`${at}.pMaxMw`} label={t.pMaxMw} />
                  <NumberField name={`${at}.pMinMw`} label={t.pMinMw} />
                  <NumberField name={`${at}.pMw`} label={t.pMw} />
                  <RemoveButton label={t.removeUnit(j + 1)} onClick={() => units.remove(j)} />
                </div>
              </li>
            );
          })}
        </ul>
        <div className="mt-2">
          <AddButton label={t.addUnit} onClick={() => units.append(emptyUnit())} />
        </div>
      </div>
    </div>
  );
}
