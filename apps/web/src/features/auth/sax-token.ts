import { useSyncExternalStore } from 'react';

/**
 * The contracts' SAX_ID_TOKEN_STORAGE_KEY (docs/product.md §3), written out: every page reads it as it
 * opens, and importing it would bring the contracts' schemas and zod into the first load
 * (issue #20). sax-token.test.ts holds the two equal.
 */
export const SAX_ID_TOKEN_STORAGE_KEY = 'holgura_id_token';

/** Fired in this tab when the stored token changes; `storage` only fires in other tabs. */
const LOCAL_CHANGE_EVENT = 'holgura:sax-token';

function readRaw(): string | null {
  try {
    return window.localStorage.getItem(SAX_ID_TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
}

function subscribe(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === SAX_ID_TOKEN_STORAGE_KEY) onChange();
  };
  window.addEventListener('storage', onStorage);
  window.addEventListener(LOCAL_CHANGE_EVENT, onChange);
  return () => {
    window.removeEventListener('storage', onStorage);
    window.removeEventListener(LOCAL_CHANGE_EVENT, onChange);
  };
}

/** The stored SAX id token (docs/product.md §3: `{ token }` under `holgura_id_token`), or null. */
export function parseStoredToken(raw: string | null): string | null {
  if (raw === null) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value === 'object' && value !== null && 'token' in value) {
      const { token } = value;
      if (typeof token === 'string' && token.trim() !== '') return token;
    }
  } catch {
    return null;
  }
  return null;
}

export function useSaxToken(): string | null {
  const raw = useSyncExternalStore(subscribe, readRaw, () => null);
  return parseStoredToken(raw);
}

/** Saves the SAX id token as `{ token }` (docs/product.md §3) and tells this tab. */
export function storeSaxToken(token: string): void {
  try {
    window.localStorage.setItem(SAX_ID_TOKEN_STORAGE_KEY, JSON.stringify({ token }));
  } finally {
    window.dispatchEvent(new Event(LOCAL_CHANGE_EVENT));
  }
}

/** The stored token right now, outside React (API calls). */
export function readSaxToken(): string | null {
  return parseStoredToken(readRaw());
}

export function clearSaxToken(): void {
  try {
    window.localStorage.removeItem(SAX_ID_TOKEN_STORAGE_KEY);
  } finally {
    window.dispatchEvent(new Event(LOCAL_CHANGE_EVENT));
  }
}

type TokenClaims = { name: string | null; email: string | null };

/** The payload of a JWT, without verifying it (the API verifies tokens), or null. */
export function decodeJwtPayload(token: string): Record<string, unknown> | null {
  const payload = token.split('.')[1];
  if (payload === undefined) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
    const claims: unknown = JSON.parse(new TextDecoder().decode(bytes));
    if (typeof claims !== 'object' || claims === null) return null;
    return claims as Record<string, unknown>;
  } catch {
    return null;
  }
}

/** Display claims of a JWT id token, without verifying it (the API verifies it). */
export function readTokenClaims(token: string): TokenClaims {
  const empty: TokenClaims = { name: null, email: null };
  const record = decodeJwtPayload(token);
  if (record === null) return empty;
  const text = (key: string) => {
    const value = record[key];
    return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
  };
  const fullName = [text('given_name'), text('family_name')].filter(Boolean).join(' ');
  return {
    name: text('name') ?? (fullName === '' ? null : fullName) ?? text('preferred_username'),
    email: text('email'),
  };
}
