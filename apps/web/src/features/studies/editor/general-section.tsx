import { Card } from '../../../components/ui/card';
import { esStudies } from '../../../strings/es-studies';
import { TextField } from './fields';

const t = esStudies.general;

/** Name, description and the network's description shown with the results. */
export function GeneralSection() {
  return (
    <Card titleId="estudio-datos" title={t.title}>
      <div className="mt-4 grid gap-4 md:grid-cols-2">
        <TextField name="name" label={t.name} />
        <TextField name="networkLabel" label={t.networkLabel} hint={t.networkLabelHint} />
        <TextField name="description" label={t.description} multiline className="md:col-span-2" />
      </div>
    </Card>
  );
}
