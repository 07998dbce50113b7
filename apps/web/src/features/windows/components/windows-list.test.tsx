import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, deferred, jsonResponse, renderApp } from '../../../render.test-support';
import { jobEvents, signedIn, windowJob, windowSummary } from '../windows.test-support';

const rowOf = (name: string) => screen.getByRole('rowheader', { name }).closest('tr')!;

describe('/ventanas «Mis ventanas»', () => {
  it('is reachable from the header, after «Estudios»', async () => {
    signedIn({
      '/api/windows': { body: { windows: [] } },
      '/api/studies': { body: { studies: [] } },
    });
    const { user, router } = renderApp('/estudios');
    const nav = await screen.findByRole('navigation', { name: 'Navegación principal' });
    await user.click(within(nav).getByRole('link', { name: 'Ventanas' }));
    expect(router.state.location.pathname).toBe('/ventanas');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Ventanas de asignación' }),
    ).toBeVisible();
    expect(within(nav).getByRole('link', { name: 'Ventanas' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('shows a spinner while the list loads, then the windows with their case, size, MW per rule and date', async () => {
    const list = deferred<Response>();
    signedIn({
      '/api/windows': () => list.promise,
    });
    renderApp('/ventanas');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Ventanas de asignación' }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('status', { name: 'Cargando ventanas...' })).toBeInTheDocument();

    list.resolve(
      jsonResponse({
        windows: [
          windowSummary(),
          windowSummary({
            windowId: 'w2',
            name: 'Sin justa',
            totals: { order: 10, max: 20.25, fair: null },
            options: { ...windowSummary().options, contingencies: 'case-set' },
          }),
          windowSummary({
            windowId: 'w3',
            name: 'Falló',
            state: 'failed',
            totals: null,
            error: { code: 'WINDOW_CASE_NOT_ANALYSED', message: 'El caso aún no está analizado' },
          }),
        ],
      }),
    );
    expect(await screen.findByText('Ventanas – Total: 3')).toBeInTheDocument();
    const done = within(rowOf('Ventana 2027'));
    expect(done.getByRole('link', { name: 'Ventana 2027' })).toHaveAttribute(
      'href',
      '/ventanas?ventana=w1',
    );
    expect(done.getByText('case30.m')).toBeInTheDocument();
    expect(done.getByText('210,0')).toBeInTheDocument();
    expect(done.getByText('Calculada')).toBeInTheDocument();
    expect(done.getByText('66,8')).toBeInTheDocument();
    expect(done.getByText('118,5')).toBeInTheDocument();
    expect(done.getByText('71,8')).toBeInTheDocument();
    expect(done.getByText('20/11/2026 10:05')).toBeInTheDocument();
    expect(done.getByRole('link', { name: 'Ver la ventana Ventana 2027' })).toBeInTheDocument();

    // Only a window on the planner's contingencies says which (every branch is the default).
    expect(done.queryByText(/contingencias/)).not.toBeInTheDocument();
    expect(
      within(rowOf('Sin justa')).getByText('Con las contingencias del caso'),
    ).toBeInTheDocument();

    // A rule the solver failed says so, never a number.
    expect(within(rowOf('Sin justa')).getByText('sin resultado')).toBeInTheDocument();
    const failed = within(rowOf('Falló'));
    expect(failed.getByText('El caso aún no está analizado')).toBeInTheDocument();
    expect(failed.getByText('—')).toBeInTheDocument();
  });

  it('explains what a window is and how to start one when the user has none', async () => {
    signedIn({ '/api/windows': { body: { windows: [] } } });
    renderApp('/ventanas');
    expect(await screen.findByText('Aún no tienes ventanas')).toBeInTheDocument();
    expect(screen.getByText(/muchas solicitudes de conexión/)).toBeInTheDocument();
    const links = screen.getAllByRole('link', { name: 'Nueva ventana' });
    expect(links).toHaveLength(2);
    for (const link of links) expect(link).toHaveAttribute('href', '/ventanas?nueva');
    expect(screen.getByRole('button', { name: 'Descargar plantilla' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says so when the list cannot be loaded, and tries again', async () => {
    let fail = true;
    signedIn({
      '/api/windows': () =>
        fail ? jsonResponse(null, 503) : jsonResponse({ windows: [windowSummary()] }),
    });
    const { user } = renderApp('/ventanas');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No se pudieron cargar las ventanas: Error del servidor (503)',
    );
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('rowheader', { name: 'Ventana 2027' })).toBeInTheDocument();
  });

  it('follows a window being computed, with the stage in words, then reads the list again', async () => {
    const events = jobEvents();
    let finished = false;
    signedIn({
      '/api/windows': () =>
        jsonResponse({
          windows: [
            finished
              ? windowSummary()
              : windowSummary({ state: 'running', progressPercent: 10, totals: null }),
          ],
        }),
      '/api/jobs/j1/events': events.response,
    });
    renderApp('/ventanas');
    const bar = await screen.findByRole('progressbar', { name: 'Progreso de Ventana 2027' });
    events.send(windowJob({ progressPercent: 40, stage: 'window-max' }));
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '40'));
    expect(screen.getByText('Asignando el máximo total')).toBeInTheDocument();

    finished = true;
    events.send(windowJob({ state: 'done', progressPercent: 100, stage: null }));
    await waitFor(() => expect(screen.queryByRole('progressbar')).not.toBeInTheDocument());
    expect(screen.getByText('Calculada')).toBeInTheDocument();
    expect(screen.getByText('118,5')).toBeInTheDocument();
  });

  it('deletes a window after a confirmation that says what goes', async () => {
    let deleted = false;
    const fetchMock = signedIn({
      '/api/windows': () => jsonResponse({ windows: deleted ? [] : [windowSummary()] }),
      '/api/windows/w1': ({ method }) => {
        if (method !== 'DELETE') return jsonResponse(null, 405);
        deleted = true;
        return new Response(null, { status: 204 });
      },
    });
    const { user } = renderApp('/ventanas');
    await user.click(await screen.findByRole('button', { name: 'Borrar la ventana Ventana 2027' }));
    const dialog = await screen.findByRole('dialog', { name: 'Borrar ventana' });
    expect(dialog).toHaveTextContent('Se borrará la ventana «Ventana 2027»');
    expect(dialog).toHaveTextContent('El caso no se borra');

    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(callsTo(fetchMock, '/api/windows/w1')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Borrar la ventana Ventana 2027' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Borrar ventana' }),
    );
    expect(await screen.findByText('Aún no tienes ventanas')).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/windows/w1')[0]![1]).toMatchObject({ method: 'DELETE' });
    expect(await screen.findByText('Ventana borrada')).toBeInTheDocument();
  });
});
