import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AcCheck, ConstraintPanel } from './constraint-panel';
import { flexibilityFixture } from './flexibility.test-support';

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
