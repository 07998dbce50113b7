import {
  baseCaseSchema,
  checkedFigures,
  inputCheckCodes,
  type BaseCase,
  type InputCheckCode,
} from '@holgura/contracts';
import { describe, expect, it } from 'vitest';
import { baseDispatchSentence, duplicateExample, inputCheckText } from './es-input-checks';

/** Each code with the params the engine gives it (packages/engine/src/base/input-checks.ts). */
const params: Record<InputCheckCode, Record<string, number | string>> = {
  GEN_LIMITS_UNBOUNDED: { units: 3, pmax: 2, pmin: 1, headroomMw: 2000 },
  GEN_LIMITS_INVERTED: { units: 1 },
  GEN_OUTPUT_OUTSIDE_LIMITS: {
    units: 2,
    worstGenerator: 17,
    worstBus: 'BUCHANAN DAM',
    worstMw: 12.345,
  },
  DISPATCH_MISMATCH_LARGE: {
    mismatchMw: 4123.45,
    loadMw: 67109.2,
    percent: 6.144,
    slack: 'distributed',
    islands: 1,
  },
  DISPATCH_UNABSORBED: { unabsorbedMw: 12.5 },
  BRANCHES_UNRATED: { unrated: 12, branches: 3206 },
  NO_RATED_BRANCH: { branches: 9 },
  ISLANDS_WITHOUT_GENERATION: { islands: 2, buses: 5, loadMw: 40 },
  DUPLICATE_CIRCUITS: {
    branches: 1,
    fromBus: 1001,
    toBus: 1002,
    circuit: '1',
    firstRow: 4,
    row: 9,
  },
};

const baseCase: BaseCase = baseCaseSchema.parse({
  slack: 'distributed',
  loadMw: 67109.2,
  generationMw: 68724.7,
  mismatchMw: 1615.5,
  mismatchPercent: 2.4073,
  participants: 315,
  unitsAtLimit: 0,
  unabsorbedMw: 0,
  largestChanges: [],
  referenceUnits: [
    {
      generator: 51,
      busNumber: 7098,
      busName: 'SANDY CREEK 1',
      fileMw: 1236.4,
      singleSlackMw: -379.1,
    },
  ],
  checks: [],
});

describe('the input checks in Spanish (issue #25)', () => {
  it('words every check code of the contracts, for every figure, from its params', () => {
    for (const code of inputCheckCodes) {
      for (const figure of checkedFigures) {
        const sentence = inputCheckText({ code, params: params[code] }, figure, { capMw: 2000 });
        expect(sentence, `${code} beside ${figure}`).toMatch(/^[A-Z0-9¿]/);
        expect(sentence, `${code} beside ${figure}`).not.toMatch(/undefined|NaN|–/);
        // English words of the engine's message never reach the screen.
        expect(sentence, `${code} beside ${figure}`).not.toMatch(/\b(units?|rows?|ckt|the)\b/);
      }
    }
  });

  it('writes the numbers in es-CO and the singular when there is one', () => {
    expect(
      inputCheckText(
        { code: 'GEN_LIMITS_UNBOUNDED', params: params.GEN_LIMITS_UNBOUNDED },
        'capacity',
      ),
    ).toBe(
      '3 unidades en servicio no tienen un límite real de generación (infinito, o 9.999 MW o más): se tomó como Pmax su generación inicial más 2.000,0 MW (2) y como Pmin su generación inicial, o 0 (1). El margen que suben y el que dan para bajar dependen de esos valores.',
    );
    expect(
      inputCheckText(
        { code: 'GEN_LIMITS_INVERTED', params: params.GEN_LIMITS_INVERTED },
        'flexibility',
      ),
    ).toBe('1 unidad en servicio tiene Pmax menor que Pmin: no suben ni dan margen para bajar.');
    expect(
      inputCheckText(
        { code: 'DISPATCH_MISMATCH_LARGE', params: params.DISPATCH_MISMATCH_LARGE },
        'n1',
      ),
    ).toBe(
      'La generación del archivo supera su demanda en 4.123,5 MW (6,1 % de 67.109,2 MW): más que unas pérdidas AC. El despacho base la repartió entre las unidades; revisa el despacho del archivo.',
    );
    expect(
      inputCheckText(
        {
          code: 'DISPATCH_MISMATCH_LARGE',
          params: { ...params.DISPATCH_MISMATCH_LARGE, mismatchMw: -4123.45, slack: 'single' },
        },
        'n1',
      ),
    ).toBe(
      'La generación del archivo queda 4.123,5 MW por debajo de su demanda (6,1 % de 67.109,2 MW): el archivo no está equilibrado. La unidad de referencia tomó esa diferencia; revisa el despacho del archivo.',
    );
    expect(duplicateExample(params.DUPLICATE_CIRCUITS)).toBe('1001-1002, circuito 1 (filas 4 y 9)');
  });

  it('says beside each figure that without rated branches no network limit is shown', () => {
    const check = { code: 'NO_RATED_BRANCH' as const, params: params.NO_RATED_BRANCH };
    expect(inputCheckText(check, 'capacity', { capMw: 2000 })).toBe(
      'Ninguna de las 9 ramas en servicio tiene capacidad (RATE_A): no se vigila ninguna, así que ningún elemento limita una conexión: estas capacidades son el tope del estudio (2.000,0 MW), no un límite de la red.',
    );
    expect(inputCheckText(check, 'flexibility')).toMatch(
      /la FCITC es el margen del grupo \(Tmax\), no un límite de la red\.$/,
    );
    expect(inputCheckText(check, 'n1')).toMatch(/no hay sobrecargas que mostrar/);
  });
});

describe('the base dispatch in one sentence (docs/analysis.md §3)', () => {
  it('says the mismatch was shared by the units in proportion to their output', () => {
    expect(baseDispatchSentence(baseCase)).toBe(
      'Despacho base: el desbalance del archivo (1.615,5 MW, 2,41 % de la demanda, sus pérdidas AC) se repartió entre 315 unidades en proporción a su generación.',
    );
  });

  it('names the reference unit and where it ended with a single slack', () => {
    const single = { ...baseCase, slack: 'single' as const };
    const sentence =
      'Despacho base único, como MATPOWER: la unidad de referencia tomó el desbalance del archivo (1.615,5 MW, 2,41 % de la demanda, sus pérdidas AC); la unidad de la fila 51 en SANDY CREEK 1 (barra 7098) pasó de 1.236,4 MW a -379,1 MW.';
    expect(baseDispatchSentence(single)).toBe(sentence);
    // A figure recalculated with a single slack, beside the upload's distributed base case.
    expect(baseDispatchSentence(baseCase, 'single')).toBe(sentence);
  });
});
