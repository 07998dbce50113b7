import fs from 'node:fs';
import type { Download, Locator, Page } from 'playwright-core';
import { extractText, getDocumentProxy } from 'unpdf';
import { expect } from 'vitest';

/** Clicks a download button and returns what the browser saved. */
export async function download(button: Locator): Promise<Download> {
  return downloadBy(button.page(), () => button.click());
}

/** Runs `act` (a click, a key press) and returns what the browser saved. */
export async function downloadBy(page: Page, act: () => Promise<void>): Promise<Download> {
  const [file] = await Promise.all([page.waitForEvent('download'), act()]);
  expect(await file.failure()).toBeNull();
  return file;
}

/** Text with every whitespace removed: PDF table cells wrap wherever they wrap. */
export const squeeze = (text: string) => text.replace(/\s+/g, '');

/** Every page's text of a downloaded PDF, whitespace removed, and its page count. */
export async function pdfText(file: Download): Promise<{ text: string; pages: number }> {
  const bytes = new Uint8Array(fs.readFileSync((await file.path())!));
  expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe('%PDF-');
  const { text, totalPages } = await extractText(await getDocumentProxy(bytes), {
    mergePages: true,
  });
  return { text: squeeze(text), pages: totalPages };
}

/** That the PDF's text holds `expected` (whitespace aside). */
export const expectText = (text: string, expected: string) =>
  expect(text.includes(squeeze(expected)), `the PDF says «${expected}»`).toBe(true);
