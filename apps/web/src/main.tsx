// First: zod (loaded later, with the screens that parse with it) must find this setting.
import './lib/zod-jitless';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import './index.css';

/**
 * The SAX logout popup returns to `/` (the provider allows only that) with `state` in the query:
 * inside that popup, hand the answer back to the opener instead of starting the app.
 */
function isSaxLogoutPopupReturn(): boolean {
  return (
    window.opener !== null &&
    window.location.pathname === '/' &&
    new URLSearchParams(window.location.search).has('state')
  );
}

if (isSaxLogoutPopupReturn()) {
  void import('oidc-client-ts').then(({ UserManager }) =>
    new UserManager({
      authority: window.location.origin,
      client_id: 'holgura-web',
      redirect_uri: window.location.href,
    }).signoutPopupCallback(),
  );
} else {
  const container = document.getElementById('root');
  if (container === null) throw new Error('Missing #root element in index.html');

  const root = createRoot(container);
  // The first render as a transition: React renders the page in slices of a few milliseconds and
  // yields between them, instead of one long task that blocks the main thread (issue #20).
  startTransition(() => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}
