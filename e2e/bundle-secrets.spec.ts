import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { useOwnServer } from './own-server';
import {
  authSecretsInSources,
  dataDirSecrets,
  listFiles,
  scanDirectory,
  scanText,
  type Needle,
} from './support/secret-scan';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webDist = path.join(repoRoot, 'apps/web/dist');

// A server of our own, so we know its DATA_DIR and can look for its generated secrets.
const serverDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'holgura-e2e-secrets-'));
const server = useOwnServer({ DATA_DIR: serverDataDir });
afterAll(() => fs.rmSync(serverDataDir, { recursive: true, force: true }));

/** Every secret value we can name: test AUTH_SECRETs, database URLs, DATA_DIR keys. */
function knownSecrets(extraDataDirs: readonly string[]): Needle[] {
  const needles = authSecretsInSources(repoRoot, ['apps', 'e2e', 'packages', 'scripts']);
  for (const name of ['TEST_DATABASE_URL', 'DATABASE_URL', 'AUTH_SECRET', 'SMTP_URL']) {
    const value = process.env[name]?.trim();
    if (value) needles.push({ label: `variable de entorno ${name}`, value });
  }
  const dataDirs = [
    path.join(repoRoot, 'data'),
    path.join(repoRoot, 'apps/server/data'),
    ...(process.env.DATA_DIR ? [path.resolve(process.env.DATA_DIR)] : []),
    ...extraDataDirs,
  ];
  for (const dir of dataDirs) needles.push(...dataDirSecrets(dir));
  return needles;
}

describe('secret scanner', () => {
  it('finds each kind of planted secret, in any file under the folder, and nothing in clean code', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'holgura-secret-scan-'));
    try {
      fs.mkdirSync(path.join(dir, 'assets/deep'), { recursive: true });
      const write = (name: string, text: string) => fs.writeFileSync(path.join(dir, name), text);
      write('assets/clean-abc123.js', 'const a={d:"x",p:1};fetch("/api/cases");export{a};');
      write('assets/pem.js', 'const k="-----BEGIN PRIVATE KEY-----\\nMIIE";');
      write('assets/deep/jwk.js.map', `{"kty":"EC","d":"${'A1b2-C3d4_'.repeat(5)}"}`);
      write('assets/pg.js', 'x="postgresql://holgura:s3creta@db.interna:5432/holgura"');
      write('assets/smtp.css', '/* smtps://avisos:clave@correo.ejemplo.co */');
      write('index.html', '<script>window.k="planted-session-secret-0123456789"</script>');
      const findings = scanDirectory(dir, [
        { label: 'AUTH_SECRET plantado', value: 'planted-session-secret-0123456789' },
      ]);
      expect(findings).toEqual(
        expect.arrayContaining([
          { file: 'assets/pem.js', what: 'clave privada PEM' },
          { file: path.join('assets/deep/jwk.js.map'), what: 'miembro privado de una JWK' },
          { file: 'assets/pg.js', what: 'URL de PostgreSQL con contraseña' },
          { file: 'assets/smtp.css', what: 'URL de SMTP con contraseña' },
          { file: 'index.html', what: 'AUTH_SECRET plantado' },
        ]),
      );
      expect(findings).toHaveLength(5);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('picks up the AUTH_SECRET values the repository hands to test servers', () => {
    const values = authSecretsInSources(repoRoot, ['apps', 'e2e']).map((needle) => needle.value);
    expect(values).toContain('test-secret-that-is-long-enough-0123456789');
  });
});

describe('no secret in what the browser gets', () => {
  it('finds none in any file of the built web app', () => {
    expect(fs.existsSync(path.join(webDist, 'index.html')), 'run `npm run build` first').toBe(true);
    expect(listFiles(webDist).filter((file) => file.endsWith('.js')).length).toBeGreaterThan(0);
    const needles = knownSecrets([serverDataDir]);
    expect(needles.length).toBeGreaterThan(0);
    expect(scanDirectory(webDist, needles)).toEqual([]);
  });

  it("finds none in what a running server sends, its own DATA_DIR's keys included", async () => {
    const needles = dataDirSecrets(serverDataDir);
    // The session secret and the local SAX provider's private key members.
    expect(needles.map((needle) => needle.label).join('\n')).toMatch(/auth-secret/);
    expect(needles.map((needle) => needle.label).join('\n')).toMatch(/sax-local-jwks\.json \(d\)/);
    const all = [...needles, ...knownSecrets([])];
    const served = [
      '/',
      '/api/config',
      '/api/openapi.json',
      '/.well-known/jwks.json',
      ...listFiles(webDist).map(
        (file) => `/${path.relative(webDist, file).split(path.sep).join('/')}`,
      ),
    ];
    const findings = [];
    for (const url of served) {
      const response = await fetch(`${server.url}${url}`);
      findings.push(...scanText(url, await response.text(), all));
    }
    expect(findings).toEqual([]);
  });
});
