import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AcCheck, ConstraintPanel } from './constraint-panel';
import { doubleContingency, flexibilityFixture, setFixture } from './flexibility.test-support';

const check = (patch: Partial<NonNullable<Parameters<typeof AcCheck>[0]['check']>> = {}) => ({
  converged: true,
  acFlowMva: 104.2,
  acLoadingPercent: 104.24,
  dcLoadingPercent: 100,
  flagged: false,
  ...patch,
});

describe('the AC check at the limit dispatch (issue #25)', () => {
  it('shows AC against DC loading when they agree', () => {
    render(<AcCheck check={check({ acLoadingPercent: 98.66 })} />);
    expect(screen.getByText('Verificación AC en el despacho límite')).toBeInTheDocument();
    expect(screen.getByTestId('ac-check')).toHaveTextContent(
      'Carga AC 98,7 % frente a 100,0 % en DC. La verificación AC coincide con el cálculo DC (difieren 5 % o menos).',
    );
  });

  it('warns when AC and DC differ by more than 5 %', () => {
    render(<AcCheck check={check({ acLoadingPercent: 112.34, flagged: true })} />);
    expect(
      screen.getByText('La verificación AC difiere más de 5 % del cálculo DC'),
    ).toBeInTheDocument();
    expect(screen.getByTestId('ac-check')).toHaveTextContent(/^Carga AC 112,3 % frente a 100,0 %/);
  });

  it('says when the AC power flow did not converge at that dispatch', () => {
    render(
      <AcCheck
        check={check({ converged: false, acFlowMva: null, acLoadingPercent: null, flagged: true })}
      />,
    );
    expect(
      screen.getByText('El flujo de carga AC no convergió en ese despacho'),
    ).toBeInTheDocument();
    expect(screen.getByTestId('ac-check')).toHaveTextContent('Solo queda el cálculo DC (100,0 %)');
  });

  it('says which constraints have an AC check when this one has none', () => {
    render(<AcCheck check={undefined} />);
    expect(screen.getByTestId('ac-check')).toHaveTextContent(
      'La verificación AC se calcula para la restricción que define la cifra y para la primera de cada nivel.',
    );
  });

  it('shows it in the constraint panel, with the binding constraint named as such', () => {
    const { sensitivities: _s, ...constraint } = flexibilityFixture.constraints[1]!;
    render(
      <ConstraintPanel
        constraint={{ ...constraint, acCheck: check({ flagged: true, acLoadingPercent: 107 }) }}
        mode="limite"
        onModeChange={() => undefined}
        whatIfMw={0}
        binding
      />,
    );
    expect(screen.getByTestId('binding-note')).toHaveTextContent(
      'Define la cifra: su T(c) es la FCITC mostrada (45,0 MW).',
    );
    expect(screen.getByTestId('ac-check')).toHaveTextContent(/^Carga AC 107,0 % frente a 100,0 %/);
  });
});

describe('the constraint panel on the planner’s contingencies (issue #30)', () => {
  const onSet = (id: number) => {
    const { sensitivities: _s, ...constraint } = setFixture.constraints.find(
      (item) => item.id === id,
    )!;
    return constraint;
  };
  const panel = (id: number, mode: 'original' | 'limite') =>
    render(
      <ConstraintPanel
        constraint={onSet(id)}
        mode={mode}
        onModeChange={() => undefined}
        whatIfMw={0}
      />,
    );

  it('names a contingency of several elements instead of the base case, with the flow after it', () => {
    panel(2, 'original');
    expect(screen.getByTestId('contingency-name')).toHaveTextContent(doubleContingency.name);
    expect(screen.queryByText('SOBRECARGA RED COMPLETA')).toBeNull();
    // Checked after the contingency, against its post-contingency limit.
    expect(screen.getByTestId('monitored-post-flow')).toHaveTextContent('92,0 MW');
    expect(screen.getByTestId('monitored-post-limit')).toHaveTextContent('110,0 MW');
  });

  it('shows the branch of a one-branch contingency of the set, named as the planner names it', () => {
    panel(1, 'limite');
    expect(screen.getByTestId('element-contingency')).toHaveTextContent('Contingencia 7: L 4-6');
    expect(screen.getByTestId('contingency-status')).toHaveTextContent('Fuera de servicio');
  });

  it('keeps the base case as «SOBRECARGA RED COMPLETA»', () => {
    panel(3, 'original');
    expect(screen.getByTestId('contingency-name')).toHaveTextContent('SOBRECARGA RED COMPLETA');
  });
});
