import { apiError, SAX_ID_TOKEN_STORAGE_KEY } from '@holgura/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  jsonResponse,
  mockApi,
  renderApp,
  sampleSessionUser,
  sampleStats,
  tokenFor,
  type MockRequest,
} from '../../../render.test-support';

function accountApi(routes: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    '/api/auth/get-session': () => jsonResponse({ user: sampleSessionUser }),
    '/api/stats': { body: sampleStats },
    ...routes,
  });
}

async function openChangePassword() {
  const view = renderApp('/');
  await screen.findByTestId('user-name');
  await view.user.click(screen.getByRole('button', { name: 'Menú de usuario' }));
  await view.user.click(screen.getByRole('button', { name: 'Cambiar contraseña' }));
  const dialog = await screen.findByRole('dialog', { name: 'Cambiar contraseña' });
  return { ...view, dialog };
}

async function fill(
  view: Awaited<ReturnType<typeof openChangePassword>>,
  keepOtherSessions = false,
) {
  const { dialog, user } = view;
  await user.type(within(dialog).getByLabelText('Contraseña actual'), 'la-clave-de-hoy');
  await user.type(within(dialog).getByLabelText('Nueva contraseña'), 'una frase nueva y larga');
  if (keepOtherSessions) {
    await user.click(
      within(dialog).getByRole('checkbox', { name: 'Mantener abiertas mis otras sesiones' }),
    );
  }
  await user.click(within(dialog).getByRole('button', { name: 'Cambiar contraseña' }));
}

describe('change password', () => {
  it('closes the other sessions unless the box is ticked, and says which happened', async () => {
    const bodies: unknown[] = [];
    const changed = (request: MockRequest) => {
      bodies.push(request.body);
      return jsonResponse({ token: 'nuevo', user: sampleSessionUser });
    };
    accountApi({ '/api/auth/change-password': changed });
    const view = await openChangePassword();
    const keep = within(view.dialog).getByRole('checkbox', {
      name: 'Mantener abiertas mis otras sesiones',
    });
    expect(keep).not.toBeChecked();
    expect(keep).toHaveAccessibleDescription(
      'Si no la marcas, se cierran las sesiones de tu cuenta en otros navegadores y equipos; esta sigue abierta.',
    );
    await fill(view);

    expect(await screen.findByText('Contraseña actualizada')).toBeInTheDocument();
    expect(screen.getByText('Se cerraron tus otras sesiones.')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Cambiar contraseña' })).not.toBeInTheDocument(),
    );
    expect(bodies[0]).toEqual({
      currentPassword: 'la-clave-de-hoy',
      newPassword: 'una frase nueva y larga',
      revokeOtherSessions: true,
    });

    await view.user.click(screen.getByRole('button', { name: 'Menú de usuario' }));
    await view.user.click(screen.getByRole('button', { name: 'Cambiar contraseña' }));
    const again = { ...view, dialog: await screen.findByRole('dialog') };
    await fill(again, true);
    expect(await screen.findByText('Tus otras sesiones siguen abiertas.')).toBeInTheDocument();
    expect(bodies[1]).toMatchObject({ revokeOtherSessions: false });
  });

  it("keeps the dialog open with the server's Spanish reason when the current password is wrong", async () => {
    accountApi({
      '/api/auth/change-password': { status: 400, body: apiError('AUTH_PASSWORD_INCORRECT') },
    });
    const view = await openChangePassword();
    await fill(view);

    expect(await screen.findByText('La contraseña actual no es correcta')).toBeInTheDocument();
    expect(screen.getByText('Error de autenticación')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Cambiar contraseña' })).toBeInTheDocument();
  });

  it('checks the new password with the sign-up rules before sending it', async () => {
    const fetchMock = accountApi();
    const view = await openChangePassword();
    await view.user.type(within(view.dialog).getByLabelText('Nueva contraseña'), 'corta');
    await view.user.click(within(view.dialog).getByRole('button', { name: 'Cambiar contraseña' }));
    expect(
      await within(view.dialog).findByText('La contraseña actual es obligatoria'),
    ).toBeInTheDocument();
    expect(
      within(view.dialog).getByText('La contraseña debe tener al menos 8 caracteres'),
    ).toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([input]) => String(input))).not.toContainEqual(
      expect.stringContaining('change-password'),
    );
  });

  it('is offered to product accounts only, not to SAX users', async () => {
    window.localStorage.setItem(
      SAX_ID_TOKEN_STORAGE_KEY,
      JSON.stringify({ token: tokenFor({ name: 'Ana Prueba' }) }),
    );
    mockApi({ '/api/auth/get-session': { body: null }, '/api/stats': { body: sampleStats } });
    const { user } = renderApp('/');
    await user.click(screen.getByRole('button', { name: 'Menú de usuario' }));
    expect(screen.getByRole('button', { name: 'Cerrar sesión' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cambiar contraseña' })).not.toBeInTheDocument();
  });
});
