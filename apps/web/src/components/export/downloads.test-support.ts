import { vi } from 'vitest';

export const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A file the API sends, with its type and, when given, its Content-Disposition. */
export const fileResponse = (body: string, type: string, disposition?: string) =>
  new Response(body, {
    status: 200,
    headers: {
      'Content-Type': type,
      ...(disposition ? { 'Content-Disposition': disposition } : {}),
    },
  });

/** The names the browser was asked to save files under. */
export function captureDownloads(): string[] {
  const saved: string[] = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:test/1');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push(this.download);
  });
  return saved;
}
