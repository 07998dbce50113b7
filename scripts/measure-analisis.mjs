// Issue #16: what /analisis costs when a large analysed case is selected — the time from the
// click on its radio to its levels and first constraint shown (the constraint panel's flow), and
// the bytes the browser received meanwhile, then everything the screen asks for until the
// network is quiet (the network view included). Measured in Debian's Chromium against a built
// server, cold (a new browser context: no HTTP cache, no local storage) and warm (the same
// context opening /analisis again: revalidations and the local cache).
//
//   node scripts/measure-analisis.mjs [--root DIR] [--data-dir DIR] [--case FILE] [--runs N]
//
// --root: the checkout whose built server (apps/server/dist) serves the app (default: this one),
// so a build of another commit (a `git worktree`) can be measured against the same data.
// --data-dir: keep the database between runs (the case is uploaded once, then reused).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { referencePath, unpackReference } from '@holgura/test-fixtures';
import { chromium } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? args[index + 1] : fallback;
};
const root = path.resolve(option('root', path.join(here, '..')));
// Default case: case_ACTIVSg10k of @holgura/test-fixtures, unpacked on first use.
await unpackReference();
const caseFile = option('case', referencePath('cases/case_ACTIVSg10k.m'));
const runs = Number(option('runs', '3'));
const keepData = option('data-dir', null);
const dataDir = keepData ?? fs.mkdtempSync(path.join(os.tmpdir(), 'holgura-measure-analisis-'));
fs.mkdirSync(dataDir, { recursive: true });
const caseName = path.basename(caseFile).replace(/\.m$/, '');
const email = 'medicion.analisis@example.co';
const password = 'una-clave-segura';

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

const port = await freePort();
const url = `http://localhost:${port}`;
const server = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    DATA_DIR: dataDir,
    DEMO_DATA: 'off',
    LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'pipe', 'pipe'],
});
await new Promise((resolve, reject) => {
  let output = '';
  const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 60_000);
  const onData = (chunk) => {
    output += chunk.toString();
    if (output.includes('abre http://localhost:')) {
      clearTimeout(timer);
      resolve();
    }
  };
  server.stdout.on('data', onData);
  server.stderr.on('data', onData);
  server.once('exit', (code) => reject(new Error(`server exited ${code}:\n${output}`)));
});

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});

async function signIn(context) {
  const headers = { Origin: url };
  let response = await context.request.post(`${url}/api/auth/sign-in/email`, {
    headers,
    data: { email, password },
  });
  if (response.status() !== 200) {
    response = await context.request.post(`${url}/api/auth/sign-up/email`, {
      headers,
      data: {
        email,
        password,
        name: 'Medición',
        firstName: 'Medi',
        lastName: 'Ción',
        company: 'X',
      },
    });
  }
  if (response.status() !== 200) throw new Error(`sign-in: ${response.status()}`);
}

try {
  // The case, uploaded once and analysed (its busbar capacities too, so nothing runs while the
  // screen is measured).
  const setup = await browser.newContext({ baseURL: url });
  await signIn(setup);
  const list = await (await setup.request.get(`${url}/api/cases`)).json();
  let item = list.cases.find((c) => c.caseName === caseName);
  if (item === undefined) {
    const started = Date.now();
    const answer = await setup.request.post(`${url}/api/casesCalculate/calculate`, {
      headers: { 'Content-Type': 'text/plain', 'X-File-Name': path.basename(caseFile) },
      data: fs.readFileSync(caseFile),
    });
    if (answer.status() !== 202)
      throw new Error(`upload: ${answer.status()} ${await answer.text()}`);
    const { caseId } = await answer.json();
    item = { caseId };
    process.stdout.write(`uploaded ${caseName} as ${caseId}; analysing`);
    for (;;) {
      const cases = (await (await setup.request.get(`${url}/api/cases`)).json()).cases;
      const state = cases.find((c) => c.caseId === caseId)?.analysis?.state;
      if (state === 'done') break;
      if (state === 'failed') throw new Error('the analysis failed');
      process.stdout.write('.');
      await new Promise((resolve) => setTimeout(resolve, 2000));
    }
    process.stdout.write(` ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
  }
  for (;;) {
    const page = await setup.request.get(`${url}/api/cases/${item.caseId}/busbar-capacities`);
    const body = await page.json();
    if (body.state === 'done' || body.state === 'failed' || body.state === 'absent') break;
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
  await setup.close();

  const results = [];
  for (let run = 0; run < runs; run += 1) {
    const context = await browser.newContext({ baseURL: url, locale: 'es-CO' });
    await signIn(context);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    const requests = new Map();
    let counting = false;
    const received = [];
    cdp.on('Network.responseReceived', (event) => {
      requests.set(event.requestId, { url: event.response.url, status: event.response.status });
    });
    cdp.on('Network.loadingFinished', (event) => {
      if (!counting) return;
      const seen = requests.get(event.requestId);
      received.push({
        at: performance.now(),
        url: seen?.url ?? '?',
        status: seen?.status ?? 0,
        bytes: event.encodedDataLength,
      });
    });

    const measure = async (label) => {
      const radio = page.getByRole('radio', { name: `Seleccionar ${caseName}` });
      await radio.waitFor({ timeout: 60_000 });
      received.length = 0;
      counting = true;
      const t0 = performance.now();
      await radio.check();
      await page
        .getByRole('list', { name: 'Niveles de transferencia' })
        .waitFor({ timeout: 60_000 });
      const levelsAt = performance.now();
      await page.getByTestId('monitored-flow').first().waitFor({ timeout: 60_000 });
      const shownAt = performance.now();
      // «Capacidad por barra» (issue #17): its first page, when the case has it.
      const capacityTable = page.getByRole('table', { name: /^Capacidad atribuible de conexión/ });
      const capacityAt = await capacityTable
        .waitFor({ timeout: 30_000 })
        .then(() => performance.now())
        .catch(() => null);
      // Then whatever else the screen asks for, until 3 s pass without a response.
      let last = performance.now();
      for (;;) {
        const before = received.length;
        await page.waitForTimeout(500);
        if (received.length !== before) last = performance.now();
        if (performance.now() - last > 3000) break;
      }
      counting = false;
      const until = (at) => received.filter((r) => r.at <= at);
      const sum = (items) => items.reduce((total, r) => total + r.bytes, 0);
      const api = received.filter((r) => new URL(r.url).pathname.startsWith('/api/'));
      results.push({
        run: run + 1,
        label,
        levelsMs: Math.round(levelsAt - t0),
        firstConstraintMs: Math.round(shownAt - t0),
        capacityTableMs: capacityAt === null ? null : Math.round(capacityAt - t0),
        bytesToFirstConstraint: sum(until(shownAt)),
        bytesAll: sum(received),
        requests: api.map(
          (r) => `${r.status} ${new URL(r.url).pathname}${new URL(r.url).search} ${r.bytes}`,
        ),
      });
    };

    await page.goto(`${url}/analisis`);
    await measure('cold');
    // The same browser again (its HTTP cache and local storage), at /analisis without a case
    // in the address, so the case is selected again as the first time.
    await page.goto(`${url}/analisis`);
    await measure('warm (again)');
    await context.close();
  }

  for (const r of results) {
    console.log(
      `${r.label.padEnd(14)} run ${r.run}: levels ${r.levelsMs} ms, first constraint ${r.firstConstraintMs} ms, ` +
        `busbar capacity table ${r.capacityTableMs ?? '–'} ms, ` +
        `${(r.bytesToFirstConstraint / 1024).toFixed(1)} KiB to it, ${(r.bytesAll / 1024).toFixed(1)} KiB in all`,
    );
  }
  console.log('\nAPI requests of the last cold run:');
  for (const line of results.filter((r) => r.label === 'cold').at(-1)?.requests ?? []) {
    console.log(`  ${line}`);
  }
  console.log('API requests of the last warm run:');
  for (const line of results.filter((r) => r.label !== 'cold').at(-1)?.requests ?? []) {
    console.log(`  ${line}`);
  }
} finally {
  await browser.close();
  server.kill('SIGINT');
  await new Promise((resolve) => server.once('exit', resolve));
  if (keepData === null) fs.rmSync(dataDir, { recursive: true, force: true });
}
