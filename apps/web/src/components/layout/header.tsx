import { Menu, X, Zap } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import { es } from '../../strings/es';
import { cn } from '../../utils/cn';
import { navLinks } from './nav-links';
import { useScrolled } from './use-scrolled';

/** Spec §9: the header shrinks after 50 px of scroll. */
export const HEADER_SHRINK_AT_PX = 50;

const MOBILE_NAV_ID = 'navegacion-movil';

type HeaderProps = {
  /** The user button, supplied by the app (layout knows no features). */
  userMenu?: ReactNode;
};

export function Header({ userMenu }: HeaderProps) {
  const scrolled = useScrolled(HEADER_SHRINK_AT_PX);
  const [menuOpen, setMenuOpen] = useState(false);

  return (
    <header
      data-scrolled={scrolled ? 'true' : 'false'}
      className={cn(
        'fixed inset-x-0 top-0 z-40 border-b bg-white/95 backdrop-blur transition-all duration-200 motion-reduce:transition-none',
        scrolled ? 'border-slate-200 shadow-md' : 'border-transparent',
      )}
    >
      <div
        className={cn(
          'mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 transition-all duration-200 motion-reduce:transition-none sm:px-6 lg:px-8',
          scrolled ? 'h-14' : 'h-20',
        )}
      >
        <Link
          to="/"
          aria-label={es.a11y.homeLink}
          className="flex items-center gap-2 rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-sky-500 focus-visible:ring-offset-2"
        >
          <span
            className={cn(
              'flex items-center justify-center rounded-lg bg-slate-900 text-teal-300 transition-all duration-200 motion-reduce:transition-none',
              scrolled ? 'h-8 w-8' : 'h-10 w-10',
            )}
          >
            <Zap aria-hidden="true" className="h-5 w-5" fill="currentColor" />
          </span>
          <span className="flex flex-col leading-tight">
            <span
              className={cn(
                'font-bold tracking-tight text-slate-900 transition-all duration-200 motion-reduce:transition-none',
                scrolled ? 'text-lg' : 'text-xl',
              )}
            >
              {es.brand.name}
            </span>
            {!scrolled && (
              <span className="hidden text-xs font-medium text-slate-600 sm:block">
                {es.brand.tagline}
              </span>
            )}
          </span>
        </Link>

        <nav aria-label={es.a11y.mainNav} className="hidden md:block">
          <ul className="flex items-center gap-1">
            {navLinks.map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  end={link.end}
                  className={({ isActive }) =>
                    cn(
                      'rounded-md px-3 py-2 text-sm font-semibold transition-colors motion-reduce:transition-none',
                      'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-sky-500',
                      isActive
                        ? 'bg-sky-50 text-sky-800'
                        : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
                    )
                  }
                >
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>

        <div className="flex items-center gap-2">
          {userMenu}
          <button
            type="button"
            className="flex h-10 w-10 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-sky-500 md:hidden"
            aria-expanded={menuOpen}
            aria-controls={MOBILE_NAV_ID}
            aria-label={menuOpen ? es.nav.closeMenu : es.nav.openMenu}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? (
              <X aria-hidden="true" className="h-6 w-6" />
            ) : (
              <Menu aria-hidden="true" className="h-6 w-6" />
            )}
          </button>
        </div>
      </div>

      <nav
        id={MOBILE_NAV_ID}
        aria-label={es.a11y.mobileNav}
        hidden={!menuOpen}
        className="border-t border-slate-200 bg-white md:hidden"
      >
        <ul className="mx-auto flex max-w-7xl flex-col gap-1 px-4 py-3 sm:px-6">
          {navLinks.map((link) => (
            <li key={link.to}>
              <NavLink
                to={link.to}
                end={link.end}
                onClick={() => setMenuOpen(false)}
                className={({ isActive }) =>
                  cn(
                    'block rounded-lg px-3 py-3 text-base font-semibold focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-sky-500',
                    isActive ? 'bg-sky-50 text-sky-800' : 'text-slate-800 hover:bg-slate-100',
                  )
                }
              >
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}
