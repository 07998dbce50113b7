import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll } from 'vitest';
import { E2E_SAX_PASSWORD } from './support/global-setup';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverEntry = path.join(repoRoot, 'apps/server/dist/main.js');

/**
 * A server of this spec file's own (built server, fresh DATA_DIR, PUBLIC_URL set), for journeys
 * that change what the shared server's other specs count: uploads add to the public stats that
 * api.spec.ts checks exactly; rate limits would slow every later sign-in.
 */
export function useOwnServer(env: Record<string, string> = {}): { readonly url: string } {
  let child: ChildProcess | undefined;
  let dataDir = '';
  let url = '';

  beforeAll(async () => {
    const port = await freePort();
    url = `http://localhost:${port}`;
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'holgura-e2e-own-'));
    const started = spawn(process.execPath, [serverEntry], {
      cwd: repoRoot,
      env: {
        ...process.env,
        // The demo data is computed on first start; these specs do not need it.
        DEMO_DATA: 'off',
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: url,
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        SAX_TEST_PASSWORD: E2E_SAX_PASSWORD,
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = started;
    await new Promise<void>((resolve, reject) => {
      let output = '';
      const timer = setTimeout(() => reject(new Error(`Server did not start:\n${output}`)), 60_000);
      started.stdout?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('abre http://localhost:')) {
          clearTimeout(timer);
          resolve();
        }
      });
      started.stderr?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
      });
      started.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`Server exited with ${code}:\n${output}`));
      });
    });
  });

  afterAll(async () => {
    if (child !== undefined && child.exitCode === null) {
      const running = child;
      const exited = new Promise((resolve) => running.once('exit', resolve));
      running.kill('SIGINT');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      if (running.exitCode === null) running.kill('SIGKILL');
    }
    if (dataDir !== '') fs.rmSync(dataDir, { recursive: true, force: true });
  });

  return {
    get url() {
      return url;
    },
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}
