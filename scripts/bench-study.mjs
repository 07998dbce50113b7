#!/usr/bin/env node
// Part of npm run bench (issue #15): a capacity study through the API against the same study
// file through the CLI, in one run on this machine. The study: the bundled demo study's first
// two scenarios × its six years × its 25 busbars on ACTIVSg2000. The API time runs from the
// POST /api/studies to the job's 'done' (read by polling every 100 ms); the CLI time is the
// whole `holgura study --all-buses` process: the same work as the API's, which stores the
// capacity of every bus of each scenario × year case too (issue #17). Needs the built server
// and CLI (npm run build). Prints; asserts nothing.
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { distDir, freePort, launch, repoRoot, signUp, stopProcesses } from './lib/built-server.mjs';

const demoStudy = JSON.parse(
  fs.readFileSync(path.join(repoRoot, 'demo/estudio-demo.json'), 'utf8'),
);
const caseFile = path.join(repoRoot, 'demo/networks/case_ACTIVSg2000.m.xz');
const study = { ...demoStudy, scenarios: demoStudy.scenarios.slice(0, 2) };
delete study.baseCase;

function cliSeconds(dir) {
  const file = path.join(dir, 'estudio.json');
  fs.writeFileSync(file, JSON.stringify({ ...study, baseCase: caseFile }));
  const started = performance.now();
  execFileSync(
    process.execPath,
    [
      path.join(repoRoot, 'packages/engine/bin/holgura.mjs'),
      'study',
      file,
      '--all-buses',
      '--quiet',
    ],
    {
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  return (performance.now() - started) / 1000;
}

async function apiSeconds(dir) {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  await launch(
    'main.js',
    {
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DATA_DIR: dir,
      AUTH_SECRET: randomUUID() + randomUUID(),
    },
    /abre http:|API de Holgura en/,
  );
  try {
    const { token } = await signUp(baseUrl, 0);
    const headers = { authorization: `Bearer ${token}` };
    const form = new FormData();
    form.append('case', new Blob([fs.readFileSync(caseFile)]), 'case_ACTIVSg2000.m.xz');
    form.append('study', JSON.stringify(study));
    const started = performance.now();
    const response = await fetch(`${baseUrl}/api/studies`, { method: 'POST', headers, body: form });
    if (response.status !== 202)
      throw new Error(`POST /api/studies: ${response.status} ${await response.text()}`);
    const { jobId } = await response.json();
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const status = await (await fetch(`${baseUrl}/api/jobs/${jobId}`, { headers })).json();
      if (status.state === 'done') return (performance.now() - started) / 1000;
      if (status.state !== 'queued' && status.state !== 'running') {
        throw new Error(`study job ${status.state}: ${status.error?.message}`);
      }
    }
  } finally {
    await stopProcesses();
  }
}

if (!fs.existsSync(path.join(distDir, 'main.js'))) {
  console.error('Falta el servidor compilado: ejecuta npm run build');
  process.exit(1);
}
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'holgura-bench-study-'));
try {
  const cases = study.scenarios.length * study.years.length;
  const cli = cliSeconds(dir);
  const api = await apiSeconds(dir);
  console.log(
    `study ACTIVSg2000 (${study.scenarios.length} scenarios × ${study.years.length} years = ${cases} cases, ` +
      `${study.busbars.length} busbars, every bus of each case): CLI ${cli.toFixed(2)} s; API ${api.toFixed(2)} s ` +
      `(×${(api / cli).toFixed(2)} the CLI; target ≤ 1.20)`,
  );
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
