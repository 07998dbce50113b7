import { describe, expect, it } from 'vitest';
import { caseNameFor, cleanFileName } from './uploads.service';

describe('cleanFileName', () => {
  it('keeps only the last path segment, for either separator, encoded or not', () => {
    expect(cleanFileName('../../etc/passwd')).toBe('passwd');
    expect(cleanFileName('C:\\Users\\ana\\red.m')).toBe('red.m');
    expect(cleanFileName(encodeURIComponent('../../datos/caso 30.m'))).toBe('caso 30.m');
    expect(cleanFileName('%2e%2e%2f%2e%2e%5csecreto.raw')).toBe('secreto.raw');
  });

  it('drops control characters (newlines, NUL, escape, DEL) a log or the UI could trip on', () => {
    expect(cleanFileName('caso\r\nX-Inyectada: 1.m')).toBe('casoX-Inyectada: 1.m');
    expect(cleanFileName(encodeURIComponent('red\u0000\u001b[31m\u007f.m'))).toBe('red[31m.m');
  });

  it('falls back to "caso" when nothing printable remains, and caps the length at 200', () => {
    expect(cleanFileName(undefined)).toBe('caso');
    expect(cleanFileName('')).toBe('caso');
    expect(cleanFileName('../')).toBe('caso');
    expect(cleanFileName('\u0001\u0002')).toBe('caso');
    expect(cleanFileName(`${'a'.repeat(300)}.m`)).toHaveLength(200);
  });

  it('uses a malformed percent-encoding as sent rather than failing', () => {
    expect(cleanFileName('caso%E0%A4%A.m')).toBe('caso%E0%A4%A.m');
  });

  it('keeps accents and spaces users write', () => {
    expect(cleanFileName(encodeURIComponent('Año 2030 – señal.m'))).toBe('Año 2030 – señal.m');
  });
});

describe('caseNameFor', () => {
  it('removes the upload extension for the case list', () => {
    expect(caseNameFor('case30.m')).toBe('case30');
    expect(caseNameFor('red.raw')).toBe('red');
    expect(caseNameFor('red.bin')).toBe('red');
    expect(caseNameFor('.m')).toBe('.m');
  });
});
