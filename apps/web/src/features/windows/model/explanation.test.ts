import { describe, expect, it } from 'vitest';
import { b6b8, windowResult } from '../windows.test-support';
import { bindingSentence, explainRequest } from './explanation';
import { orderShortfallMw, ruleFigures } from './rules';

describe('explainRequest: why a request gets what it gets, in sentences from the result', () => {
  it('names what it asked, what fits alone, its award, the constraint with its shadow price and its competitors', () => {
    expect(explainRequest(windowResult(), 'R2', 'max')).toEqual([
      'Pidió 80 MW en la barra 5 (B5).',
      'Por sí sola cabrían 66,8 MW.',
      'Con la regla máximo total recibe 0,0 MW (sin asignación).',
      'La limita «B6-B8» ante la contingencia «B6-B28» (límite 32 MVA); cada MW adicional de ese elemento liberaría 8,40 MW (precio sombra).',
      'Compite con R1, R3, R4.',
    ]);
    expect(explainRequest(windowResult(), 'R1', 'max')).toEqual([
      'Pidió 60 MW en la barra 2 (B2).',
      'Por sí sola cabrían 60,0 MW: todo lo que pidió.',
      'Con la regla máximo total recibe 48,5 MW (parcial).',
      'La limita «B6-B8» ante la contingencia «B6-B28» (límite 32 MVA); cada MW adicional de ese elemento liberaría 8,40 MW (precio sombra).',
      'Compite con R3, R4.',
    ]);
  });

  it('words each rule by its name and says when nothing limits a complete request', () => {
    expect(explainRequest(windowResult(), 'R2', 'order')?.[2]).toBe(
      'Con la regla orden de prioridad recibe 66,8 MW (parcial).',
    );
    expect(explainRequest(windowResult(), 'R4', 'fair')?.[2]).toBe(
      'Con la regla justa (max-min) recibe 12,7 MW (parcial).',
    );
    expect(explainRequest(windowResult(), 'R4', 'max')).toEqual([
      'Pidió 30 MW en la barra 22 (B22).',
      'Por sí sola cabrían 13,5 MW.',
      'Con la regla máximo total recibe 30,0 MW (completa).',
      'Ninguna restricción la limita: recibe todo lo que pidió.',
    ]);
  });

  it('says a minimum size: all or nothing, or a minimum below the request', () => {
    expect(explainRequest(windowResult(), 'R3', 'max')?.[0]).toBe(
      'Pidió 40 MW en la barra 13 (B13), todo o nada.',
    );
    const result = windowResult();
    result.requests[0] = { ...result.requests[0]!, minMw: 20.5 };
    expect(explainRequest(result, 'R1', 'max')?.[0]).toBe(
      'Pidió 60 MW en la barra 2 (B2), con un mínimo de 20,5 MW.',
    );
  });

  it('gives a rule the solver failed its error instead of any figure', () => {
    const result = windowResult();
    result.rules.fair = {
      ok: false,
      rule: 'fair',
      error: {
        code: 'WINDOW_SOLVER_FAILED',
        message: 'El solucionador (HiGHS) no encontró una asignación óptima con esta regla',
      },
    };
    const sentences = explainRequest(result, 'R1', 'fair');
    expect(sentences).toEqual([
      'Pidió 60 MW en la barra 2 (B2).',
      'Por sí sola cabrían 60,0 MW: todo lo que pidió.',
      'Con la regla justa (max-min) no hay asignación: El solucionador (HiGHS) no encontró una asignación óptima con esta regla.',
    ]);
    expect(sentences!.join(' ')).not.toMatch(/recibe/);
  });

  it('is null for a request the result does not hold', () => {
    expect(explainRequest(windowResult(), 'R9', 'max')).toBeNull();
  });

  it('says when the result does not record what limits a partial request', () => {
    const result = windowResult();
    const max = result.rules.max;
    if (!max.ok) throw new Error('max');
    max.awards[0] = { ...max.awards[0]!, binding: [], competitors: [] };
    expect(explainRequest(result, 'R1', 'max')?.slice(3)).toEqual([
      'El resultado no registra qué restricción la limita.',
    ]);
  });
});

describe('bindingSentence', () => {
  it('words N-0 (no contingency), a second constraint, and a shadow price of 0', () => {
    expect(
      bindingSentence({ ...b6b8(1), contingency: null, contingencyName: null, limitMw: 130 }, true),
    ).toBe(
      'La limita «B6-B8» en el caso base (N-0) (límite 130 MVA); cada MW adicional de ese elemento liberaría 1,00 MW (precio sombra).',
    );
    expect(bindingSentence(b6b8(0.0001), false)).toBe(
      'También la limita «B6-B8» ante la contingencia «B6-B28» (límite 32 MVA); ampliarlo a él solo no liberaría capacidad con esta regla (precio sombra 0).',
    );
  });

  it('names a contingency of the planner’s set that is not one branch by its name, never N-0', () => {
    const name = 'Contingencia 50: B6-B28 ckt 1 + B27-B28 ckt 1';
    const sentence =
      'La limita «B6-B8» ante la contingencia «Contingencia 50: B6-B28 ckt 1 + B27-B28 ckt 1» (límite 32 MVA); cada MW adicional de ese elemento liberaría 2,00 MW (precio sombra).';
    expect(
      bindingSentence(
        {
          ...b6b8(2),
          contingency: null,
          contingencyName: name,
          setContingency: { label: '50', name },
        },
        true,
      ),
    ).toBe(sentence);
    // Its name from the set's reference when the binding carries no contingencyName.
    expect(
      bindingSentence(
        {
          ...b6b8(2),
          contingency: null,
          contingencyName: null,
          setContingency: { label: '50', name },
        },
        true,
      ),
    ).toBe(sentence);
  });

  it('names the scenario × year case a row binds in, for a window over a study', () => {
    expect(bindingSentence({ ...b6b8(0.5), scenario: 'alta', year: 2030 }, true)).toBe(
      'La limita «B6-B8» ante la contingencia «B6-B28» (límite 32 MVA) en el caso alta 2030; cada MW adicional de ese elemento liberaría 0,50 MW (precio sombra).',
    );
  });

  it('words the sink’s room to bring generation down', () => {
    expect(
      bindingSentence(
        {
          kind: 'sink-room',
          monitored: null,
          monitoredName: null,
          contingency: null,
          contingencyName: null,
          limitMw: 189.2,
          distributionFactor: 1,
          shadowPrice: 1,
        },
        true,
      ),
    ).toBe(
      'La limita la capacidad del sumidero para bajar generación (189,2 MW en total); cada MW adicional de esa capacidad liberaría 1,00 MW (precio sombra).',
    );
  });
});

describe('the rules’ figures', () => {
  it('gives MW, % of what was asked and the counts, or the error of a failed rule', () => {
    expect(ruleFigures(windowResult(), 'max')).toEqual({
      ok: true,
      awardedMw: 118.51998,
      percent: (118.51998 / 210) * 100,
      complete: 2,
      partial: 1,
      none: 1,
    });
    const result = windowResult();
    result.rules.order = {
      ok: false,
      rule: 'order',
      error: { code: 'WINDOW_SOLVER_FAILED', message: 'Falló' },
    };
    expect(ruleFigures(result, 'order')).toEqual({ ok: false, message: 'Falló' });
    // Without the order rule there is no shortfall to tell.
    expect(orderShortfallMw(result)).toBeNull();
  });

  it('tells what order leaves unawarded that max shows the network could take', () => {
    expect(orderShortfallMw(windowResult())).toBeCloseTo(118.51998 - 66.79876, 6);
    const same = windowResult();
    if (!same.rules.order.ok || !same.rules.max.ok) throw new Error('rules');
    same.rules.order.totalAwardedMw = same.rules.max.totalAwardedMw - 0.01;
    expect(orderShortfallMw(same)).toBeNull();
  });
});
