/* global window, document, requestAnimationFrame -- these callbacks run inside the page. */
// Frame-time benchmark of the network view (issue #9 item 5): starts the built server on a fresh
// data folder, uploads case_ACTIVSg10k through /analisis, waits for the network view, then pans
// and zooms the WebGL canvas with the mouse while recording requestAnimationFrame deltas.
// Usage: npm run build && node e2e/bench/network-frame.mjs [--case case_ACTIVSg10k]
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { asReferenceFile, referencePath, unpackReference } from '@holgura/test-fixtures';
import { chromium } from 'playwright-core';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const caseArg = process.argv.indexOf('--case');
const caseName = caseArg >= 0 ? process.argv[caseArg + 1] : 'case_ACTIVSg10k';
// The reference cases are committed in @holgura/test-fixtures, unpacked on first use.
await unpackReference();
const casePath = referencePath(asReferenceFile(`cases/${caseName}.m`));

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

async function startServer() {
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'holgura-frame-bench-'));
  const child = spawn(process.execPath, [path.join(repoRoot, 'apps/server/dist/main.js')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      DEMO_DATA: 'off',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 60_000);
    child.stdout.on('data', (chunk) => {
      output += chunk.toString();
      if (output.includes('abre http://localhost:')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.stderr.on('data', (chunk) => (output += chunk.toString()));
  });
  return {
    url,
    stop: () => {
      child.kill('SIGINT');
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const stats = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  const mean = values.reduce((s, v) => s + v, 0) / values.length;
  return { frames: values.length, meanMs: mean, p50Ms: at(0.5), p95Ms: at(0.95), maxMs: at(1) };
};
const fmt = (s) =>
  `${s.frames} frames, mean ${s.meanMs.toFixed(1)} ms (${(1000 / s.meanMs).toFixed(0)} fps), p50 ${s.p50Ms.toFixed(1)} ms, p95 ${s.p95Ms.toFixed(1)} ms, max ${s.maxMs.toFixed(1)} ms`;

async function main() {
  const server = await startServer();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const signUp = await page.request.post(`${server.url}/api/auth/sign-up/email`, {
      headers: { Origin: server.url },
      data: {
        email: 'bench@example.co',
        password: 'una-clave-segura',
        name: 'Banco',
        firstName: 'Banco',
        lastName: 'Pruebas',
        company: 'Holgura',
      },
    });
    if (signUp.status() !== 200) throw new Error(`sign-up failed: ${signUp.status()}`);
    await page.goto(`${server.url}/analisis`);
    await page.getByLabel('Seleccionar archivo de caso').setInputFiles({
      name: `${caseName}.txt`,
      mimeType: 'text/plain',
      buffer: fs.readFileSync(casePath),
    });
    const analysisStart = Date.now();
    await page.getByRole('button', { name: 'Procesar archivo' }).click();
    await page.getByText('Archivo procesado correctamente').waitFor({ timeout: 1_200_000 });
    const analysisS = (Date.now() - analysisStart) / 1000;
    const viewStart = Date.now();

    const region = page.getByRole('region', { name: 'Vista de la red' });
    await region.waitFor({ timeout: 120_000 });
    await region.scrollIntoViewIfNeeded();
    await page.waitForFunction(() => window.__holguraNetwork?.ready === true, null, {
      timeout: 120_000,
    });
    const firstDrawS = (Date.now() - viewStart) / 1000;
    const hook = await page.evaluate(() => window.__holguraNetwork);

    const canvas = page.getByTestId('network-canvas');
    const box = await canvas.boundingBox();
    const cx = box.x + box.width / 2;
    const cy = box.y + box.height / 2;

    const measure = async (label, gesture) => {
      await page.evaluate(() => {
        window.__frames = [];
        let last = performance.now();
        const tick = (now) => {
          window.__frames.push(now - last);
          last = now;
          if (window.__frames !== undefined && !window.__stopFrames) requestAnimationFrame(tick);
        };
        window.__stopFrames = false;
        requestAnimationFrame(tick);
      });
      const before = await page.evaluate(() => ({ ...window.__holguraNetwork }));
      await gesture();
      const frames = await page.evaluate(() => {
        window.__stopFrames = true;
        return window.__frames.slice(1);
      });
      const after = await page.evaluate(() => ({ ...window.__holguraNetwork }));
      const renders = after.renders - before.renders;
      const renderMs = renders > 0 ? (after.renderMsTotal - before.renderMsTotal) / renders : 0;
      console.log(
        `${label}: ${fmt(stats(frames))}; ${renders} sigma renders, ${renderMs.toFixed(1)} ms each inside sigma`,
      );
    };

    await measure('pan (mouse drag, 60 steps)', async () => {
      await page.mouse.move(cx, cy);
      await page.mouse.down();
      for (let i = 0; i < 60; i++) await page.mouse.move(cx + i * 4, cy + i * 2);
      await page.mouse.up();
    });
    await measure('zoom (20 wheel steps in, 20 out)', async () => {
      await page.mouse.move(cx, cy);
      for (let i = 0; i < 20; i++) {
        await page.mouse.wheel(0, -120);
        await page.waitForTimeout(30);
      }
      for (let i = 0; i < 20; i++) {
        await page.mouse.wheel(0, 120);
        await page.waitForTimeout(30);
      }
    });
    await measure('zoom buttons (5 × Acercar, 5 × Alejar)', async () => {
      for (let i = 0; i < 5; i++) {
        await region.getByRole('button', { name: 'Acercar' }).click();
        await page.waitForTimeout(250);
      }
      for (let i = 0; i < 5; i++) {
        await region.getByRole('button', { name: 'Alejar' }).click();
        await page.waitForTimeout(250);
      }
    });
    console.log(
      `${caseName}: ${hook.nodes} buses, ${hook.edges} branches drawn; analysis (with layout) ${analysisS.toFixed(1)} s; network view drawn ${firstDrawS.toFixed(2)} s after the analysis finished (fetch, graph, first frame)`,
    );
    const webgl = await page.evaluate(() => {
      const gl = document.createElement('canvas').getContext('webgl2');
      const info = gl?.getExtension('WEBGL_debug_renderer_info');
      return info ? gl.getParameter(info.UNMASKED_RENDERER_WEBGL) : 'unknown';
    });
    console.log(`WebGL renderer: ${webgl}`);
  } finally {
    await browser.close();
    server.stop();
  }
}

await main();
