import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { InlineText } from './inline-text';

function renderText(text: string) {
  return render(
    <MemoryRouter>
      <p data-testid="text">
        <InlineText text={text} />
      </p>
    </MemoryRouter>,
  );
}

describe('InlineText', () => {
  it('turns `code` spans into code and keeps the words around them', () => {
    renderText('Usa `RATE_B` si existe, si no `RATE_A`.');
    expect(screen.getByTestId('text')).toHaveTextContent('Usa RATE_B si existe, si no RATE_A.');
    expect(screen.getByText('RATE_B').tagName).toBe('CODE');
    expect(screen.getByText('RATE_A').tagName).toBe('CODE');
  });

  it('renders app paths as router links, anchors in place and other sites in a new tab', () => {
    renderText(
      'Ve a [Análisis](/analisis), a [Glosario](#glosario) o a [UPME](https://www.upme.gov.co).',
    );
    expect(screen.getByRole('link', { name: 'Análisis' })).toHaveAttribute('href', '/analisis');
    const anchor = screen.getByRole('link', { name: 'Glosario' });
    expect(anchor).toHaveAttribute('href', '#glosario');
    expect(anchor).not.toHaveAttribute('target');
    const external = screen.getByRole('link', { name: 'UPME' });
    expect(external).toHaveAttribute('target', '_blank');
    expect(external).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('leaves text without markup untouched, brackets included', () => {
    renderText('Carga [%] = |f| / L');
    expect(screen.getByTestId('text')).toHaveTextContent('Carga [%] = |f| / L');
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });
});
