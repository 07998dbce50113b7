import fs from 'node:fs';
import path from 'node:path';

/** A value that must never reach a browser, with where it comes from (for the report). */
export interface Needle {
  label: string;
  value: string;
}

export interface Finding {
  file: string;
  what: string;
}

/**
 * Shapes of secrets, whatever their value: private keys (PEM, or the private members of a JWK)
 * and connection strings that carry a password.
 */
const SECRET_SHAPES: { what: string; pattern: RegExp }[] = [
  { what: 'clave privada PEM', pattern: /-----BEGIN [A-Z ]*PRIVATE KEY-----/ },
  {
    what: 'miembro privado de una JWK',
    pattern: /["']?\b(?:d|p|q|dp|dq|qi)["']?\s*:\s*["'][A-Za-z0-9_-]{43,}["']/,
  },
  {
    what: 'URL de PostgreSQL con contraseña',
    pattern: /postgres(?:ql)?:\/\/[^\s"'`:@/]+:[^\s"'`@/]+@/,
  },
  { what: 'URL de SMTP con contraseña', pattern: /smtps?:\/\/[^\s"'`:@/]+:[^\s"'`@/]+@/ },
];

/** Every file under `dir`, source maps included: they ship the original source. */
export function listFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

export function scanText(file: string, text: string, needles: readonly Needle[]): Finding[] {
  const findings: Finding[] = [];
  for (const { what, pattern } of SECRET_SHAPES) {
    if (pattern.test(text)) findings.push({ file, what });
  }
  for (const needle of needles) {
    if (needle.value.length >= 8 && text.includes(needle.value)) {
      findings.push({ file, what: needle.label });
    }
  }
  return findings;
}

export function scanDirectory(dir: string, needles: readonly Needle[]): Finding[] {
  return listFiles(dir).flatMap((file) =>
    scanText(path.relative(dir, file), fs.readFileSync(file, 'latin1'), needles),
  );
}

/** AUTH_SECRET values written into the repository's tests and scripts. */
export function authSecretsInSources(root: string, folders: readonly string[]): Needle[] {
  const found = new Map<string, string>();
  const pattern = /(?:authSecret|AUTH_SECRET)['"]?\s*[:=]\s*['"]([^'"\s]{8,})['"]/g;
  for (const folder of folders) {
    const base = path.join(root, folder);
    if (!fs.existsSync(base)) continue;
    for (const file of listFiles(base)) {
      if (
        file.includes(`${path.sep}node_modules${path.sep}`) ||
        file.includes(`${path.sep}dist${path.sep}`)
      ) {
        continue;
      }
      if (!/\.(?:[cm]?[jt]sx?|json|md|sh)$/.test(file)) continue;
      for (const match of fs.readFileSync(file, 'utf8').matchAll(pattern)) {
        found.set(match[1]!, `AUTH_SECRET de ${path.relative(root, file)}`);
      }
    }
  }
  return [...found].map(([value, label]) => ({ label, value }));
}

/**
 * What a server keeps in its DATA_DIR: the generated session secret, the local SAX test user's
 * generated password and the local SAX provider's signing keys (each private member of each key).
 */
export function dataDirSecrets(dataDir: string): Needle[] {
  const needles: Needle[] = [];
  const secretFile = path.join(dataDir, 'auth-secret');
  if (fs.existsSync(secretFile)) {
    needles.push({ label: `${secretFile}`, value: fs.readFileSync(secretFile, 'utf8').trim() });
  }
  const saxPasswordFile = path.join(dataDir, 'sax-test-password');
  if (fs.existsSync(saxPasswordFile)) {
    const value = fs.readFileSync(saxPasswordFile, 'utf8').trim();
    needles.push({ label: `${saxPasswordFile}`, value });
  }
  const jwksFile = path.join(dataDir, 'sax-local-jwks.json');
  if (fs.existsSync(jwksFile)) {
    const jwks = JSON.parse(fs.readFileSync(jwksFile, 'utf8')) as {
      keys?: Record<string, unknown>[];
    };
    for (const key of jwks.keys ?? []) {
      for (const member of ['d', 'p', 'q', 'dp', 'dq', 'qi']) {
        const value = key[member];
        if (typeof value === 'string') {
          needles.push({ label: `${jwksFile} (${member})`, value });
        }
      }
    }
  }
  return needles;
}
