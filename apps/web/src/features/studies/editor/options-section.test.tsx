import type { StudyFile } from '@holgura/contracts';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FormProvider, useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { emptyStudy, studyToFormValues, type StudyFormValues } from '../model/form-values';
import { OptionsSection } from './options-section';
import { studyResolver } from './study-resolver';
import { SummaryCard } from './summary-card';

/** The options section alone, submitted through the study's resolver (the form's own). */
function Harness({
  values,
  onValid,
}: {
  values: StudyFormValues;
  onValid: (study: StudyFile) => void;
}) {
  const form = useForm<StudyFormValues, unknown, StudyFile>({
    resolver: studyResolver,
    defaultValues: values,
  });
  return (
    <FormProvider {...form}>
      <form onSubmit={(event) => void form.handleSubmit(onValid)(event)}>
        <OptionsSection />
        <button type="submit">Revisar</button>
      </form>
    </FormProvider>
  );
}

const filled: StudyFormValues = {
  ...emptyStudy(),
  name: 'Estudio',
  networkLabel: 'Red',
  years: [2027],
  scenarios: [{ name: 'alta', condition: 'Alta', demandMultipliers: {}, interchanges: [] }],
  busbars: [5],
};

describe('the study form’s checks beyond DC thermal (issue #31)', () => {
  it('starts with AC and the weak grid on, SCR mínimo 3 and no X″d, all by keyboard', async () => {
    const onValid = vi.fn();
    const user = userEvent.setup();
    render(<Harness values={filled} onValid={onValid} />);
    const ac = screen.getByRole('checkbox', { name: /^Verificar en AC/ });
    const shortCircuit = screen.getByRole('checkbox', {
      name: /^Verificar el cortocircuito \(red débil\)/,
    });
    expect(ac).toBeChecked();
    expect(shortCircuit).toBeChecked();
    expect(screen.getByLabelText('SCR mínimo')).toHaveValue('3');
    const xd = screen.getByLabelText(/^X″d de las unidades sin datos/);
    expect(xd).toHaveValue('');
    expect(xd).toHaveAccessibleDescription(/Solo para las unidades sin datos de máquina/);

    ac.focus();
    await user.keyboard(' ');
    expect(ac).not.toBeChecked();
    await user.type(xd, '0,2');
    await user.click(screen.getByRole('button', { name: 'Revisar' }));
    expect(onValid).toHaveBeenCalledOnce();
    expect((onValid.mock.calls[0]![0] as StudyFile).options.verification).toEqual({
      ac: false,
      shortCircuit: true,
      scrMin: 3,
      xdPu: 0.2,
    });
  });

  it('refuses a SCR of 0 in Spanish, beside its field', async () => {
    const user = userEvent.setup();
    render(<Harness values={filled} onValid={vi.fn()} />);
    const scr = screen.getByLabelText('SCR mínimo');
    await user.clear(scr);
    await user.type(scr, '0');
    await user.click(screen.getByRole('button', { name: 'Revisar' }));
    expect(await screen.findByText('El SCR mínimo debe ser mayor que 0')).toBeInTheDocument();
    expect(scr).toHaveAttribute('aria-invalid', 'true');
  });

  it('opens a study stored without the setting with both checks off (DC only, as it ran)', async () => {
    const onValid = vi.fn();
    const user = userEvent.setup();
    const { verification: _verification, ...options } = filled.options;
    render(
      <Harness values={studyToFormValues({ ...filled, options } as StudyFile)} onValid={onValid} />,
    );
    expect(screen.getByRole('checkbox', { name: /^Verificar en AC/ })).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Revisar' }));
    const sent = (onValid.mock.calls[0]![0] as StudyFile).options.verification;
    expect(sent === undefined || (!sent.ac && !sent.shortCircuit)).toBe(true);
  });

  it('says the settings in the summary before the study runs', () => {
    render(
      <SummaryCard
        summary={{
          scenarios: 1,
          years: [2027],
          cases: 1,
          busbars: 1,
          busbarCases: 1,
          projects: 0,
          network: { buses: 30, branches: 41, generators: 6 },
          estimatedSeconds: 3,
        }}
        verification={{ ac: true, shortCircuit: true, scrMin: 3, xdPu: 0.2 }}
        newVersion={false}
        starting={false}
        onRun={vi.fn()}
      />,
    );
    expect(screen.getByTestId('study-summary-verification')).toHaveTextContent(
      'Verificación: DC térmico más verificación AC y red débil con SCR mínimo 3 y X″d = 0,2 p.u. para las unidades sin datos',
    );
  });
});
