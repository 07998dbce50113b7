import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach } from 'vitest';
import { buildApp, type App } from './app';
import type { AppConfig } from './config/env';

const openApps: App[] = [];
const tempDirs: string[] = [];

export function makeTempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  tempDirs.push(dir);
  return dir;
}

/** An app on a fresh temporary data folder; closed and removed after each test. */
export async function buildTestApp(overrides: Partial<AppConfig> = {}): Promise<App> {
  const app = await buildApp({
    port: 0,
    host: '127.0.0.1',
    dataDir: makeTempDir('holgura-data-'),
    webDistDir: makeTempDir('holgura-web-empty-'),
    logLevel: 'silent',
    ...overrides,
  });
  openApps.push(app);
  return app;
}

afterEach(async () => {
  await Promise.all(openApps.splice(0).map((app) => app.server.close()));
  for (const dir of tempDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});
