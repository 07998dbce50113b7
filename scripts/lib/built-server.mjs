// The built server as a child process, for scripts that measure it (npm run load, npm run bench):
// a free port, a launch that waits for the ready line, a clean stop, and a signed-up account.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const distDir = path.join(repoRoot, 'apps/server/dist');

const processes = new Set();

export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

export function launch(entry, env, ready) {
  // LOAD_SERVER_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' profiles the measured processes.
  const nodeArgs = process.env.LOAD_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeArgs, path.join(distDir, entry)], {
    cwd: repoRoot,
    env: { ...process.env, DEMO_DATA: 'off', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  processes.add(child);
  child.once('exit', () => processes.delete(child));
  let output = '';
  // LOAD_SERVER_LOG=file keeps what the processes print (warnings and errors) for a post-mortem.
  if (process.env.LOAD_SERVER_LOG) {
    const log = fs.createWriteStream(process.env.LOAD_SERVER_LOG, { flags: 'a' });
    child.stdout.pipe(log);
    child.stderr.pipe(log);
  }
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${entry} did not start:\n${output}`)), 60_000);
    const onData = (chunk) => {
      output += chunk.toString();
      if (ready.test(output)) {
        clearTimeout(timer);
        resolve(child);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${entry} exited with ${code}:\n${output}`));
    });
  });
}

export async function stopProcesses() {
  await Promise.all(
    [...processes].map(
      (child) =>
        new Promise((resolve) => {
          child.once('exit', resolve);
          child.kill('SIGTERM');
          setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
        }),
    ),
  );
}

export async function signUp(baseUrl, index) {
  const response = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({
      email: `carga-${index}-${randomUUID().slice(0, 6)}@ejemplo.co`,
      password: 'contraseña-segura-1',
      name: `Carga ${index}`,
      firstName: 'Carga',
      lastName: String(index),
      company: 'Holgura',
    }),
  });
  if (response.status !== 200) throw new Error(`sign-up ${index}: ${response.status}`);
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  // The web app's access token (15 min), as features/auth/access-token.ts fetches it.
  const tokenResponse = await fetch(`${baseUrl}/api/auth/token`, { headers: { cookie } });
  if (tokenResponse.status !== 200) throw new Error(`token ${index}: ${tokenResponse.status}`);
  const { token } = await tokenResponse.json();
  return { cookie, token };
}
