import { SAX_ID_TOKEN_STORAGE_KEY } from '@holgura/contracts';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderApp, sampleStats } from '../../../test/render';

/** A JWT-shaped token whose payload names the user (the API, not the browser, verifies it). */
function tokenFor(claims: Record<string, string>): string {
  const bytes = new TextEncoder().encode(JSON.stringify(claims));
  const payload = btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
  return `header.${payload}.signature`;
}

describe('user menu', () => {
  it("shows a SAX user's name under the button and signs them out", async () => {
    window.localStorage.setItem(
      SAX_ID_TOKEN_STORAGE_KEY,
      JSON.stringify({ token: tokenFor({ name: 'Ana Pérez', email: 'ana@example.co' }) }),
    );
    mockApi({ '/api/auth/get-session': { body: null }, '/api/stats': { body: sampleStats } });
    const { user } = renderApp('/');

    expect(screen.getByTestId('user-name')).toHaveTextContent('Ana Pérez');
    expect(await screen.findByRole('link', { name: /Pruebalo ahora/ })).toBeInTheDocument();

    const button = screen.getByRole('button', { name: 'Menú de usuario' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('ana@example.co')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Cerrar sesión' }));

    expect(window.localStorage.getItem(SAX_ID_TOKEN_STORAGE_KEY)).toBeNull();
    expect(await screen.findByText('Sesión cerrada')).toBeInTheDocument();
    expect(screen.queryByTestId('user-name')).not.toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Iniciar sesión requerido' })).toBeDisabled(),
    );
  });

  it('closes on Escape and returns focus to the button', async () => {
    mockApi({ '/api/auth/get-session': { body: null }, '/api/stats': { body: sampleStats } });
    const { user } = renderApp('/');
    await screen.findByRole('button', { name: 'Iniciar sesión requerido' });

    const button = screen.getByRole('button', { name: 'Menú de usuario' });
    await user.click(button);
    expect(screen.getByRole('button', { name: 'Iniciar sesión' })).toBeVisible();

    await user.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Iniciar sesión' })).not.toBeInTheDocument();
  });
});
