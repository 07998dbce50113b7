import { useEffect, useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';

const STORAGE_KEY = 'holgura-scroll-positions';

/** Where each history entry was scrolled to (by location key), kept across reloads of the tab. */
let positions: Record<string, number> | null = null;

/** The positions, read from the tab's storage on first need (a blocking read: not at startup). */
function savedPositions(): Record<string, number> {
  if (positions === null) {
    try {
      const stored: unknown = JSON.parse(window.sessionStorage.getItem(STORAGE_KEY) ?? '{}');
      positions = typeof stored === 'object' && stored !== null ? { ...stored } : {};
    } catch {
      positions = {};
    }
  }
  return positions;
}

/** A page opened afresh has nothing to restore; a reload or a return to it may. */
function openedAfresh(): boolean {
  const [entry] = performance.getEntriesByType?.('navigation') ?? [];
  return entry === undefined || (entry as PerformanceNavigationTiming).type === 'navigate';
}

let firstRender = true;

/**
 * React-router's ScrollRestoration needs its data router; this does the same in declarative mode:
 * back and forward return to where the page was, a link opens the page at its top (or at its
 * #anchor when that is already rendered), and a reload keeps the position.
 */
export function ScrollRestoration() {
  const { key, hash } = useLocation();
  const navigationType = useNavigationType();

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    const save = () => {
      if (positions === null) return; // nothing read or changed: the stored ones stand
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
      savedPositions()[key] = window.scrollY;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [key]);

  useLayoutEffect(() => {
    const initial = firstRender;
    firstRender = false;
    if (initial && openedAfresh()) return; // the browser opens it at its top or its #anchor
    const saved = navigationType === 'POP' ? savedPositions()[key] : undefined;
    if (saved !== undefined) {
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
