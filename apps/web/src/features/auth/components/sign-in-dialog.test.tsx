import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError } from '@holgura/contracts';
import {
  callsTo,
  jsonResponse,
  mockApi,
  renderApp,
  sampleSessionUser,
  sampleStats,
  type MockRequest,
} from '../../../render.test-support';

type Routes = Parameters<typeof mockApi>[0];

/** Signed out until a sign-in answers; then the session reports the user. */
function accountApi(routes: Routes = {}) {
  let signedIn = false;
  const fetchMock = mockApi({
    '/api/auth/get-session': () =>
      jsonResponse(signedIn ? { user: sampleSessionUser, session: { id: 's1' } } : null),
    '/api/stats': { body: sampleStats },
    '/api/config': {
      body: {
        sax: {
          authority: 'http://localhost/sax',
          clientId: 'holgura-web',
          policy: null,
          scopes: 'openid profile User.Read',
          local: true,
        },
        maxUploadBytes: 10485760,
      },
    },
    '/api/auth/sign-in/email': () => {
      signedIn = true;
      return jsonResponse({ redirect: false, token: 't', user: sampleSessionUser });
    },
    ...routes,
  });
  return { fetchMock, signIn: () => (signedIn = true) };
}

async function openDialog(routes?: Routes) {
  const api = accountApi(routes);
  const view = renderApp('/');
  await screen.findByRole('button', { name: 'Iniciar sesión requerido' });
  await view.user.click(screen.getByRole('button', { name: 'Menú de usuario' }));
  await view.user.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
  const dialog = await screen.findByRole('dialog', { name: 'Acceso a Holgura' });
  await within(dialog).findByRole('tab', { name: 'SAX' });
  return { ...view, ...api, dialog };
}

async function openAccountTab(routes?: Routes) {
  const view = await openDialog(routes);
  await view.user.click(within(view.dialog).getByRole('tab', { name: 'Holgura' }));
  return view;
}

async function fillSignIn(
  view: Awaited<ReturnType<typeof openAccountTab>>,
  password = 'clave-segura',
) {
  const { dialog, user } = view;
  await user.type(within(dialog).getByLabelText('Correo electrónico'), 'ana@example.co');
  await user.type(within(dialog).getByLabelText('Contraseña'), password);
  await user.click(within(dialog).getByRole('button', { name: 'Iniciar sesión' }));
}

describe('sign-in dialog', () => {
  it('opens from the user menu with the SAX and Holgura tabs', async () => {
    const { dialog } = await openDialog();
    expect(within(dialog).getByRole('tab', { name: 'SAX' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(within(dialog).getByRole('tab', { name: 'Holgura' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Continuar con SAX' })).toBeInTheDocument();
  });

  it('requires email and password to sign in with an account', async () => {
    const { dialog } = await openAccountTab();
    expect(within(dialog).getByLabelText('Correo electrónico')).toBeRequired();
    expect(within(dialog).getByLabelText('Correo electrónico')).toHaveAttribute('type', 'email');
    expect(within(dialog).getByLabelText('Contraseña')).toBeRequired();
  });

  it("says what is missing in Spanish itself, never with the browser's own bubbles", async () => {
    const { dialog, user, fetchMock } = await openAccountTab();
    expect(dialog.querySelector('form')).toHaveAttribute('novalidate');
    await user.click(within(dialog).getByRole('button', { name: 'Iniciar sesión' }));

    expect(
      await within(dialog).findByText('Ingresa un correo electrónico válido'),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText('La contraseña debe tener al menos 8 caracteres'),
    ).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/auth/sign-in/email')).toHaveLength(0);
  });

  it('signs in with email and password, closes, and shows the name under the button', async () => {
    const view = await openAccountTab();
    await fillSignIn(view);

    expect(await screen.findByText('Sesión iniciada')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Acceso a Holgura' })).not.toBeInTheDocument(),
    );
    expect(screen.getByTestId('user-name')).toHaveTextContent('Ana Pérez');
    const [[, init]] = callsTo(view.fetchMock, '/api/auth/sign-in/email') as [
      [unknown, RequestInit],
    ];
    expect(JSON.parse(String(init.body))).toMatchObject({
      email: 'ana@example.co',
      password: 'clave-segura',
    });
  });

  it("shows the server's Spanish message when the credentials are wrong", async () => {
    const view = await openAccountTab({
      '/api/auth/sign-in/email': { status: 401, body: apiError('AUTH_INVALID_CREDENTIALS') },
    });
    await fillSignIn(view);

    expect(await screen.findByText('Error de autenticación')).toBeInTheDocument();
    expect(screen.getByText('Correo electrónico o contraseña incorrectos')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Acceso a Holgura' })).toBeInTheDocument();
  });

  it("never shows better-auth's English, should an answer of its own get through", async () => {
    const view = await openAccountTab({
      '/api/auth/sign-in/email': {
        status: 401,
        body: { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' },
      },
    });
    await fillSignIn(view);

    expect(await screen.findByText('No se pudo iniciar sesión')).toBeInTheDocument();
    expect(screen.queryByText(/Invalid/)).not.toBeInTheDocument();
  });

  it("shows the server's rate-limit message after too many attempts", async () => {
    const view = await openAccountTab({
      '/api/auth/sign-in/email': {
        status: 429,
        body: {
          error: {
            code: 'AUTH_RATE_LIMITED',
            message: 'Demasiados intentos. Espera un momento y vuelve a intentarlo.',
          },
        },
      },
    });
    await fillSignIn(view);

    expect(await screen.findByText('Error de autenticación')).toBeInTheDocument();
    expect(
      screen.getByText('Demasiados intentos. Espera un momento y vuelve a intentarlo.'),
    ).toBeInTheDocument();
  });

  it("says 'No se pudo iniciar sesión' when the server cannot be reached", async () => {
    const view = await openAccountTab({
      '/api/auth/sign-in/email': () => Promise.reject(new TypeError('Failed to fetch')),
    });
    await fillSignIn(view);

    expect(await screen.findByText('No se pudo iniciar sesión')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
  });

  it('asks for the TOTP code when the account has a second factor, then signs in', async () => {
    let verified: MockRequest | null = null;
    const view = await openAccountTab({
      '/api/auth/sign-in/email': { body: { twoFactorRedirect: true, twoFactorMethods: ['totp'] } },
      '/api/auth/two-factor/verify-totp': (request) => {
        verified = request;
        view.signIn();
        return jsonResponse({ token: 't', user: sampleSessionUser });
      },
    });
    await fillSignIn(view);

    const code = await within(view.dialog).findByLabelText('Código de verificación');
    expect(within(view.dialog).getByText('Verificación en dos pasos')).toBeInTheDocument();
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(screen.queryByText('Sesión iniciada')).not.toBeInTheDocument();

    await view.user.type(code, '123456');
    await view.user.click(within(view.dialog).getByRole('button', { name: 'Verificar' }));

    expect(await screen.findByText('Sesión iniciada')).toBeInTheDocument();
    expect(verified).toMatchObject({ method: 'POST', body: { code: '123456' } });
    expect(await screen.findByTestId('user-name')).toHaveTextContent('Ana Pérez');
  });

  it('keeps the TOTP step open with a Spanish message when the code is wrong', async () => {
    const view = await openAccountTab({
      '/api/auth/sign-in/email': { body: { twoFactorRedirect: true } },
      '/api/auth/two-factor/verify-totp': { status: 401, body: apiError('AUTH_TOTP_CODE_INVALID') },
    });
    await fillSignIn(view);
    const code = await within(view.dialog).findByLabelText('Código de verificación');
    await view.user.type(code, '654321');
    await view.user.click(within(view.dialog).getByRole('button', { name: 'Verificar' }));

    expect(await screen.findByText('El código no es válido')).toBeInTheDocument();
    expect(screen.getByText('Error de autenticación')).toBeInTheDocument();
    expect(within(view.dialog).getByLabelText('Código de verificación')).toBeInTheDocument();

    await view.user.click(within(view.dialog).getByRole('button', { name: 'Volver' }));
    expect(within(view.dialog).getByRole('tab', { name: 'Iniciar sesión' })).toBeInTheDocument();
  });
});

describe('sign-up', () => {
  async function fillSignUp(view: Awaited<ReturnType<typeof openAccountTab>>, firstName = 'Ana') {
    const { dialog, user } = view;
    await user.click(within(dialog).getByRole('tab', { name: 'Registrarse' }));
    await user.type(within(dialog).getByLabelText('Nombre'), firstName);
    await user.type(within(dialog).getByLabelText('Apellido'), ' Pérez ');
    await user.type(within(dialog).getByLabelText('Correo electrónico'), 'ana@example.co');
    await user.type(within(dialog).getByLabelText('Empresa'), 'Operador');
    await user.type(within(dialog).getByLabelText('Contraseña'), 'una-clave-larga');
    await user.click(within(dialog).getByRole('button', { name: 'Crear cuenta' }));
  }

  it('requires every field', async () => {
    const { dialog, user } = await openAccountTab();
    await user.click(within(dialog).getByRole('tab', { name: 'Registrarse' }));
    for (const label of ['Nombre', 'Apellido', 'Correo electrónico', 'Empresa', 'Contraseña']) {
      expect(within(dialog).getByLabelText(label)).toBeRequired();
    }
    // The password rule the server applies, said before it refuses one.
    expect(within(dialog).getByLabelText('Contraseña')).toHaveAccessibleDescription(
      'Al menos 8 caracteres y que no sea una contraseña común ni fácil de adivinar (una frase de varias palabras sirve).',
    );
  });

  it('creates the account with its profile, says so, and leads to sign-in with the email filled', async () => {
    let signUp: MockRequest | null = null;
    const view = await openAccountTab({
      '/api/auth/sign-up/email': (request) => {
        signUp = request;
        return jsonResponse({ token: 't', user: sampleSessionUser });
      },
      '/api/auth/sign-out': { body: { success: true } },
    });
    await fillSignUp(view);

    expect(await screen.findByText('Registro exitoso')).toBeInTheDocument();
    expect(screen.getByText('Tu cuenta fue creada. Ya puedes iniciar sesión.')).toBeInTheDocument();
    expect(signUp).toMatchObject({
      body: {
        firstName: 'Ana',
        lastName: 'Pérez',
        company: 'Operador',
        email: 'ana@example.co',
        password: 'una-clave-larga',
        name: 'Ana Pérez',
      },
    });
    expect(within(view.dialog).getByRole('tab', { name: 'Iniciar sesión' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(within(view.dialog).getByLabelText('Correo electrónico')).toHaveValue('ana@example.co');
    expect(within(view.dialog).getByLabelText('Contraseña')).toHaveFocus();
    // The session the server opened on sign-up is closed: the user signs in next.
    expect(callsTo(view.fetchMock, '/api/auth/sign-out')).toHaveLength(1);
    expect(screen.queryByTestId('user-name')).not.toBeInTheDocument();
  });

  it('checks the fields with the shared schema (a blank name is not a name)', async () => {
    const view = await openAccountTab({ '/api/auth/sign-up/email': { body: {} } });
    await fillSignUp(view, '   ');

    expect(await within(view.dialog).findByText('El nombre es obligatorio')).toBeInTheDocument();
    expect(callsTo(view.fetchMock, '/api/auth/sign-up/email')).toHaveLength(0);
  });

  it("shows 'Error de registro' with the provider's reason in Spanish", async () => {
    const view = await openAccountTab({
      '/api/auth/sign-up/email': { status: 422, body: apiError('AUTH_ACCOUNT_EXISTS') },
    });
    await fillSignUp(view);

    expect(await screen.findByText('Error de registro')).toBeInTheDocument();
    expect(
      screen.getByText('Ya existe una cuenta con este correo electrónico'),
    ).toBeInTheDocument();
  });

  it("says 'No se pudo crear la cuenta' when the failure has no usable reason", async () => {
    const view = await openAccountTab({
      '/api/auth/sign-up/email': { status: 500, body: { message: 'boom' } },
    });
    await fillSignUp(view);

    expect(await screen.findByText('No se pudo crear la cuenta')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
  });
});

describe('«¿Olvidaste tu contraseña?»', () => {
  const sentence =
    'Si hay una cuenta de Holgura con ese correo, te enviamos un enlace para elegir una nueva contraseña. Revisa tu correo: el enlace vence en una hora.';

  it('asks for the email (the one typed so far) and answers with the same Spanish sentence', async () => {
    let asked: MockRequest | null = null;
    const view = await openAccountTab({
      '/api/auth/request-password-reset': (request) => {
        asked = request;
        return jsonResponse({ status: true });
      },
    });
    const { dialog, user } = view;
    await user.type(within(dialog).getByLabelText('Correo electrónico'), 'ana@example.co');
    await user.click(within(dialog).getByRole('button', { name: '¿Olvidaste tu contraseña?' }));

    expect(within(dialog).getByText('Recuperar contraseña')).toBeInTheDocument();
    const email = within(dialog).getByLabelText('Correo electrónico');
    expect(email).toHaveValue('ana@example.co');
    expect(email).toHaveFocus();
    expect(within(dialog).queryByLabelText('Contraseña')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Enviar enlace' }));

    expect(await within(dialog).findByRole('status')).toHaveTextContent(sentence);
    expect(asked).toMatchObject({ method: 'POST', body: { email: 'ana@example.co' } });

    await user.click(within(dialog).getByRole('button', { name: 'Volver a iniciar sesión' }));
    expect(within(dialog).getByLabelText('Contraseña')).toBeInTheDocument();
  });

  it('checks the email before sending and says when there were too many requests', async () => {
    const view = await openAccountTab({
      '/api/auth/request-password-reset': { status: 429, body: apiError('AUTH_RATE_LIMITED') },
    });
    const { dialog, user } = view;
    await user.click(within(dialog).getByRole('button', { name: '¿Olvidaste tu contraseña?' }));
    await user.click(within(dialog).getByRole('button', { name: 'Enviar enlace' }));
    expect(callsTo(view.fetchMock, '/api/auth/request-password-reset')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Correo electrónico'), 'ana@example.co');
    await user.click(within(dialog).getByRole('button', { name: 'Enviar enlace' }));
    expect(
      await screen.findByText('Demasiados intentos. Espera un momento y vuelve a intentarlo.'),
    ).toBeInTheDocument();
    expect(within(dialog).queryByRole('status')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Enviar enlace' })).toBeInTheDocument();
  });
});
