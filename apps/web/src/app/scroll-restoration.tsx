import { useEffect, useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';

const STORAGE_KEY = 'holgura-scroll-positions';

function readStored(): Record<string, number> {
  try {
    const stored: unknown = JSON.parse(window.sessionStorage.getItem(STORAGE_KEY) ?? '{}');
    return typeof stored === 'object' && stored !== null ? (stored as Record<string, number>) : {};
  } catch {
    return {};
  }
}

/** Where each history entry was scrolled to (by location key), kept across reloads of the tab. */
let positions: Record<string, number> | null = null;

/**
 * React-router's ScrollRestoration needs its data router; this does the same in declarative mode:
 * back and forward return to where the page was, a link opens the page at its top (or at its
 * #anchor when that is already rendered), and a reload keeps the position.
 */
export function ScrollRestoration() {
  const { key, hash } = useLocation();
  const navigationType = useNavigationType();

  useEffect(() => {
    positions ??= readStored();
    window.history.scrollRestoration = 'manual';
    const save = () => {
      try {
        window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(positions));
      } catch {
        // Storage full or blocked: positions are kept for this page's life only.
      }
    };
    window.addEventListener('pagehide', save);
    return () => {
      window.removeEventListener('pagehide', save);
      window.history.scrollRestoration = 'auto';
    };
  }, []);

  // The current entry's position, as the user scrolls.
  useEffect(() => {
    const onScroll = () => {
      positions ??= readStored();
      positions[key] = window.scrollY;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [key]);

  useLayoutEffect(() => {
    positions ??= readStored();
    const saved = positions[key];
    if (navigationType === 'POP' && saved !== undefined) {
      window.scrollTo(0, saved);
      return;
    }
    if (hash.length > 1) {
      const target = document.getElementById(decodeURIComponent(hash.slice(1)));
      if (target !== null) {
        target.scrollIntoView?.();
        return;
      }
    }
    window.scrollTo(0, 0);
    // Every navigation is a new key (the hash and the type come with it).
  }, [key, hash, navigationType]);

  return null;
}
