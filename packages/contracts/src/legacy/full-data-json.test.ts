import { describe, expect, it } from 'vitest';
import { withFlexibilityFigure, type Flexibility } from '../result/flexibility.v1';
import { FULL_NETWORK_OVERLOAD } from './full-data-json';
import { busPairOf, parseLegacyNumber, readFullDataJson } from './full-data-json.read';
import { writeFullDataJson } from './full-data-json.write';

/** A hand-written legacy case exercising each data rule of docs/product.md §5. */
const legacySample = {
  caseResult: [
    {
      caseName: 'alta_2027',
      layers: [
        {
          // no level: position + 1; no flexibility: 0
          constraints: [
            {
              monitored: 'BARRA A-BARRA B',
              contingency: 'BARRA C-BARRA D',
              ranking: '0,25',
              model: [
                { generatorName: 'G GUATAPE?G PLAYAS', output: '0,35' },
                { generatorName: 'G CHIVOR', output: 'n/a' },
              ],
              scenarios: [
                {
                  generatorName: 'g guatape',
                  output: '120,5',
                  status_output: 0,
                  outputWorst: 200,
                  status_outputWorst: 1,
                },
              ],
            },
            { monitored: '', contingency: 'X-Y', ranking: 9 },
            { monitored: '-BARRA E-BARRA F', contingency: '', ranking: 0.75, model: [] },
            { monitored: 'BARRA G-BARRA H', contingency: 'X-Y', ranking: 0, model: [] },
          ],
        },
        { level: 0, flexibility: '87,5', constraints: [{ monitored: 'SOLO', ranking: 0 }] },
      ],
      linealDescription: [
        {
          pes: [
            { name: 'niveles', values: [1] },
            {
              name: 'elementos',
              values: ['BARRA A-BARRA B', 'BARRA C-BARRA D', 'BARRA E-BARRA F'],
            },
            { name: 'generadores', values: ['G GUATAPE', 'G PLAYAS'] },
          ],
          sensitivities: [
            { name: 'niveles', values: [100] },
            {
              name: 'elementos',
              values: [
                [150, 200, 240],
                ['-80,5', 300, 330],
                [10, 50, 0],
              ],
            },
            {
              name: 'generadores',
              values: [
                [100, 560, 8],
                [40, 201, 3],
              ],
            },
          ],
        },
      ],
    },
  ],
};

describe('readFullDataJson', () => {
  const result = readFullDataJson(legacySample);
  if (!result.ok) throw new Error(result.error);
  const [level1, level0] = result.view.levels;

  it('defaults the level to its position and the flexibility to 0, parsing comma decimals', () => {
    expect(level1).toMatchObject({ level: 1, flexibility: 0 });
    expect(level0).toMatchObject({ level: 0, flexibility: 87.5 });
  });

  it('ignores constraints without a monitored element and drops ranking 0 except at level 0', () => {
    expect(level1!.constraints.map((c) => c.monitored)).toEqual([
      '-BARRA E-BARRA F',
      'BARRA A-BARRA B',
    ]);
    expect(level0!.constraints.map((c) => c.monitored)).toEqual(['SOLO']);
  });

  it('sorts by ranking descending and names the N-0 case', () => {
    expect(level1!.constraints.map((c) => c.ranking)).toEqual([0.75, 0.25]);
    expect(level1!.constraints[0]).toMatchObject({
      contingency: FULL_NETWORK_OVERLOAD,
      hasContingency: false,
    });
  });

  it("splits '?'-joined generator names, skips non-numeric sensitivities, matches 'G ' names", () => {
    const generators = level1!.constraints[1]!.generators;
    expect(generators.map((g) => [g.name, g.sensibilidad])).toEqual([
      ['G GUATAPE', 0.35],
      ['G PLAYAS', 0.35],
    ]);
    expect(generators[0]).toMatchObject({
      potenciaInicial: 100,
      capacidadMaximaMW: 560,
      unidadesEnParalelo: 8,
      despachoInicioSobrecarga: 120.5,
      despachoMaximaSobrecarga: 200,
      servicioSobrecarga: 'Activo',
      servicioMaximaSobrecarga: 'Apagado',
    });
    expect(generators[1]).toMatchObject({ potenciaInicial: 40, despachoInicioSobrecarga: null });
  });

  it('uses the emergency capacity after a real contingency, the maximum otherwise', () => {
    const [n0, n1] = level1!.constraints;
    expect(n1!.limit).toBe(240);
    expect(n1!.contingencyFlow).toEqual({
      initialFlowMw: -80.5,
      maxCapacity: 300,
      emergencyCapacity: 330,
    });
    // Matched after removing the leading dash.
    expect(n0!.monitoredFlow?.initialFlowMw).toBe(10);
    expect(n0!.limit).toBe(50);
  });

  it('falls back to the maximum capacity when the emergency capacity is not given (0)', () => {
    const sample = JSON.parse(JSON.stringify(legacySample)) as typeof legacySample;
    sample.caseResult[0]!.layers[0]!.constraints[0]!.monitored = 'BARRA E-BARRA F';
    const result = readFullDataJson(sample);
    if (!result.ok) throw new Error(result.error);
    const constraint = result.view.levels[0]!.constraints.find((c) => c.hasContingency)!;
    expect(constraint.monitoredFlow?.emergencyCapacity).toBe(0);
    expect(constraint.limit).toBe(50);
  });

  it('derives the bus pair by splitting on a dash, or N/A', () => {
    expect(busPairOf('BARRA A-BARRA B')).toEqual({ from: 'BARRA A', to: 'BARRA B' });
    expect(busPairOf('-BARRA E-BARRA F')).toEqual({ from: 'BARRA E', to: 'BARRA F' });
    expect(busPairOf('SOLO')).toBeNull();
    // Holgura's names (issue #29): the ends whole, hyphens in a name kept, the circuit dropped.
    expect(busPairOf('PFLUGERVILLE 2 (7001, 138 kV) – SAN-JUAN (7002, 138 kV) ckt 2')).toEqual({
      from: 'PFLUGERVILLE 2 (7001, 138 kV)',
      to: 'SAN-JUAN (7002, 138 kV)',
    });
  });

  it('refuses a document without caseResult[0] with the spec’s message', () => {
    expect(readFullDataJson({})).toEqual({
      ok: false,
      error: 'Estructura inválida: falta caseResult[0]',
    });
    expect(readFullDataJson({ caseResult: [] })).toMatchObject({ ok: false });
  });

  it('parses legacy numbers strictly', () => {
    expect(parseLegacyNumber('1,5')).toBe(1.5);
    expect(parseLegacyNumber(' 2 ')).toBe(2);
    expect(parseLegacyNumber('abc')).toBeNull();
    expect(parseLegacyNumber('')).toBeNull();
    expect(parseLegacyNumber(Number.NaN)).toBeNull();
  });
});

describe('writeFullDataJson', () => {
  const flexibility: Flexibility = {
    options: {
      studyGroup: { rule: 'named', plants: [1] },
      sink: 'headroom-down',
      levels: 2,
      distributionFactorCutoff: 0.01,
      postContingencyRating: 'emergency',
      includeGeneratorOutages: false,
    },
    tmaxMw: 200,
    fcitcMw: 150,
    limitingConstraintId: 1,
    plants: [
      {
        id: 1,
        name: 'G NORTE',
        busNumber: 1,
        generators: [1, 2],
        unitsInParallel: 2,
        pInitialMw: 100,
        pMaxMw: 300,
        pMinMw: 0,
        inStudyGroup: true,
        participation: 1,
      },
      {
        id: 2,
        name: 'G SUR',
        busNumber: 2,
        generators: [3],
        unitsInParallel: 1,
        pInitialMw: 250,
        pMaxMw: 400,
        pMinMw: 50,
        inStudyGroup: false,
        participation: -1,
      },
    ],
    levels: [
      { level: 1, transferMw: 100, flexibilityPercent: 100, constraintIds: [] },
      { level: 2, transferMw: 200, flexibilityPercent: 75, constraintIds: [1, 2] },
    ],
    constraints: [
      {
        id: 1,
        monitored: {
          branch: 3,
          name: 'NORTE-CENTRO',
          initialFlowMw: 80,
          maxCapacityMva: 200,
          emergencyCapacityMva: 230,
        },
        contingency: {
          branch: 4,
          name: 'NORTE-SUR',
          initialFlowMw: -20,
          maxCapacityMva: 100,
          emergencyCapacityMva: 0,
        },
        limitMw: 230,
        flowAtZeroMw: 95,
        distributionFactor: 0.9,
        ranking: 0.9,
        transferAtLimitMw: 150,
        preExistingViolation: false,
        sensitivities: [
          { plant: 1, sensitivity: 0.6 },
          { plant: 2, sensitivity: -0.3 },
        ],
      },
      {
        id: 2,
        monitored: {
          branch: 5,
          name: 'CENTRO-SUR',
          initialFlowMw: 10,
          maxCapacityMva: 60,
          emergencyCapacityMva: 70,
        },
        contingency: null,
        limitMw: 60,
        flowAtZeroMw: 10,
        distributionFactor: -0.3,
        ranking: 0.3,
        transferAtLimitMw: 166.666667,
        preExistingViolation: false,
        sensitivities: [{ plant: 1, sensitivity: 0.3 }],
      },
    ],
  };

  it('round-trips through the reader: levels, constraints, sensitivities, dispatch and limits', () => {
    const result = readFullDataJson(writeFullDataJson('base_2026', flexibility));
    if (!result.ok) throw new Error(result.error);
    const { view } = result;
    expect(view.caseName).toBe('base_2026');
    expect(view.levels.map((l) => [l.level, l.flexibility, l.constraints.length])).toEqual([
      [1, 100, 0],
      [2, 75, 2],
    ]);
    const [first, second] = view.levels[1]!.constraints;
    expect(first).toMatchObject({
      monitored: 'NORTE-CENTRO',
      contingency: 'NORTE-SUR',
      ranking: 0.9,
      limit: 230,
      monitoredFlow: { initialFlowMw: 80, maxCapacity: 200, emergencyCapacity: 230 },
    });
    expect(first!.generators).toEqual([
      expect.objectContaining({
        name: 'G NORTE',
        sensibilidad: 0.6,
        potenciaInicial: 100,
        unidadesEnParalelo: 2,
        despachoInicioSobrecarga: 250,
        despachoMaximaSobrecarga: 300,
        servicioSobrecarga: 'Activo',
      }),
      expect.objectContaining({
        name: 'G SUR',
        sensibilidad: -0.3,
        despachoInicioSobrecarga: 100,
        despachoMaximaSobrecarga: 50,
      }),
    ]);
    expect(second).toMatchObject({ contingency: FULL_NETWORK_OVERLOAD, limit: 60 });
  });

  it('writes the attributable figure, leaving out the violations only the strict one lists', () => {
    // Issue #21: constraint 3 was already over its limit at T = 0 and the transfer worsens it.
    const violation = {
      ...flexibility.constraints[1]!,
      id: 3,
      monitored: { ...flexibility.constraints[1]!.monitored, branch: 9, name: 'OESTE-SUR' },
      flowAtZeroMw: 75,
      transferAtLimitMw: 0,
      preExistingViolation: true,
    };
    const strictLevels = [
      { level: 1, transferMw: 100, flexibilityPercent: 0, constraintIds: [3] },
      { level: 2, transferMw: 200, flexibilityPercent: 0, constraintIds: [1, 2, 3] },
    ];
    const attributable = {
      fcitcMw: 150,
      limitingConstraintId: 1,
      levels: flexibility.levels,
    };
    const both: Flexibility = {
      ...flexibility,
      constraints: [...flexibility.constraints, violation],
      figures: {
        attributable,
        strict: { fcitcMw: 0, limitingConstraintId: 3, levels: strictLevels },
      },
    };
    const written = writeFullDataJson('base_2026', both);
    expect(written).toEqual(writeFullDataJson('base_2026', flexibility));
    expect(JSON.stringify(written)).not.toContain('OESTE-SUR');
    const strict = readFullDataJson(
      writeFullDataJson('base_2026', withFlexibilityFigure(both, 'strict')),
    );
    if (!strict.ok) throw new Error(strict.error);
    expect(strict.view.levels.map((l) => [l.flexibility, l.constraints.length])).toEqual([
      [0, 1],
      [0, 3],
    ]);
  });
});
