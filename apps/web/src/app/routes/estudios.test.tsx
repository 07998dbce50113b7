import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  demoItem,
  jobEvents,
  jobStatus,
  signedIn,
  studyItem,
} from '../../features/studies/studies.test-support';
import { callsTo, jsonResponse, mockApi, renderApp } from '../../render.test-support';

const rowOf = (name: string) =>
  screen.getByRole('rowheader', { name: new RegExp(name) }).closest('tr')!;

describe('/estudios «Mis estudios»', () => {
  it('is for signed-in users only: a spinner while checking, then back home', async () => {
    mockApi({ '/api/auth/get-session': { body: null }, '/api/stats': { body: null } });
    const { router } = renderApp('/estudios');
    expect(screen.getByRole('status', { name: 'Verificando sesión...' })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('is reachable from the header, after «Resultados»', async () => {
    signedIn({ '/api/studies': { body: { studies: [] } } });
    const { user, router } = renderApp('/estudios');
    const nav = await screen.findByRole('navigation', { name: 'Navegación principal' });
    const names = within(nav)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(names).toEqual(['Inicio', 'Análisis', 'Resultados', 'Estudios', 'Ventanas', 'Demo']);
    await user.click(within(nav).getByRole('link', { name: 'Estudios' }));
    expect(router.state.location.pathname).toBe('/estudios');
    expect(await screen.findByRole('heading', { level: 1, name: 'Mis estudios' })).toBeVisible();
  });

  it('lists the demo first, read-only, then the user’s studies with their actions', async () => {
    signedIn({
      '/api/studies': {
        body: {
          studies: [
            demoItem,
            studyItem(),
            studyItem({
              studyId: 's2',
              name: 'Sin resultados',
              state: 'failed',
              resultsVersion: null,
              error: { code: 'STUDY_CASE_FAILED', message: 'El caso alta_2027 no convergió' },
            }),
          ],
        },
      },
    });
    renderApp('/estudios');
    expect(await screen.findByText('Estudios – Total: 3')).toBeInTheDocument();
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      expect.stringContaining('Estudio de demostración'),
      expect.stringContaining('Conexiones 2027'),
      expect.stringContaining('Sin resultados'),
    ]);

    const demo = within(rowOf('Estudio de demostración'));
    expect(demo.getByText('Demostración')).toBeInTheDocument();
    expect(demo.getAllByRole('link').map((link) => link.textContent)).toEqual(['Ver resultados']);
    // Its report (issue #29), and nothing that would change it.
    expect(demo.getAllByRole('button').map((button) => button.textContent)).toEqual([
      'Descargar informe (PDF)',
      'Descargar informe (Excel)',
    ]);
    expect(
      demo.getByRole('group', { name: 'Informe de Estudio de demostración' }),
    ).toBeInTheDocument();

    const own = within(rowOf('Conexiones 2027'));
    expect(own.getByText('Calculado')).toBeInTheDocument();
    expect(own.getByText('2 escenarios × 2 años · 3 barras')).toBeInTheDocument();
    expect(own.getByText('20/11/2026 10:05')).toBeInTheDocument();
    expect(own.getByRole('link', { name: 'Ver resultados' })).toHaveAttribute(
      'href',
      '/resultados?estudio=s1',
    );
    expect(own.getByRole('link', { name: 'Editar' })).toHaveAttribute(
      'href',
      '/estudios/s1/editar',
    );
    for (const name of [
      'Descargar informe (PDF)',
      'Descargar informe (Excel)',
      'Descargar Excel',
      'Descargar JSON',
      'Borrar',
    ]) {
      expect(own.getByRole('button', { name })).toBeInTheDocument();
    }
    expect(own.queryByRole('button', { name: 'Cancelar' })).not.toBeInTheDocument();

    const failed = within(rowOf('Sin resultados'));
    expect(failed.getByText('Falló')).toBeInTheDocument();
    expect(failed.getByText('El caso alta_2027 no convergió')).toBeInTheDocument();
    expect(failed.queryByRole('link', { name: 'Ver resultados' })).not.toBeInTheDocument();
    expect(
      failed.queryByRole('button', { name: 'Descargar informe (PDF)' }),
    ).not.toBeInTheDocument();
  });

  it('says in each row which contingencies the study is computed on (issue #30)', async () => {
    signedIn({
      '/api/studies': {
        body: {
          studies: [
            studyItem(),
            studyItem({
              studyId: 's2',
              name: 'Con contingencias propias',
              baseCaseId: 'c1',
              contingencySet: {
                fileName: 'plan.m',
                format: 'contab',
                counts: { total: 3734, branch: 3190, multiBranch: 0, generator: 544, mixed: 0 },
                subsystemsFileName: null,
                monitoredFileName: null,
              },
            }),
          ],
        },
      },
    });
    renderApp('/estudios');
    expect(await screen.findByText('Estudios – Total: 2')).toBeInTheDocument();
    const own = within(rowOf('Con contingencias propias')).getByTestId('study-contingencies');
    expect(own).toHaveTextContent('Contingencias: «plan.m» (3.734)');
    expect(own).toHaveAttribute(
      'title',
      'Contingencias: «plan.m» (tabla de cambios de MATPOWER) — 3.734: 3.190 de una rama, 544 de unidades',
    );
    const every = within(rowOf('Conexiones 2027')).getByTestId('study-contingencies');
    expect(every).toHaveTextContent('Contingencias: cada rama en servicio, una a la vez');
    expect(every).toHaveAttribute('title', 'Contingencias: cada rama en servicio, una a la vez');
  });

  it('explains what a study is when the user has none yet', async () => {
    signedIn({ '/api/studies': { body: { studies: [demoItem] } } });
    renderApp('/estudios');
    expect(await screen.findByText('Todavía no tienes estudios')).toBeInTheDocument();
    expect(screen.getByText(/calcula la capacidad de conexión/)).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Nuevo estudio' })[0]).toHaveAttribute(
      'href',
      '/estudios/nuevo',
    );
    expect(screen.getByRole('button', { name: 'Descargar plantilla' })).toBeInTheDocument();
  });

  it('says so when the list cannot be loaded, and tries again', async () => {
    let fail = true;
    signedIn({
      '/api/studies': () =>
        fail ? jsonResponse(null, 503) : jsonResponse({ studies: [studyItem()] }),
    });
    const { user } = renderApp('/estudios');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No se pudieron cargar los estudios: Error del servidor (503)',
    );
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('Conexiones 2027')).toBeInTheDocument();
  });

  it('follows a running study live, then reads the list again when it ends', async () => {
    const events = jobEvents();
    let finished = false;
    signedIn({
      '/api/studies': () =>
        jsonResponse({
          studies: [
            finished
              ? studyItem({ version: 2, resultsVersion: 2 })
              : studyItem({
                  state: 'running',
                  version: 2,
                  resultsVersion: 1,
                  jobId: 'j2',
                  progressPercent: 0,
                  stage: null,
                }),
          ],
        }),
      '/api/jobs/j2/events': events.response,
    });
    renderApp('/estudios');
    const bar = await screen.findByRole('progressbar', { name: 'Progreso de Conexiones 2027' });
    expect(screen.getByText('Mientras tanto se muestran los resultados de la versión 1.'));
    expect(screen.getByRole('button', { name: 'Cancelar' })).toBeInTheDocument();

    events.send(
      jobStatus({ jobId: 'j2', progressPercent: 50, stage: 'study-case-running:2/4/3:alta_2027' }),
    );
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '50'));
    expect(screen.getByText('Caso 2 de 4: alta_2027 (3 barras)')).toBeInTheDocument();

    finished = true;
    events.send(jobStatus({ jobId: 'j2', state: 'done', progressPercent: 100, stage: null }));
    await waitFor(() => expect(screen.queryByRole('progressbar')).not.toBeInTheDocument());
    expect(screen.getByText('Calculado')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancelar' })).not.toBeInTheDocument();
  });

  it('cancels a running study', async () => {
    let cancelled = false;
    const events = jobEvents();
    const fetchMock = signedIn({
      '/api/studies': () =>
        jsonResponse({
          studies: [
            cancelled
              ? studyItem({ state: 'cancelled', progressPercent: 50 })
              : studyItem({ state: 'running', jobId: 'j2', progressPercent: 50 }),
          ],
        }),
      '/api/jobs/j2/events': events.response,
      '/api/studies/s1/cancel': () => {
        cancelled = true;
        return jsonResponse({ studyId: 's1', state: 'cancelled' });
      },
    });
    const { user } = renderApp('/estudios');
    await user.click(await screen.findByRole('button', { name: 'Cancelar' }));
    expect(await screen.findByText('Cálculo cancelado')).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/studies/s1/cancel')[0]![1]).toMatchObject({ method: 'POST' });
    expect(await screen.findByText('Cancelado')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancelar' })).not.toBeInTheDocument();
  });

  it('words the refusal to cancel a study that had already ended', async () => {
    const events = jobEvents();
    signedIn({
      '/api/studies': { body: { studies: [studyItem({ state: 'running', jobId: 'j2' })] } },
      '/api/jobs/j2/events': events.response,
      '/api/studies/s1/cancel': {
        status: 409,
        body: {
          error: {
            code: 'STUDY_NOT_RUNNING',
            message: 'El estudio no se está calculando: no hay nada que cancelar',
          },
        },
      },
    });
    const { user } = renderApp('/estudios');
    await user.click(await screen.findByRole('button', { name: 'Cancelar' }));
    expect(await screen.findByText('No se pudo cancelar el cálculo')).toBeInTheDocument();
    expect(
      screen.getByText('El estudio no se está calculando: no hay nada que cancelar'),
    ).toBeInTheDocument();
  });

  it('deletes a study after confirming, and the row goes', async () => {
    let deleted = false;
    const fetchMock = signedIn({
      '/api/studies': () =>
        jsonResponse({ studies: deleted ? [demoItem] : [demoItem, studyItem()] }),
      '/api/studies/s1': ({ method }) => {
        expect(method).toBe('DELETE');
        deleted = true;
        return new Response(null, { status: 204 });
      },
    });
    const { user } = renderApp('/estudios');
    await screen.findByText('Conexiones 2027');
    await user.click(within(rowOf('Conexiones 2027')).getByRole('button', { name: 'Borrar' }));
    const dialog = screen.getByRole('dialog', { name: 'Borrar estudio' });
    expect(dialog).toHaveTextContent(
      'Se borrarán el estudio «Conexiones 2027», todas sus versiones y todos sus casos y resultados.',
    );
    // Cancelar keeps it.
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/studies/s1')).toHaveLength(0);

    await user.click(within(rowOf('Conexiones 2027')).getByRole('button', { name: 'Borrar' }));
    await user.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Borrar estudio' }),
    );
    expect(await screen.findByText('Estudio borrado')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Conexiones 2027')).not.toBeInTheDocument());
    expect(screen.getByText('Todavía no tienes estudios')).toBeInTheDocument();
    expect(screen.getByText('Estudios – Total: 1')).toHaveFocus();
  });

  it('downloads a study’s file with the user’s token', async () => {
    const fetchMock = signedIn({
      '/api/studies': { body: { studies: [studyItem()] } },
      '/api/studies/s1/study.json': () =>
        new Response('{}', {
          headers: { 'Content-Disposition': 'attachment; filename="estudio-s1.json"' },
        }),
    });
    URL.createObjectURL = () => 'blob:estudio';
    URL.revokeObjectURL = () => undefined;
    const { user } = renderApp('/estudios');
    await user.click(await screen.findByRole('button', { name: 'Descargar JSON' }));
    await waitFor(() => expect(callsTo(fetchMock, '/api/studies/s1/study.json')).toHaveLength(1));
    const [[, init]] = callsTo(fetchMock, '/api/studies/s1/study.json') as [[unknown, RequestInit]];
    expect(new Headers(init.headers).get('Authorization')).toMatch(/^Bearer /);
  });
});
