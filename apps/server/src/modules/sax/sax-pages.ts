import type { FastifyReply } from 'fastify';

/**
 * The local SAX provider's pages: self-contained HTML (inline CSS, no remote assets, no
 * scripts) so they work offline and under a strict Content-Security-Policy. Spanish, because
 * every word a Holgura user sees is.
 */

/** No scripts, no remote anything, and never inside someone else's frame (clickjacking). */
export const SAX_PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'";

/** Sends one of these pages with the headers every one of them carries. */
export function sendPage(reply: FastifyReply, html: string, status = 200): FastifyReply {
  return reply
    .status(status)
    .header('Content-Type', 'text/html; charset=utf-8')
    .header('Cache-Control', 'no-store')
    .header('Content-Security-Policy', SAX_PAGE_CSP)
    .header('X-Frame-Options', 'DENY')
    .header('Referrer-Policy', 'no-referrer')
    .send(html);
}

export const saxText = {
  brand: 'SAX · Proveedor de identidad local',
  loginTitle: 'Iniciar sesión en SAX',
  loginLead: (clientName: string) => `Ingresa tus credenciales para continuar en ${clientName}.`,
  username: 'Usuario',
  password: 'Contraseña',
  submit: 'Iniciar sesión',
  cancel: 'Cancelar',
  badCredentials: 'Usuario o contraseña incorrectos',
  cancelled: 'El usuario canceló el inicio de sesión',
  errorTitle: 'No se pudo iniciar sesión',
  errorHint: 'Cierra esta ventana y vuelve a intentarlo desde Holgura.',
  expired: 'La solicitud de inicio de sesión expiró o no es válida.',
  invalidRequest: 'La solicitud de inicio de sesión no es válida',
  badAddress: 'La dirección con la que se abrió esta página no es válida.',
  logoutTitle: '¿Cerrar sesión en SAX?',
  logoutConfirm: 'Cerrar sesión',
  logoutStay: 'Seguir conectado',
  loggedOutTitle: 'Sesión cerrada',
  loggedOut: 'Cerraste tu sesión de SAX. Ya puedes cerrar esta ventana.',
} as const;

export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

const STYLE = `
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:grid;place-items:center;background:#f1f5f9;color:#0f172a;
font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{width:min(100% - 2rem,24rem);background:#fff;border-radius:12px;padding:2rem;
box-shadow:0 1px 3px rgba(15,23,42,.12),0 8px 24px rgba(15,23,42,.08)}
.brand{margin:0 0 .5rem;font-size:.8rem;font-weight:600;letter-spacing:.04em;text-transform:uppercase;color:#0369a1}
h1{margin:0 0 .5rem;font-size:1.4rem}
p{margin:0 0 1rem}
label{display:block;margin:.75rem 0 .25rem;font-weight:600}
input{width:100%;padding:.6rem .75rem;border:1px solid #94a3b8;border-radius:8px;font:inherit}
input:focus,button:focus{outline:3px solid #38bdf8;outline-offset:2px}
input[aria-invalid=true]{border-color:#b91c1c}
button{width:100%;margin-top:1.25rem;padding:.7rem;border:0;border-radius:8px;background:#0369a1;color:#fff;
font:inherit;font-weight:600;cursor:pointer}
button:hover{background:#075985}
button.secondary{margin-top:.5rem;background:transparent;color:#0369a1;border:1px solid #0369a1}
button.secondary:hover{background:#f0f9ff}
.error{padding:.6rem .75rem;border-radius:8px;background:#fef2f2;color:#991b1b;border:1px solid #fecaca}
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main aria-labelledby="page-title">
<p class="brand">${escapeHtml(saxText.brand)}</p>
${body}
</main>
</body>
</html>`;
}

export interface LoginPageInput {
  submitUrl: string;
  abortUrl: string;
  clientName: string;
  username?: string;
  failed?: boolean;
}

export function loginPage(input: LoginPageInput): string {
  const failed = input.failed === true;
  const invalid = failed ? ' aria-invalid="true" aria-describedby="login-error"' : '';
  const error = failed
    ? `<p class="error" role="alert" id="login-error">${escapeHtml(saxText.badCredentials)}</p>`
    : '';
  // Focus the field the user needs next: the password after a failure with a known user.
  const focusPassword = failed && (input.username ?? '') !== '';
  return page(
    saxText.loginTitle,
    `<h1 id="page-title">${escapeHtml(saxText.loginTitle)}</h1>
<p>${escapeHtml(saxText.loginLead(input.clientName))}</p>
${error}
<form method="post" action="${escapeHtml(input.submitUrl)}">
<label for="username">${escapeHtml(saxText.username)}</label>
<input id="username" name="username" type="text" autocomplete="username" autocapitalize="none" spellcheck="false" required${focusPassword ? '' : ' autofocus'} value="${escapeHtml(input.username ?? '')}"${invalid}>
<label for="password">${escapeHtml(saxText.password)}</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${focusPassword ? ' autofocus' : ''}${invalid}>
<button type="submit">${escapeHtml(saxText.submit)}</button>
</form>
<form method="post" action="${escapeHtml(input.abortUrl)}">
<button type="submit" class="secondary">${escapeHtml(saxText.cancel)}</button>
</form>`,
  );
}

export function errorPage(message: string): string {
  return page(
    saxText.errorTitle,
    `<h1 id="page-title">${escapeHtml(saxText.errorTitle)}</h1>
<p role="alert">${escapeHtml(message)}</p>
<p>${escapeHtml(saxText.errorHint)}</p>`,
  );
}

/** `form` is oidc-provider's own hidden form (id `op.logoutForm`, carrying its xsrf token). */
export function logoutPage(form: string): string {
  return page(
    saxText.logoutTitle,
    `<h1 id="page-title">${escapeHtml(saxText.logoutTitle)}</h1>
${form}
<button autofocus type="submit" form="op.logoutForm" name="logout" value="yes">${escapeHtml(saxText.logoutConfirm)}</button>
<button type="submit" form="op.logoutForm" class="secondary">${escapeHtml(saxText.logoutStay)}</button>`,
  );
}

export function loggedOutPage(): string {
  return page(
    saxText.loggedOutTitle,
    `<h1 id="page-title">${escapeHtml(saxText.loggedOutTitle)}</h1>
<p>${escapeHtml(saxText.loggedOut)}</p>`,
  );
}
