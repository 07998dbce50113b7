import { apiError, errorMessages } from '@holgura/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  jsonResponse,
  mockApi,
  renderApp,
  sampleSessionUser,
  sampleStats,
  type MockRequest,
} from '../../render.test-support';

type Routes = Parameters<typeof mockApi>[0];

/** Signed out until the reset (or the TOTP step) signs the user in. */
function resetApi(routes: Routes = {}) {
  let signedIn = false;
  const fetchMock = mockApi({
    '/api/auth/get-session': () => jsonResponse(signedIn ? { user: sampleSessionUser } : null),
    '/api/stats': { body: sampleStats },
    ...routes,
  });
  return { fetchMock, signIn: () => (signedIn = true) };
}

async function fillNewPassword(
  user: ReturnType<typeof renderApp>['user'],
  password: string,
  again = password,
) {
  await user.type(await screen.findByLabelText('Nueva contraseña'), password);
  await user.type(screen.getByLabelText('Repite la nueva contraseña'), again);
  await user.click(screen.getByRole('button', { name: 'Guardar e iniciar sesión' }));
}

describe('/restablecer-contrasena', () => {
  it('sets the new password from the link, signs in and goes home', async () => {
    let reset: MockRequest | null = null;
    const api = resetApi({
      '/api/auth/reset-password': (request) => {
        reset = request;
        api.signIn();
        return jsonResponse({ status: true, signedIn: true, twoFactorRedirect: false });
      },
    });
    const { user, router } = renderApp('/restablecer-contrasena?token=abc123');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Restablecer contraseña' }),
    ).toBeInTheDocument();
    await fillNewPassword(user, 'una frase nueva', 'otra frase');
    expect(await screen.findByText('Las contraseñas no coinciden')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Nueva contraseña'));
    await user.clear(screen.getByLabelText('Repite la nueva contraseña'));
    await fillNewPassword(user, 'corta');
    expect(
      await screen.findByText('La contraseña debe tener al menos 8 caracteres'),
    ).toBeInTheDocument();
    expect(reset).toBeNull();

    await user.clear(screen.getByLabelText('Nueva contraseña'));
    await user.clear(screen.getByLabelText('Repite la nueva contraseña'));
    await fillNewPassword(user, 'una frase nueva y larga');

    expect(await screen.findByText('Contraseña actualizada')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Iniciaste sesión con tu nueva contraseña; las demás sesiones de tu cuenta se cerraron.',
      ),
    ).toBeInTheDocument();
    expect(reset).toMatchObject({
      method: 'POST',
      body: { token: 'abc123', newPassword: 'una frase nueva y larga' },
    });
    expect(await screen.findByTestId('user-name')).toHaveTextContent('Ana Pérez');
    expect(router.state.location.pathname).toBe('/');
  });

  it('explains a used or expired link in Spanish and asks for a new one on the spot', async () => {
    let asked: MockRequest | null = null;
    resetApi({
      '/api/auth/request-password-reset': (request) => {
        asked = request;
        return jsonResponse({ status: true });
      },
    });
    const { user } = renderApp('/restablecer-contrasena?error=INVALID_TOKEN');

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Este enlace ya no sirve' })).toBeVisible();
    expect(alert).toHaveTextContent(
      'El enlace para restablecer la contraseña ya se usó, venció (dura una hora) o llegó incompleto.',
    );
    expect(screen.queryByLabelText('Nueva contraseña')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Pedir un enlace nuevo' }));
    await user.type(screen.getByLabelText('Correo electrónico'), 'ana@example.co');
    await user.click(screen.getByRole('button', { name: 'Enviar enlace' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Si hay una cuenta de Holgura con ese correo, te enviamos un enlace',
    );
    expect(asked).toMatchObject({ body: { email: 'ana@example.co' } });
  });

  it('turns to the explanation when the server says the link no longer works', async () => {
    resetApi({
      '/api/auth/reset-password': {
        status: 400,
        body: apiError('AUTH_RESET_LINK_INVALID'),
      },
    });
    const { user } = renderApp('/restablecer-contrasena?token=usado');
    await fillNewPassword(user, 'una frase nueva y larga');

    expect(await screen.findByRole('heading', { name: 'Este enlace ya no sirve' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Pedir un enlace nuevo' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver al inicio' })).toHaveAttribute('href', '/');
  });

  it("shows the server's Spanish reason for a weak password and keeps the form", async () => {
    resetApi({
      '/api/auth/reset-password': { status: 400, body: apiError('AUTH_PASSWORD_WEAK') },
    });
    const { user } = renderApp('/restablecer-contrasena?token=abc123');
    await fillNewPassword(user, 'password1');

    expect(await screen.findByText(errorMessages.AUTH_PASSWORD_WEAK)).toBeInTheDocument();
    expect(screen.getByText('Error de autenticación')).toBeInTheDocument();
    expect(screen.getByLabelText('Nueva contraseña')).toBeInTheDocument();
    expect(screen.queryByTestId('user-name')).not.toBeInTheDocument();
  });

  it('asks for the TOTP code when the account has a second factor, then signs in', async () => {
    const api = resetApi({
      '/api/auth/reset-password': {
        body: { status: true, signedIn: false, twoFactorRedirect: true },
      },
      '/api/auth/two-factor/verify-totp': () => {
        api.signIn();
        return jsonResponse({ token: 't', user: sampleSessionUser });
      },
    });
    const { user, router } = renderApp('/restablecer-contrasena?token=abc123');
    await fillNewPassword(user, 'una frase nueva y larga');

    await user.type(await screen.findByLabelText('Código de verificación'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(await screen.findByText('Sesión iniciada')).toBeInTheDocument();
    expect(await screen.findByTestId('user-name')).toHaveTextContent('Ana Pérez');
    expect(router.state.location.pathname).toBe('/');
  });
});
