import { describe, expect, it } from 'vitest';
import {
  parseStudyGroup,
  studyGroupKey,
  studyGroupLabel,
  studyGroupReasonText,
  studyGroupTextSchema,
  type ResolvedStudyGroupChoice,
} from './study-group';

const keyOf = (text: string) => {
  const parsed = parseStudyGroup(text);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.choice.kind === 'default' ? 'default' : studyGroupKey(parsed.choice);
};

describe('study group text (docs/decisions/013)', () => {
  it('reads every kind, in any case and spacing, into one canonical key', () => {
    expect(keyOf(' Renewables ')).toBe('renewables');
    expect(keyOf('ALL')).toBe('all');
    expect(keyOf('fuel: Wind')).toBe('fuel:wind');
    expect(keyOf('area:3')).toBe('area:3');
    expect(keyOf('zone : 12')).toBe('zone:12');
    expect(keyOf('kv:230.0')).toBe('kv:230');
    expect(keyOf('kv:13,8')).toBe('kv:13.8');
    expect(keyOf('gens: 7, 3,4 ,3')).toBe('gens:3-4,7');
    expect(keyOf('gens:10-14,20,15')).toBe('gens:10-15,20');
    expect(keyOf('')).toBe('default');
    expect(keyOf('default')).toBe('default');
  });

  it('refuses what it cannot read with a Spanish message that lists the forms', () => {
    for (const text of ['area', 'area:x', 'kv:0', 'kv:-5', 'gens:', 'gens:0', 'gens:5-3', 'x:1']) {
      const parsed = parseStudyGroup(text);
      expect(parsed.ok, text).toBe(false);
      if (!parsed.ok) expect(parsed.message, text).toMatch(/^El grupo de estudio/);
    }
    const tooMany = parseStudyGroup('gens:1-6000');
    expect(tooMany.ok).toBe(false);
    if (!tooMany.ok) expect(tooMany.message).toContain('más de 5000 generadores');
  });

  it('gives the API its canonical key, and refuses default (leave the group out instead)', () => {
    expect(studyGroupTextSchema.parse('Fuel:NG')).toBe('fuel:ng');
    const refused = studyGroupTextSchema.safeParse('default');
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toMatch(/^El grupo de estudio no es válido/);
  });
});

describe('study group words', () => {
  it('names each kind in Spanish, with es-CO numbers', () => {
    const labels = (
      [
        { kind: 'renewables' },
        { kind: 'all' },
        { kind: 'fuel', fuel: 'ng' },
        { kind: 'fuel', fuel: 'biogas' },
        { kind: 'area', area: 3 },
        { kind: 'zone', zone: 2 },
        { kind: 'kv', minKv: 13.8 },
        { kind: 'gens', rows: [3, 4, 7] },
        { kind: 'gens', rows: [9] },
      ] satisfies ResolvedStudyGroupChoice[]
    ).map(studyGroupLabel);
    expect(labels).toEqual([
      'Unidades eólicas y solares',
      'Todas las unidades',
      'Unidades a gas natural',
      'Unidades de combustible «biogas»',
      'Unidades del área 3',
      'Unidades de la zona 2',
      'Unidades en barras de 13,8 kV o más',
      '3 unidades elegidas',
      '1 unidad elegida',
    ]);
  });

  it('says why the default rule chose every unit, with the renewables headroom', () => {
    expect(
      studyGroupReasonText({
        choice: { kind: 'all' },
        reason: 'DEFAULT_RENEWABLES_NO_HEADROOM',
        renewables: { units: 98, headroomMw: 0.03, capacityMw: 9364.45 },
      }),
    ).toBe(
      'Las unidades eólicas y solares tienen 0,03 MW de margen: se estudian todas las unidades ' +
        'con margen (la regla por defecto pide al menos 1 MW y el 1 % de su capacidad).',
    );
    expect(
      studyGroupReasonText({
        choice: { kind: 'renewables' },
        reason: 'DEFAULT_RENEWABLES',
        renewables: { units: 20, headroomMw: 1234.5, capacityMw: 5000 },
      }),
    ).toBe(
      'Las unidades eólicas y solares tienen 1.234,5 MW de margen (24,7 % de su capacidad): ' +
        'se estudian ellas, como indica la regla por defecto.',
    );
    expect(
      studyGroupReasonText({
        choice: { kind: 'area', area: 3 },
        reason: 'GROUP_REQUESTED',
        renewables: null,
      }),
    ).toBe('Grupo elegido por el usuario: unidades del área 3.');
  });
});
