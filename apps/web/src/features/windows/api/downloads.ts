import { windowPaths, type ExportFormat } from '@holgura/contracts';

/** Used when the server names no file. */
export const TEMPLATE_FILE_NAME = 'plantilla-ventana.xlsx';
export const exportFileName = (windowId: string, format: ExportFormat) =>
  `ventana-${windowId.slice(0, 8)}.${format}`;
export const auditFileName = (windowId: string) => `ventana-${windowId.slice(0, 8)}-auditoria.json`;

export const templatePath = () => windowPaths.template();
export const exportPath = (windowId: string, format: ExportFormat) =>
  windowPaths.export(windowId, format);
export const auditPath = (windowId: string) => windowPaths.audit(windowId);
