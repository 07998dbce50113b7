#!/usr/bin/env node
// npm run lighthouse (issue #20): Lighthouse's four scores and LCP for /, /demo, /documentacion
// and /resultados, in its default mobile emulation (slow 4G, 4× CPU slowdown), against the built
// server (npm run build) on a fresh DATA_DIR with the demo data computed, in Debian's Chromium
// (/usr/bin/chromium, or CHROME_PATH). Each page is measured --runs times (default 3) and the
// median performance run is printed. Prints a markdown table; asserts nothing. With each page it
// prints the JavaScript the page loaded in that run, as the built files' gzip and brotli sizes (a
// file too small to be precompressed counts its own size): the scripts downloaded before the
// largest paint, and all of them (lazy chunks loaded after it included).
//
// Options: --runs N, --pages /,/demo (comma-separated), --no-demo (skip computing the demo data).
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { distDir, freePort, launch, repoRoot, stopProcesses } from './lib/built-server.mjs';

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
const webDistDir = path.join(repoRoot, 'apps/web/dist');

/** A built file's size as sent with `encoding` (its precompressed copy, or itself if none). */
function encodedSize(file, encoding) {
  for (const candidate of [`${file}.${encoding}`, file]) {
    if (fs.existsSync(candidate)) return fs.statSync(candidate).size;
  }
  return 0;
}

/** Gzip and brotli KB of a set of built files. */
function sizes(files) {
  let gzip = 0;
  let brotli = 0;
  for (const file of files) {
    gzip += encodedSize(file, 'gz');
    brotli += encodedSize(file, 'br');
  }
  return { files: files.length, gzipKb: gzip / 1000, brotliKb: brotli / 1000 };
}

/**
 * The scripts a run loaded from the server, as files of the web build: those whose download
 * ended before the largest paint (the page's first load) and all of them (lazy chunks loaded
 * after the paint included). Both times are Lighthouse's observed (unthrottled) ones.
 */
function scriptSizes(lhr, baseUrl) {
  const requests = lhr.audits['network-requests']?.details;
  const metrics = lhr.audits.metrics?.details?.items?.[0] ?? {};
  const networkStart = requests?.debugData?.networkStartTimeTs;
  const lcpMs =
    networkStart === undefined || metrics.observedLargestContentfulPaintTs === undefined
      ? Infinity
      : (metrics.observedLargestContentfulPaintTs - networkStart) / 1000;
  const all = new Map();
  for (const item of requests?.items ?? []) {
    if (item.resourceType !== 'Script' || !item.url.startsWith(baseUrl)) continue;
    const file = path.join(webDistDir, new URL(item.url).pathname);
    const end = item.networkEndTime ?? Infinity;
    all.set(file, Math.min(all.get(file) ?? Infinity, end));
  }
  const beforeLcp = [...all].filter(([, end]) => end <= lcpMs).map(([file]) => file);
  return { firstLoad: sizes(beforeLcp), allScripts: sizes([...all.keys()]) };
}

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
  const js = (s) => `${s.files}: ${s.gzipKb.toFixed(1)} / ${s.brotliKb.toFixed(1)}`;
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
        ...scriptSizes(result.lhr, baseUrl),
      });
    }
    runs.sort((a, b) => a.scores[0] - b.scores[0]);
    rows.push({
      page,
      ...runs[Math.floor(runs.length / 2)],
      everyRun: runs.map((run) => run.scores[0]),
    });
  }
  console.log(
    `\n| página | rendimiento | accesibilidad | buenas prácticas | SEO | LCP (s) | CLS | TBT (ms) | KiB transferidos | JS antes del LCP: archivos, KB gzip / brotli | JS en total |`,
  );
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const r of rows) {
    console.log(
      `| ${r.page} | ${r.scores.join(' | ')} | ${r.lcp.toFixed(1)} | ${r.cls.toFixed(3)} | ${Math.round(r.tbt)} | ${Math.round(r.bytes)} | ${js(r.firstLoad)} | ${js(r.allScripts)} |`,
    );
  }
  console.log(
    `\nRendimiento de cada corrida: ${rows.map((r) => `${r.page} ${r.everyRun.join(', ')}`).join('; ')}.`,
  );
  console.log(
    `Mediana de ${RUNS} corridas por página (por rendimiento); ${os.cpus().length} núcleos; carga ${os.loadavg()[0].toFixed(1)}.`,
  );
} finally {
  await chrome?.kill();
  await stopProcesses();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
