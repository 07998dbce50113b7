import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderApp } from '../../test/render';

describe('/demo', () => {
  it('is public and says plainly that the demo is being prepared', async () => {
    mockApi({ '/api/auth/get-session': { body: null } });
    renderApp('/demo');

    expect(
      screen.getByRole('heading', { level: 1, name: 'Demo - Análisis de Restricción' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/La demo guiada está en preparación/)).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Demo' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });
});
