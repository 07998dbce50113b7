// `npm run dev`: the API with reload on change (tsx watch, port 8080) and the web app with hot
// module replacement (Vite, port 5173, proxying /api to the API). Ctrl-C stops both.
import { spawn } from 'node:child_process';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
// The browser talks to Vite's port; the API must know that origin (sign-in checks, SAX issuer).
const apiEnv = { ...process.env, PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:5173' };
const children = [
  spawn(npm, ['run', 'dev', '-w', '@holgura/server'], { stdio: 'inherit', env: apiEnv }),
  spawn(npm, ['run', 'dev', '-w', '@holgura/web'], { stdio: 'inherit' }),
];

console.log('\nHolgura en modo desarrollo: abre http://localhost:5173 (API en :8080)\n');

let stopping = false;
function stopAll(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  process.exitCode = code;
}
for (const child of children) child.on('exit', (code) => stopAll(code ?? 0));
process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));
