import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { demoCaseAnswer } from '../../features/demo/demo.test-support';
import { mockApi, renderApp } from '../../render.test-support';

const flows = {
  criticalMonitoredMw: -180,
  criticalContingencyMw: 140,
  contingencyMonitoredMw: -230,
};

async function dragWithKeyboard(user: ReturnType<typeof renderApp>['user']) {
  const source = await screen.findByRole('button', { name: /Sistema de Potencia/ });
  source.focus();
  await user.keyboard('{Enter}');
  expect(source).toHaveAttribute('aria-pressed', 'true');
  await user.tab();
  expect(screen.getByRole('button', { name: /Motor de Análisis/ })).toHaveFocus();
  await user.keyboard(' ');
}

describe('/demo', () => {
  it('is public: drag with the keyboard, processing, then every state with an adjustment and the reset', async () => {
    mockApi({
      '/api/auth/get-session': { body: null },
      '/api/demo-case': { body: { ...demoCaseAnswer, demoFlows: flows } },
    });
    const { user } = renderApp('/demo');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Demo - Análisis de Restricción' }),
    ).toBeInTheDocument();
    await dragWithKeyboard(user);
    expect(
      await screen.findByRole('status', { name: 'Procesando información' }),
    ).toBeInTheDocument();

    const critical = await screen.findByRole('button', { name: 'Aplicar Despacho Crítico' });
    expect(screen.getByTestId('demo-state')).toHaveTextContent('Condición inicial');
    expect(screen.getByTestId('monitored-flow')).toHaveTextContent('-120,50 MW');
    expect(screen.getByTestId('contingency-flow')).toHaveTextContent('90,25 MW');
    expect(screen.getByText('G NORTE')).toBeInTheDocument();
    expect(screen.queryByText('G VACIO')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Aplicar Contingencia' })).toBeDisabled();

    await user.click(critical);
    expect(screen.getByTestId('demo-state')).toHaveTextContent('Despacho crítico');
    expect(screen.getByTestId('monitored-flow')).toHaveTextContent('-180,00 MW');
    expect(screen.getByTestId('contingency-flow')).toHaveTextContent('140,00 MW');

    await user.click(screen.getByRole('button', { name: 'Aplicar Contingencia' }));
    expect(screen.getByTestId('demo-state')).toHaveTextContent('Contingencia aplicada');
    expect(screen.getByTestId('contingency-band')).toHaveTextContent('Fuera de servicio');
    expect(screen.getByTestId('monitored-flow')).toHaveTextContent('-230,00 MW');
    expect(screen.getByTestId('monitored-band')).toHaveTextContent('Sobrecarga');

    // G NORTE from 80 to 90 MW: 0,25 · 10 = 2,5 MW more on the monitored flow.
    fireEvent.change(screen.getByLabelText('Despacho de G NORTE (MW)'), {
      target: { value: '90' },
    });
    expect(screen.getByTestId('monitored-flow')).toHaveTextContent('-227,50 MW');
    expect(screen.getByTestId('adjustment-total')).toHaveTextContent('2,50 MW');

    await user.click(screen.getByRole('button', { name: 'Restablecer despacho MaxLoad' }));
    expect(screen.getByTestId('monitored-flow')).toHaveTextContent('-230,00 MW');
  });

  it('shows an honest state when the stored case lacks the critical flows', async () => {
    mockApi({
      '/api/auth/get-session': { body: null },
      '/api/demo-case': { body: demoCaseAnswer },
    });
    const { user } = renderApp('/demo');
    await dragWithKeyboard(user);
    await user.click(await screen.findByRole('button', { name: 'Aplicar Despacho Crítico' }));
    expect(screen.getByTestId('monitored-flow')).toHaveTextContent('No disponible');
  });

  it('says when the demo case is not there yet and retries', async () => {
    let calls = 0;
    mockApi({
      '/api/auth/get-session': { body: null },
      '/api/demo-case': () => {
        calls += 1;
        return new Response(
          JSON.stringify({
            error: {
              code: 'DEMO_CASE_NOT_FOUND',
              message: 'No se encontraron casos en la base de datos',
            },
          }),
          { status: 404, headers: { 'Content-Type': 'application/json' } },
        );
      },
    });
    const { user } = renderApp('/demo');
    await user.click(await screen.findByRole('button', { name: /Sistema de Potencia/ }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('No se encontraron casos en la base de datos');
    await user.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    expect(calls).toBe(2);
  });
});
