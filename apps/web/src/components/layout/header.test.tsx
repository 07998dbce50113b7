import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { Header } from './header';

function scrollTo(y: number) {
  act(() => {
    window.scrollY = y;
    fireEvent.scroll(window);
  });
}

function renderHeader(path = '/') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Header />
    </MemoryRouter>,
  );
}

describe('header', () => {
  afterEach(() => {
    window.scrollY = 0;
  });

  it('marks itself scrolled only after more than 50 px of scroll', () => {
    renderHeader();
    const header = screen.getByRole('banner');
    expect(header).toHaveAttribute('data-scrolled', 'false');

    scrollTo(50);
    expect(header).toHaveAttribute('data-scrolled', 'false');

    scrollTo(51);
    expect(header).toHaveAttribute('data-scrolled', 'true');

    scrollTo(0);
    expect(header).toHaveAttribute('data-scrolled', 'false');
  });

  it('links to the four screens and marks the current one', () => {
    renderHeader('/resultados');
    const nav = screen.getByRole('navigation', { name: 'Navegación principal' });
    expect(nav).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Inicio' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Análisis' })).toHaveAttribute('href', '/analisis');
    expect(screen.getByRole('link', { name: 'Resultados' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(screen.getByRole('link', { name: 'Demo' })).toHaveAttribute('href', '/demo');
  });

  it('opens and closes the mobile menu with a labelled toggle', async () => {
    const user = userEvent.setup();
    renderHeader();
    const toggle = screen.getByRole('button', { name: 'Abrir menú' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('navigation', { name: 'Navegación móvil' })).not.toBeInTheDocument();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveAccessibleName('Cerrar menú');
    const mobileNav = screen.getByRole('navigation', { name: 'Navegación móvil' });
    expect(toggle).toHaveAttribute('aria-controls', mobileNav.id);

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });
});
