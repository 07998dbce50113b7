import type { Flexibility } from '../result/flexibility.v1';
import type { FullDataJson } from './full-data-json';

const round = (value: number, digits = 6) => Number(value.toFixed(digits));

/**
 * Writes a flexibility result in the original product's fullDataJSON layout (for the
 * SAX-compatible routes). Dispatches are derived from each plant's participation: at the
 * constraint's limit (`output`) and at Tmax (`outputWorst`).
 *
 * It reads the top-level levels, which since issue #21 repeat the attributable figure
 * (pre-existing violations listed apart, not limiting): the layout has room for one figure
 * only, and SAX clients get the one /analisis shows first, with its constraint lists. Worsened
 * pre-existing violations (strict-only constraints) are therefore not in its layers.
 */
export function writeFullDataJson(caseName: string, flexibility: Flexibility): FullDataJson {
  const plants = new Map(flexibility.plants.map((plant) => [plant.id, plant]));
  const constraints = new Map(flexibility.constraints.map((c) => [c.id, c]));
  const elements = new Map<string, [number, number, number]>();
  // The elements of the constraints the levels list (before issue #21, every constraint).
  const listed = new Set(flexibility.levels.flatMap((level) => level.constraintIds));
  for (const c of flexibility.constraints.filter((constraint) => listed.has(constraint.id))) {
    for (const element of [c.monitored, c.contingency]) {
      if (element !== null && !elements.has(element.name)) {
        elements.set(element.name, [
          round(element.initialFlowMw),
          element.maxCapacityMva,
          element.emergencyCapacityMva,
        ]);
      }
    }
  }
  const dispatch = (plantId: number, transferMw: number) => {
    const plant = plants.get(plantId)!;
    return round(plant.pInitialMw + transferMw * plant.participation);
  };

  const layers = flexibility.levels.map((level) => ({
    level: level.level,
    flexibility: round(level.flexibilityPercent, 4),
    constraints: level.constraintIds.map((id) => {
      const c = constraints.get(id)!;
      return {
        monitored: c.monitored.name,
        contingency: c.contingency?.name ?? '',
        ranking: round(c.ranking),
        model: c.sensitivities.map((s) => ({
          generatorName: plants.get(s.plant)!.name,
          output: round(s.sensitivity, 9),
        })),
        scenarios: c.sensitivities.map((s) => {
          const atLimit = dispatch(s.plant, c.transferAtLimitMw);
          const atMax = dispatch(s.plant, flexibility.tmaxMw);
          return {
            generatorName: plants.get(s.plant)!.name,
            output: atLimit,
            status_output: atLimit > 0 ? 0 : 1,
            outputWorst: atMax,
            status_outputWorst: atMax > 0 ? 0 : 1,
          };
        }),
      };
    }),
  }));

  return {
    caseResult: [
      {
        caseName,
        layers,
        linealDescription: [
          {
            pes: [
              { name: 'niveles', values: flexibility.levels.map((l) => l.level) },
              { name: 'elementos', values: [...elements.keys()] },
              { name: 'generadores', values: flexibility.plants.map((p) => p.name) },
            ],
            sensitivities: [
              { name: 'niveles', values: flexibility.levels.map((l) => l.flexibilityPercent) },
              { name: 'elementos', values: [...elements.values()] },
              {
                name: 'generadores',
                values: flexibility.plants.map((p) => [p.pInitialMw, p.pMaxMw, p.unitsInParallel]),
              },
            ],
          },
        ],
      },
    ],
  };
}
