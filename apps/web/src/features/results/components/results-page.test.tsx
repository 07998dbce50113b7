import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { ResultsPage } from './results-page';

describe('ResultsPage', () => {
  it("shows 'Acceso restringido' and asks the API nothing when signed out", () => {
    render(
      <QueryClientProvider client={createQueryClient({ queries: { retry: false } })}>
        <MemoryRouter>
          <ResultsPage signedIn={false} userKey="anon" />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(screen.getByRole('heading', { name: 'Acceso restringido' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
