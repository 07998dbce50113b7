import { SAX_ID_TOKEN_STORAGE_KEY as CONTRACTS_KEY } from '@holgura/contracts';
import { describe, expect, it } from 'vitest';
import { SAX_ID_TOKEN_STORAGE_KEY } from './sax-token';

describe('SAX token storage key', () => {
  it('is the key of the contracts (written out: the first load does not import them)', () => {
    expect(SAX_ID_TOKEN_STORAGE_KEY).toBe(CONTRACTS_KEY);
  });
});
