import { describe, expect, it } from 'vitest';
import { CASE_FILE_ACCEPT, caseContentType, hasCaseFileExtension, isCaseFile } from './jobs';

describe('case files (issue #29: what planners have, as they are)', () => {
  it.each([
    ['caso.bin', '', true],
    ['CASO.TXT', '', true],
    ['case_ACTIVSg2000.m', '', true],
    ['red.raw', '', true],
    ['RED.RAW', '', true],
    ['red.raw.xz', '', true],
    ['red.RAW.XZ', 'application/x-xz', true],
    ['notas', 'text/plain', true],
    ['red.pdf', 'application/pdf', false],
    ['caso.bin.pdf', '', false],
    ['caso.mat', '', false],
  ])('%s (%s) accepted: %s', (name, type, accepted) => {
    expect(isCaseFile({ name, type })).toBe(accepted);
  });

  it('takes the same names on the server, where the type may say anything', () => {
    expect(hasCaseFileExtension('RED.RAW')).toBe(true);
    expect(hasCaseFileExtension('red.pdf')).toBe(false);
    expect(CASE_FILE_ACCEPT).toBe('.bin,.txt,.m,.raw,.xz,text/plain');
  });

  it('reads xz from the magic number, not the name', () => {
    expect(caseContentType(Uint8Array.of(0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00, 1))).toBe(
      'application/x-xz',
    );
    expect(caseContentType(Uint8Array.of(0xfd, 0x37, 0x7a, 0x58, 0x5a))).toBe('text/plain');
    // «0, 100.0», a RAW file's first line.
    expect(caseContentType(Uint8Array.of(0x30, 0x2c, 0x20, 0x31, 0x30, 0x30))).toBe('text/plain');
  });
});
