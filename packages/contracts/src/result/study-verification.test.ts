import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import { acCapacitySchema, type AcCapacityResult } from '../api/busbar-capacities';
import { studyFileSchema, type StudyFileInput } from '../api/study';
import { studyBusbarResultSchema } from '../api/studies';
import { busbarCapacitySchema } from './busbar-capacity.v1';
import { storedAcCapacitySchema, studyBusbarVerificationSchema } from './study-verification.v1';
import { studyVerificationWords } from '../words/study-verification-words';

const ac: AcCapacityResult = {
  dcMw: 120.5,
  acMw: 98.25,
  limitingVariable: 'voltage',
  acLimiting: {
    variable: 'voltage',
    elementName: 'BUS 30',
    contingencyName: 'LINE 27-30 (1)',
    value: 0.93,
    limit: 0.95,
    unit: 'pu',
  },
  checkedContingencies: 12,
  preExisting: { count: 0, items: [] },
  powerFlows: 41,
};

const study: StudyFileInput = {
  name: 'Estudio',
  networkLabel: 'IEEE 30',
  years: [2026],
  scenarios: [{ name: 'alta', condition: 'Alta' }],
  busbars: [5],
};

describe('a study busbar checked beyond DC thermal (issue #31)', () => {
  it('stores the AC part in the shape of the busbar capacities’ acCapacitySchema', () => {
    expectTypeOf<z.infer<typeof storedAcCapacitySchema>>().toEqualTypeOf<AcCapacityResult>();
    expect(storedAcCapacitySchema.parse(ac)).toEqual(acCapacitySchema.parse(ac));
  });

  it('keeps results stored before it parsing, and parses one that has it', () => {
    const capacity = {
      busNumber: 5,
      busName: 'B5',
      scenario: 'alta',
      year: 2026,
      condition: 'Alta',
      capacityMw: 120.5,
      tmaxMw: 500,
      limiting: null,
      topConstraints: [],
      projectsInService: [],
      interchanges: [],
      networkLabel: 'IEEE 30',
    };
    expect(busbarCapacitySchema.parse(capacity).verification).toBeUndefined();
    const verification = {
      ac,
      shortCircuit: {
        status: 'ok',
        machines: { fromFile: 0, fromXd: 6, without: 0, placeholder: 0 },
        xdPu: 0.25,
        scrMin: 3,
      },
      strength: { sccMaxMva: 900, sccMinMva: 240, weakGridMw: 80 },
      capacityMw: 80,
      limitingVariable: 'weak-grid',
    };
    expect(busbarCapacitySchema.parse({ ...capacity, verification }).verification).toEqual(
      studyBusbarVerificationSchema.parse(verification),
    );
    const answered = {
      bus: 5,
      name: 'B5',
      caseId: 'c',
      capacityMw: 120.5,
      tmaxMw: 500,
      limitingBranch: null,
      limitingElement: null,
      contingencyBranch: null,
      contingency: null,
      preExistingViolation: false,
    };
    expect(studyBusbarResultSchema.parse(answered).verification).toBeUndefined();
  });

  it('is absent from a study file without it (DC only), and defaults its parts when asked', () => {
    expect(studyFileSchema.parse(study).options.verification).toBeUndefined();
    const asked = studyFileSchema.parse({ ...study, options: { verification: {} } });
    expect(asked.options.verification).toEqual({ ac: true, shortCircuit: true, scrMin: 3 });
    const wrong = studyFileSchema.safeParse({
      ...study,
      options: { verification: { scrMin: 0, xdPu: 12 } },
    });
    expect(wrong.success).toBe(false);
    expect(wrong.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['options.verification.scrMin', 'El SCR mínimo debe ser mayor que 0'],
      [
        'options.verification.xdPu',
        'La reactancia subtransitoria X″d debe ser menor que 10 (p.u. sobre MBASE)',
      ],
    ]);
  });

  it('words the settings, the limiting variables and why a case has no figure', () => {
    const w = studyVerificationWords;
    expect(w.variables['weak-grid']).toBe('cortocircuito (red débil)');
    expect(w.variables.voltage).toBe('tensión');
    expect(w.settings(undefined)).toBe('Solo DC térmico (sin verificación AC ni de cortocircuito)');
    expect(w.settings({ ac: true, shortCircuit: true, scrMin: 3 })).toBe(
      'DC térmico más verificación AC y red débil con SCR mínimo 3 (sin X″d: solo las unidades con datos de máquina)',
    );
    expect(w.settings({ ac: false, shortCircuit: true, scrMin: 2.5, xdPu: 0.2 })).toBe(
      'DC térmico más red débil con SCR mínimo 2,5 y X″d = 0,2 p.u. para las unidades sin datos',
    );
    expect(w.machines({ fromFile: 3, fromXd: 2, without: 0, placeholder: 0 }, 0.2)).toBe(
      '3 unidades con datos del archivo · 2 unidades con X″d = 0,2 p.u.',
    );
    expect(w.shortCircuitReasons.unavailable).toMatch(/^El caso no trae impedancias/);
  });
});
