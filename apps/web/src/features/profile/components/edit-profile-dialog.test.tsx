import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  jsonResponse,
  mockApi,
  renderApp,
  sampleSessionUser,
  sampleStats,
  type MockRequest,
} from '../../../render.test-support';

const profile = {
  userId: 'u1',
  firstName: 'Ana',
  lastName: 'Pérez',
  email: 'ana@example.co',
  company: 'Operador',
  accountKind: 'holgura',
};

async function openProfile(put: (request: MockRequest) => Response) {
  let name = sampleSessionUser.name;
  mockApi({
    '/api/auth/get-session': () => jsonResponse({ user: { ...sampleSessionUser, name } }),
    '/api/auth/update-user': (request) => {
      name = (request.body as { name: string }).name;
      return jsonResponse({ status: true });
    },
    '/api/stats': { body: sampleStats },
    '/api/auth/token': { status: 401, body: null },
    '/api/profile': (request) => (request.method === 'PUT' ? put(request) : jsonResponse(profile)),
  });
  const view = renderApp('/');
  await screen.findByTestId('user-name');
  await view.user.click(screen.getByRole('button', { name: 'Menú de usuario' }));
  await view.user.click(screen.getByRole('button', { name: 'Editar perfil' }));
  const dialog = await screen.findByRole('dialog', { name: 'Editar perfil' });
  await within(dialog).findByLabelText('Empresa');
  return { ...view, dialog };
}

describe('edit profile dialog', () => {
  it('shows the email read-only and saves the trimmed names and company', async () => {
    let sent: MockRequest | null = null;
    const { dialog, user } = await openProfile((request) => {
      sent = request;
      return jsonResponse({ ...profile, firstName: 'Ana María', company: 'Nueva Empresa' });
    });

    const email = within(dialog).getByLabelText('Correo electrónico');
    expect(email).toHaveValue('ana@example.co');
    expect(email).toHaveAttribute('readonly');
    expect(within(dialog).getByLabelText('Nombre')).toHaveValue('Ana');
    for (const label of ['Nombre', 'Apellido', 'Empresa']) {
      expect(within(dialog).getByLabelText(label)).toBeRequired();
    }

    const company = within(dialog).getByLabelText('Empresa');
    await user.clear(company);
    await user.type(company, '  Nueva Empresa  ');
    await user.type(within(dialog).getByLabelText('Nombre'), ' María ');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));

    expect(await screen.findByText('Perfil actualizado')).toBeInTheDocument();
    expect(sent).toMatchObject({
      method: 'PUT',
      body: { firstName: 'Ana María', lastName: 'Pérez', company: 'Nueva Empresa' },
    });
    // The name under the user button follows the profile.
    await waitFor(() =>
      expect(screen.getByTestId('user-name')).toHaveTextContent('Ana María Pérez'),
    );
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Editar perfil' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('button', { name: 'Menú de usuario' })).toHaveFocus();
  });

  it('refuses a blank company before calling the API', async () => {
    let calls = 0;
    const { dialog, user } = await openProfile(() => {
      calls += 1;
      return jsonResponse(profile);
    });
    const company = within(dialog).getByLabelText('Empresa');
    await user.clear(company);
    await user.type(company, '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));

    expect(await within(dialog).findByText('La empresa es obligatoria')).toBeInTheDocument();
    expect(calls).toBe(0);
  });

  it("says 'No se pudo actualizar el perfil' when the API refuses", async () => {
    const { dialog, user } = await openProfile(() =>
      jsonResponse(
        {
          error: {
            code: 'PROFILE_NOT_EDITABLE',
            message: 'Solo las cuentas de Holgura pueden editar su perfil',
          },
        },
        403,
      ),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));

    expect(await screen.findByText('No se pudo actualizar el perfil')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Editar perfil' })).toBeInTheDocument();
  });

  it('closes without saving on Cancelar', async () => {
    let calls = 0;
    const { dialog, user } = await openProfile(() => {
      calls += 1;
      return jsonResponse(profile);
    });
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls).toBe(0);
  });
});
