import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { unpackReference } from '@holgura/test-fixtures';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

/** The local SAX test user's password on the e2e servers (SAX_TEST_PASSWORD). */
export const E2E_SAX_PASSWORD = 'clave-sax-e2e-1';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const serverEntry = path.join(repoRoot, 'apps/server/dist/main.js');
const startTimeoutMs = 60_000;

/** A port nobody listens on now; the server must know its own address (PUBLIC_URL) up front. */
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

/**
 * Starts the real built server (as `npm start` does, minus the build, which `npm run test:e2e`
 * runs first) on a free port with a temporary DATA_DIR, and stops it after the run. PUBLIC_URL
 * names the port so sign-in origins and the local SAX issuer are right.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // The reference cases the specs upload (@holgura/test-fixtures), unpacked before they load.
  await unpackReference();
  if (!fs.existsSync(serverEntry)) {
    throw new Error(`No server build at ${serverEntry}: run \`npm run build\` first.`);
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'holgura-e2e-'));
  const port = await freePort();
  const child = spawn(process.execPath, [serverEntry], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      PUBLIC_URL: `http://localhost:${port}`,
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // The demo data takes a minute of both cores; the specs that need it start their own.
      DEMO_DATA: 'off',
      // Installs get a random test password; the SAX popup spec signs in with this one.
      SAX_TEST_PASSWORD: E2E_SAX_PASSWORD,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const baseUrl = await waitForUrl(child);
  project.provide('baseUrl', baseUrl);

  return async () => {
    await stop(child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}

function waitForUrl(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`The server did not start within ${startTimeoutMs} ms:\n${output}`));
    }, startTimeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /abre (http:\/\/localhost:\d+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      process.stderr.write(chunk);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The server exited with code ${code} before starting:\n${output}`));
    });
  });
}

/** Ctrl-C must stop the server cleanly: exit code 0 within 10 s. */
function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) {
    return Promise.reject(new Error(`The server died during the run (code ${child.exitCode}).`));
  }
  return new Promise((resolve, reject) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', (code, signal) => {
      clearTimeout(force);
      if (code === 0) resolve();
      else
        reject(new Error(`The server did not stop cleanly on SIGINT (code ${code}, ${signal}).`));
    });
    child.kill('SIGINT');
  });
}
