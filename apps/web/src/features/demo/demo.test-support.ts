import { demoCaseResponseSchema, fullDataJsonSchema } from '@holgura/contracts';

/** A small demo case in fullDataJSON form: an N-0 constraint first, then a real contingency. */
export const demoFullDataJson = fullDataJsonSchema.parse({
  caseResult: [
    {
      caseName: 'demo_prueba',
      layers: [
        {
          level: 1,
          flexibility: 80,
          constraints: [
            { monitored: 'A-B', contingency: '', ranking: 0.5, model: [], scenarios: [] },
            {
              monitored: 'A-B',
              contingency: 'C-D',
              ranking: 0.3,
              model: [
                { generatorName: 'G NORTE', output: '0,25' },
                { generatorName: 'G SUR', output: -0.1 },
                { generatorName: 'G VACIO', output: 0.2 },
              ],
              scenarios: [
                {
                  generatorName: 'G NORTE',
                  output: 60,
                  status_output: 0,
                  outputWorst: 80,
                  status_outputWorst: 0,
                },
                {
                  generatorName: 'G SUR',
                  output: 40,
                  status_output: 0,
                  outputWorst: 30,
                  status_outputWorst: 0,
                },
                {
                  generatorName: 'G VACIO',
                  output: 0,
                  status_output: 1,
                  outputWorst: 0,
                  status_outputWorst: 1,
                },
              ],
            },
          ],
        },
      ],
      linealDescription: [
        {
          pes: [
            { name: 'niveles', values: [1] },
            { name: 'elementos', values: ['A-B', 'C-D'] },
            { name: 'generadores', values: ['G NORTE', 'G SUR', 'G VACIO'] },
          ],
          sensitivities: [
            { name: 'niveles', values: [80] },
            {
              name: 'elementos',
              values: [
                [-120.5, 200, 0],
                [90.25, 150, 180],
              ],
            },
            {
              name: 'generadores',
              values: [
                [50, 100, 1],
                [50, 60, 2],
                [0, 0, 1],
              ],
            },
          ],
        },
      ],
    },
  ],
});

export const demoCaseAnswer = demoCaseResponseSchema.parse({
  fullDataJson: demoFullDataJson,
  createdAt: '2026-11-22T01:00:00.000Z',
});
