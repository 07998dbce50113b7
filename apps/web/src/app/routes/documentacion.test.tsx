import { errorMessages } from '@holgura/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderApp, sampleStats } from '../../render.test-support';

const publicApi = {
  '/api/auth/get-session': { body: null },
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
      supportEmail: 'soporte@holgura.co',
    },
  },
};

/** The text of a MathML formula without the spaces between its tokens. */
function formulaTexts(container: HTMLElement): string[] {
  return Array.from(container.querySelectorAll('math')).map((math) =>
    (math.textContent ?? '').replace(/\s+/g, ''),
  );
}

/** The guide renders a section at a time: its last section's heading means all of it is there. */
async function wholeGuide() {
  // findBy's 1 s is too short for the whole guide on a loaded 2-core machine, and so was 15 s
  // on a CI host twice as slow as usual (it failed so): the guide grows with the product.
  await screen.findByRole('heading', { level: 2, name: 'Glosario' }, { timeout: 45_000 });
}

describe('/documentacion', { timeout: 60_000 }, () => {
  it('is reached from the footer of the landing page, signed out', async () => {
    mockApi(publicApi);
    const { user, router } = renderApp('/');

    // The footer loads after the first paint.
    const footerNav = await screen.findByRole('navigation', { name: 'Enlaces rápidos' });
    await user.click(within(footerNav).getByRole('link', { name: 'Documentación' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Documentación' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/documentacion');
  });

  it('has a table of contents whose every link leads to a heading of the page', async () => {
    mockApi(publicApi);
    renderApp('/documentacion');

    const toc = await screen.findByRole('navigation', { name: 'Contenido' });
    await wholeGuide();
    const links = within(toc).getAllByRole('link');
    expect(links.length).toBeGreaterThanOrEqual(20);
    for (const link of links) {
      const href = link.getAttribute('href') ?? '';
      expect(href, link.textContent ?? '').toMatch(/^#[a-z0-9-]+$/);
      const target = document.getElementById(href.slice(1));
      expect(target, href).not.toBeNull();
      expect(target!.tagName, href).toMatch(/^H[23]$/);
      expect(target!.textContent).toBe(link.textContent);
    }
    for (const name of [
      'Cómo preparar y subir un caso',
      'Qué significan las cifras de Análisis',
      'Capacidad de conexión en Resultados',
      'El archivo de estudio',
      'Límites conocidos',
      'Glosario',
    ]) {
      expect(screen.getByRole('heading', { level: 2, name })).toBeInTheDocument();
      expect(within(toc).getByRole('link', { name })).toBeInTheDocument();
    }
  });

  it('shows the formulas of the analysis as MathML', async () => {
    mockApi(publicApi);
    const { container } = renderApp('/documentacion');
    await wholeGuide();

    const formulas = formulaTexts(container);
    expect(formulas).toContain('f(m|k)=f(m)+LODFm,k·f(k)');
    expect(formulas).toContain('d(c)=d(m)+LODFm,k·d(k)');
    expect(formulas).toContain('T(c)=max(0,L−fd)');
    expect(formulas).toContain('T(c)=max(0,L+f−d)');
    expect(formulas).toContain('FCITC=min(Tmax,mincT(c))');
    expect(formulas).toContain('Flexibilidad=100·min(1,FCITCTℓ)');
    expect(formulas).toContain('Efectividad=sensibilidad·(Pmax−P0)');
    const fraction = container.querySelector('math mfrac');
    expect(fraction?.namespaceURI).toBe('http://www.w3.org/1998/Math/MathML');
  });

  it('states the upload limits, formats and the Spanish errors of the catalogue', async () => {
    mockApi(publicApi);
    renderApp('/documentacion');

    const formats = await screen.findByRole('table', { name: 'Formatos de caso que lee Holgura' });
    expect(within(formats).getByText('PSS/E RAW, revisiones 29 a 35')).toBeInTheDocument();
    const limits = screen.getByRole('table', { name: 'Límites que aplica el servidor' });
    expect(within(limits).getByText('10 MB')).toBeInTheDocument();
    expect(within(limits).getByText('200 MB')).toBeInTheDocument();
    const errors = screen.getByRole('table', {
      name: 'Mensajes de error de la subida y del análisis',
    });
    expect(within(errors).getByText(errorMessages.PARSE_RAW_REVISION_UNSUPPORTED)).toBeVisible();
    expect(within(errors).getByText(errorMessages.UPLOAD_CONTENT_TYPE)).toBeVisible();
  });

  it('links the guide to the screens it explains and to the API reference', async () => {
    mockApi(publicApi);
    renderApp('/documentacion');
    await wholeGuide();
    const main = screen.getByRole('main');

    expect(within(main).getByRole('link', { name: 'referencia de la API' })).toHaveAttribute(
      'href',
      '/api/docs',
    );
    expect(within(main).getAllByRole('link', { name: 'Análisis' })[0]).toHaveAttribute(
      'href',
      '/analisis',
    );
    expect(within(main).getAllByRole('link', { name: 'Resultados' })[0]).toHaveAttribute(
      'href',
      '/resultados',
    );
  });

  describe('deep links', () => {
    const original = Element.prototype.scrollIntoView;
    afterEach(() => {
      Element.prototype.scrollIntoView = original;
    });

    it('brings the section of the address into view once the guide has loaded', async () => {
      const scrolled = vi.fn<(this: Element) => void>(function (this: Element) {});
      Element.prototype.scrollIntoView = scrolled;
      mockApi(publicApi);
      renderApp('/documentacion#glosario');

      await wholeGuide();
      await waitFor(() => expect(scrolled).toHaveBeenCalled());
      expect(scrolled.mock.contexts.map((element) => element.id)).toContain('glosario');
    });

    it('shows the guide from its top when the anchor does not exist', async () => {
      const scrolled = vi.fn();
      Element.prototype.scrollIntoView = scrolled;
      mockApi(publicApi);
      renderApp('/documentacion#no-existe');

      expect(await screen.findByRole('heading', { level: 1, name: 'Documentación' })).toBeVisible();
      expect(scrolled).not.toHaveBeenCalled();
    });
  });
});
