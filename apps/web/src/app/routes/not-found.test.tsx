import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderApp } from '../../render.test-support';

describe('unknown paths', () => {
  it('shows the 404 page with a link back home', async () => {
    mockApi({ '/api/auth/get-session': { body: null } });
    renderApp('/no-existe/para-nada');

    // The 404 page's module loads on demand.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Oops! Page not found' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver al inicio' })).toHaveAttribute('href', '/');
    expect(await screen.findByRole('button', { name: 'Menú de usuario' })).toBeInTheDocument();
  });
});
