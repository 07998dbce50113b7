import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { JobProgress } from './job-progress';

const labels = {
  label: 'Progreso del análisis',
  failedTitle: 'El análisis falló',
  queued: 'En cola',
  running: 'Analizando',
};
const job = { stage: null, progressPercent: 0, error: null };

describe('JobProgress (issue #26)', () => {
  it('shows a queued job its place in the queue, and stops it when asked', async () => {
    const onCancel = vi.fn();
    render(
      <JobProgress
        {...labels}
        job={{ ...job, state: 'queued', queuePosition: 3 }}
        cancel={{ onCancel, busy: false }}
      />,
    );
    expect(screen.getByText('En cola · puesto 3 en la cola')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(onCancel).toHaveBeenCalledOnce();
  });

  it('words the stage code the server sends, and shows an older row’s text as it is (issue #27)', () => {
    const { rerender } = render(
      <JobProgress
        {...labels}
        job={{
          ...job,
          state: 'running',
          stage: 'study-case-done:3/120:alta_2026',
          progressPercent: 40,
        }}
      />,
    );
    expect(screen.getByText('Caso 3 de 120 listo: alta_2026')).toBeTruthy();
    expect(screen.getByRole('progressbar').getAttribute('aria-valuetext')).toBe(
      '40 % Caso 3 de 120 listo: alta_2026',
    );
    rerender(<JobProgress {...labels} job={{ ...job, state: 'running', stage: 'reading-case' }} />);
    expect(screen.getByText('Leyendo el caso')).toBeTruthy();
    rerender(
      <JobProgress {...labels} job={{ ...job, state: 'running', stage: 'Guardando resultados' }} />,
    );
    expect(screen.getByText('Guardando resultados')).toBeTruthy();
  });

  it('offers no cancel once the job is over, and names a cancelled one', () => {
    const { rerender } = render(
      <JobProgress
        {...labels}
        job={{ ...job, state: 'running', stage: 'reading-case' }}
        cancel={{ onCancel: () => undefined, busy: true }}
      />,
    );
    const button = screen.getByRole('button', { name: 'Cancelando…' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    rerender(
      <JobProgress
        {...labels}
        job={{ ...job, state: 'cancelled' }}
        cancel={{ onCancel: () => undefined, busy: false }}
      />,
    );
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByText('Cancelado')).toBeTruthy();
  });
});
