import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { clientConfigQueryOptions } from '../../lib/client-config';
import { createQueryClient } from '../../lib/query-client';
import { mockApi } from '../../render.test-support';
import { Footer } from './footer';

const saxConfig = {
  authority: 'http://localhost/sax',
  clientId: 'holgura-web',
  policy: null,
  scopes: 'openid profile User.Read',
  local: true,
};

function renderFooter() {
  const client = createQueryClient({ queries: { retry: false } });
  const view = render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <Footer />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...view, client };
}

function quickLinks() {
  return within(screen.getByRole('navigation', { name: 'Enlaces rápidos' }));
}

describe('footer', () => {
  it('links the documentation, the API reference and the expansion plan, none marked coming soon', () => {
    mockApi({ '/api/config': { body: { sax: saxConfig, maxUploadBytes: 10485760 } } });
    renderFooter();

    expect(quickLinks().getByRole('link', { name: 'Documentación' })).toHaveAttribute(
      'href',
      '/documentacion',
    );
    const api = quickLinks().getByRole('link', { name: /Referencia de la API/ });
    expect(api).toHaveAttribute('href', '/api/docs');
    expect(api).toHaveAttribute('target', '_blank');
    expect(api).toHaveAttribute('rel', expect.stringContaining('noopener'));
    expect(api).toHaveAccessibleName(/se abre en una pestaña nueva/);
    const plan = quickLinks().getByRole('link', { name: /Plan de Expansión/ });
    expect(plan).toHaveAttribute('href', 'https://www.upme.gov.co');
    expect(plan).toHaveAttribute('rel', expect.stringContaining('noopener'));
    expect(screen.queryByText('Próximamente')).not.toBeInTheDocument();
  });

  it('writes to the support address the server is configured with', async () => {
    mockApi({
      '/api/config': {
        body: { sax: saxConfig, maxUploadBytes: 10485760, supportEmail: 'ayuda@operador.co' },
      },
    });
    renderFooter();

    const support = await quickLinks().findByRole('link', { name: 'Soporte técnico' });
    expect(support).toHaveAttribute('href', 'mailto:ayuda@operador.co');
    const contact = screen.getByRole('link', { name: 'ayuda@operador.co' });
    expect(contact).toHaveAttribute('href', 'mailto:ayuda@operador.co');
    expect(screen.queryByText('soporte@holgura.co')).not.toBeInTheDocument();
  });

  it('shows support without a mailto link while the address is unknown (config failed)', async () => {
    mockApi({
      '/api/config': { status: 500, body: { error: { code: 'INTERNAL', message: 'x' } } },
    });
    const { client } = renderFooter();

    await waitFor(() =>
      expect(client.getQueryState(clientConfigQueryOptions().queryKey)?.status).toBe('error'),
    );
    expect(quickLinks().getByText('Soporte técnico').closest('a')).toBeNull();
    for (const link of screen.getAllByRole('link')) {
      expect(link.getAttribute('href') ?? '').not.toMatch(/^mailto:/);
    }
  });
});
