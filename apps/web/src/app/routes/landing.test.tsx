import { SAX_ID_TOKEN_STORAGE_KEY } from '@holgura/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderApp, sampleStats } from '../../render.test-support';

describe('landing page', () => {
  it('disables the call to action with its hint when nobody is signed in', async () => {
    mockApi({ '/api/auth/get-session': { body: null }, '/api/stats': { body: sampleStats } });
    renderApp('/');

    const cta = await screen.findByRole('button', { name: 'Iniciar sesión requerido' });
    expect(cta).toBeDisabled();
    expect(cta).toHaveAccessibleDescription(
      'Inicia sesión para acceder a todas las funcionalidades',
    );
    expect(screen.queryByRole('link', { name: /Pruebalo ahora/ })).not.toBeInTheDocument();
  });

  it('links the call to action to /analisis when a SAX token is stored', async () => {
    window.localStorage.setItem(SAX_ID_TOKEN_STORAGE_KEY, JSON.stringify({ token: 'abc.def' }));
    mockApi({ '/api/auth/get-session': { body: null }, '/api/stats': { body: sampleStats } });
    renderApp('/');

    const cta = await screen.findByRole('link', { name: /Pruebalo ahora/ });
    expect(cta).toHaveAttribute('href', '/analisis');
    expect(screen.queryByText('Iniciar sesión requerido')).not.toBeInTheDocument();
  });

  it('shows every section the spec lists, with four items where it asks for four', async () => {
    mockApi({ '/api/auth/get-session': { body: null }, '/api/stats': { body: sampleStats } });
    renderApp('/');

    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
    // The sections below the first screen load after the first paint.
    await screen.findByRole('heading', { level: 2, name: '¿Por qué Holgura?' });
    for (const name of ['¿Por qué Holgura?', 'Preguntas que responde', 'Para quién']) {
      expect(screen.getByRole('heading', { level: 2, name })).toBeInTheDocument();
    }
    expect(screen.getByRole('heading', { level: 3, name: /Cuántos MW puedo conectar/ }));
    for (const audience of [
      'Operadores de red',
      'Generadores y desarrolladores',
      'Consultores técnicos',
      'Entidades de gobierno',
    ]) {
      expect(screen.getByRole('heading', { level: 3, name: audience })).toBeInTheDocument();
    }
    expect(screen.getByRole('link', { name: /Explorar Capacidades/ })).toHaveAttribute(
      'href',
      '/resultados',
    );
    expect(await screen.findByText('3.800,5')).toBeInTheDocument();
  });
});
