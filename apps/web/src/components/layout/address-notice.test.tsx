import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { clientConfigQueryOptions } from '../../lib/client-config';
import { createQueryClient } from '../../lib/query-client';
import { mockApi } from '../../render.test-support';
import { AddressNotice } from './address-notice';

const sax = {
  authority: 'https://holgura.operador.co/sax',
  clientId: 'holgura-web',
  policy: null,
  scopes: 'openid profile User.Read',
  local: true,
};

/** Says «configuración leída» once the page has the config the notice reads. */
function ConfigRead() {
  const { data } = useQuery(clientConfigQueryOptions());
  return data === undefined ? null : <p>configuración leída</p>;
}

function renderAt(origin: string, publicUrl: string | null | undefined) {
  mockApi({
    '/api/config': {
      body: { sax, maxUploadBytes: 10485760, ...(publicUrl === undefined ? {} : { publicUrl }) },
    },
  });
  const client = createQueryClient({ queries: { retry: false } });
  return render(
    <QueryClientProvider client={client}>
      <ConfigRead />
      <AddressNotice location={{ origin, pathname: '/analisis', search: '?x=1' }} />
    </QueryClientProvider>,
  );
}

describe('AddressNotice', () => {
  it('says where PUBLIC_URL points when the page was opened elsewhere, with a link there', async () => {
    renderAt('http://192.0.2.2:8080', 'https://holgura.operador.co');
    const notice = await screen.findByRole('status');
    expect(notice).toHaveTextContent(
      'Holgura está configurado para https://holgura.operador.co (PUBLIC_URL), pero lo abriste en http://192.0.2.2:8080.',
    );
    expect(notice).toHaveTextContent('PUBLIC_URL=http://192.0.2.2:8080');
    expect(
      screen.getByRole('link', { name: 'Abrir en https://holgura.operador.co' }),
    ).toHaveAttribute('href', 'https://holgura.operador.co/analisis?x=1');
  });

  it.each([
    ['the address PUBLIC_URL names', 'https://holgura.operador.co'],
    ['no PUBLIC_URL (each page its own address)', null],
    ['an older API that does not say', undefined],
  ])('says nothing with %s', async (_, publicUrl) => {
    renderAt('https://holgura.operador.co', publicUrl);
    await screen.findByText('configuración leída');
    expect(screen.queryByRole('status')).toBeNull();
  });
});
