import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';

/** Debian's Chromium; Playwright never downloads a browser here. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// Without the background-networking flags Chromium keeps dialling Google's hosts, which this
// closed network refuses (docs/decisions/003-testing.md).
const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const artifactsDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../artifacts',
);

export interface BrowserSession {
  readonly browser: Browser;
  readonly baseUrl: string;
  newPage(options?: { viewport?: { width: number; height: number } }): Promise<Page>;
}

/** One Chromium per spec file, one fresh context (no shared storage) per page. */
export function useBrowser(): BrowserSession {
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  const baseUrl = inject('baseUrl');

  beforeAll(async () => {
    // Playwright gives every launch a new empty profile of its own.
    browser = await chromium.launch({
      executablePath: chromiumPath,
      headless: true,
      args: chromiumArgs,
    });
  });

  afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close()));
    await browser?.close();
  });

  return {
    get browser() {
      if (!browser) throw new Error('Chromium is not running yet (use it inside a test).');
      return browser;
    },
    baseUrl,
    async newPage(options = {}) {
      if (!browser) throw new Error('Chromium is not running yet (use it inside a test).');
      const context = await browser.newContext({
        baseURL: baseUrl,
        locale: 'es-CO',
        viewport: options.viewport ?? { width: 1366, height: 900 },
      });
      contexts.push(context);
      return context.newPage();
    },
  };
}

/** Saves a full-page screenshot under e2e/artifacts (gitignored) for people to look at. */
export async function saveScreenshot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(artifactsDir, { recursive: true });
  await page.screenshot({ path: path.join(artifactsDir, `${name}.png`), fullPage: true });
}
