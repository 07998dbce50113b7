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

  it('offers no cancel once the job is over, and names a cancelled one', () => {
    const { rerender } = render(
      <JobProgress
        {...labels}
        job={{ ...job, state: 'running', stage: 'Leyendo el caso' }}
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
