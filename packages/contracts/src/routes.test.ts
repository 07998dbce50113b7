import { describe, expect, it } from 'vitest';
import { editStudyPath, isAppPath } from './routes';

describe('isAppPath', () => {
  it('knows every page, the study pages included, with or without a trailing slash', () => {
    for (const path of ['/', '/analisis', '/resultados/', '/estudios', '/estudios/nuevo']) {
      expect(isAppPath(path), path).toBe(true);
    }
    expect(isAppPath(editStudyPath('3f2b8c1e-0000-4000-8000-000000000000'))).toBe(true);
  });

  it('refuses anything else, ids that cannot be a study included', () => {
    for (const path of ['/nada', '/estudios/x/y', '/estudios/a_b/editar', '/analisis/extra']) {
      expect(isAppPath(path), path).toBe(false);
    }
  });
});
