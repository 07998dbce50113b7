#!/usr/bin/env node
// npm run lighthouse (issue #20): Lighthouse's four scores and LCP for /, /demo, /documentacion
// and /resultados, in its default mobile emulation (slow 4G, 4× CPU slowdown), against the built
// server (npm run build) on a fresh DATA_DIR with the demo data computed, in Debian's Chromium
// (/usr/bin/chromium, or CHROME_PATH). Each page is measured --runs times (default 3) and the
// median performance run is printed. Prints a markdown table; asserts nothing.
//
// Options: --runs N, --pages /,/demo (comma-separated), --no-demo (skip computing the demo data).
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { distDir, freePort, launch, stopProcesses } from './lib/built-server.mjs';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    pages: { type: 'string', default: '/,/demo,/documentacion,/resultados' },
    'no-demo': { type: 'boolean', default: false },
  },
});
const RUNS = Math.max(1, Number(args.runs));
const PAGES = args.pages.split(',');
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

if (!fs.existsSync(path.join(distDir, 'main.js'))) {
  console.error('Falta el servidor compilado: ejecuta npm run build');
  process.exit(1);
}

async function waitForDemo(baseUrl) {
  const deadline = Date.now() + 10 * 60_000;
  for (;;) {
    const stats = await (await fetch(`${baseUrl}/api/stats`)).json();
    if (stats.busbarsEvaluated > 0) return;
    if (Date.now() > deadline)
      throw new Error('los datos de demostración no estuvieron listos en 10 min');
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'holgura-lighthouse-'));
const port = await freePort();
const baseUrl = `http://127.0.0.1:${port}`;
let chrome;
try {
  await launch(
    'main.js',
    {
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      AUTH_SECRET: randomUUID() + randomUUID(),
      DEMO_DATA: args['no-demo'] ? 'off' : 'on',
    },
    /abre http:|API de Holgura en/,
  );
  if (!args['no-demo']) {
    process.stderr.write('Calculando los datos de demostración...\n');
    await waitForDemo(baseUrl);
  }
  chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const rows = [];
  for (const page of PAGES) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      const result = await lighthouse(`${baseUrl}${page}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: CATEGORIES,
      });
      const { categories, audits } = result.lhr;
      runs.push({
        scores: CATEGORIES.map((c) => Math.round((categories[c]?.score ?? 0) * 100)),
        lcp: audits['largest-contentful-paint'].numericValue / 1000,
        cls: audits['cumulative-layout-shift'].numericValue,
        tbt: audits['total-blocking-time'].numericValue,
        bytes: audits['total-byte-weight'].numericValue / 1024,
      });
    }
    runs.sort((a, b) => a.scores[0] - b.scores[0]);
    rows.push({ page, ...runs[Math.floor(runs.length / 2)] });
  }
  console.log(
    `\n| página | rendimiento | accesibilidad | buenas prácticas | SEO | LCP (s) | CLS | TBT (ms) | KiB transferidos |`,
  );
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const r of rows) {
    console.log(
      `| ${r.page} | ${r.scores.join(' | ')} | ${r.lcp.toFixed(1)} | ${r.cls.toFixed(3)} | ${Math.round(r.tbt)} | ${Math.round(r.bytes)} |`,
    );
  }
  console.log(
    `\nMediana de ${RUNS} corridas por página (por rendimiento); ${os.cpus().length} núcleos; carga ${os.loadavg()[0].toFixed(1)}.`,
  );
} finally {
  await chrome?.kill();
  await stopProcesses();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
