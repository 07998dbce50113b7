import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderApp, sampleStats } from '../../../test/render';

async function openDialog() {
  mockApi({ '/api/auth/get-session': { body: null }, '/api/stats': { body: sampleStats } });
  const view = renderApp('/');
  await screen.findByRole('button', { name: 'Iniciar sesión requerido' });
  await view.user.click(screen.getByRole('button', { name: 'Menú de usuario' }));
  await view.user.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
  const dialog = await screen.findByRole('dialog', { name: 'Acceso a Holgura' });
  return { ...view, dialog };
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

  it('says plainly that SAX sign-in is not enabled instead of pretending', async () => {
    const { dialog, user } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Continuar con SAX' }));

    expect(await screen.findByText('No se pudo iniciar sesión')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(
      screen.getByText('El inicio de sesión con SAX aún no está habilitado en este servidor.'),
    ).toBeInTheDocument();
  });

  it('requires every sign-up field and reports that accounts are not enabled', async () => {
    const { dialog, user } = await openDialog();
    await user.click(within(dialog).getByRole('tab', { name: 'Holgura' }));
    await user.click(within(dialog).getByRole('tab', { name: 'Registrarse' }));

    const fields = ['Nombre', 'Apellido', 'Correo electrónico', 'Empresa', 'Contraseña'];
    for (const label of fields) {
      expect(within(dialog).getByLabelText(label)).toBeRequired();
    }
    await user.type(within(dialog).getByLabelText('Nombre'), 'Ana');
    await user.type(within(dialog).getByLabelText('Apellido'), 'Pérez');
    await user.type(within(dialog).getByLabelText('Correo electrónico'), 'ana@example.co');
    await user.type(within(dialog).getByLabelText('Empresa'), 'Operador');
    await user.type(within(dialog).getByLabelText('Contraseña'), 'una-clave-larga');
    await user.click(within(dialog).getByRole('button', { name: 'Crear cuenta' }));

    expect(await screen.findByText('No se pudo crear la cuenta')).toBeInTheDocument();
    expect(
      screen.getByText('El acceso con cuentas aún no está habilitado en este servidor.'),
    ).toBeInTheDocument();
  });

  it('requires email and password to sign in with an account', async () => {
    const { dialog, user } = await openDialog();
    await user.click(within(dialog).getByRole('tab', { name: 'Holgura' }));

    expect(within(dialog).getByLabelText('Correo electrónico')).toBeRequired();
    expect(within(dialog).getByLabelText('Correo electrónico')).toHaveAttribute('type', 'email');
    expect(within(dialog).getByLabelText('Contraseña')).toBeRequired();
  });
});
