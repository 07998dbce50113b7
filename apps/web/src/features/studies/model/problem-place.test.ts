import type { StudyProblem } from '@holgura/contracts';
import { describe, expect, it } from 'vitest';
import { describeProblem, fieldId, fieldLabel } from './problem-place';

const problem = (patch: Partial<StudyProblem>): StudyProblem => ({
  message: '',
  field: null,
  sheet: null,
  row: null,
  cell: null,
  ...patch,
});

describe('where a study problem is', () => {
  it('names a field of the study file in the form’s words', () => {
    expect(fieldLabel('name')).toBe('Nombre del estudio');
    expect(fieldLabel('years.1')).toBe('Año 2');
    expect(fieldLabel('scenarios.0.name')).toBe('Escenario 1 › Nombre');
    expect(fieldLabel('scenarios.1.demandMultipliers.Área 5')).toBe(
      'Escenario 2 › Multiplicador de Área 5',
    );
    expect(fieldLabel('scenarios.0.interchanges.2.bus')).toBe(
      'Escenario 1 › Intercambio 3 › Barra',
    );
    expect(fieldLabel('projects.0.branches.0.xPu')).toBe('Proyecto 1 › Línea 1 › X (pu)');
    expect(fieldLabel('projects.1.units.0.pMaxMw')).toBe('Proyecto 2 › Unidad 1 › Pmáx (MW)');
    expect(fieldLabel('growth.Área 9')).toBe('Crecimiento anual de Área 9');
    expect(fieldLabel('busbars.3')).toBe('Barra candidata 4');
    expect(fieldLabel('options.tmaxMw')).toBe('Tope de capacidad (MW)');
  });

  it('splits the server’s sentence into place and problem, for fields and for cells', () => {
    expect(
      describeProblem(
        problem({
          field: 'busbars.0',
          message: 'busbars.0: La barra 99999 (barra del estudio) no está en el caso base',
        }),
      ),
    ).toEqual({
      place: 'Barra candidata 1',
      text: 'La barra 99999 (barra del estudio) no está en el caso base',
      field: 'busbars.0',
    });
    expect(
      describeProblem(
        problem({
          sheet: 'Barras',
          row: 1,
          cell: 'A1',
          message: 'Hoja «Barras», fila 1, celda A1: El encabezado debe ser «Barra»',
        }),
      ),
    ).toEqual({
      place: 'Hoja «Barras», fila 1, celda A1',
      text: 'El encabezado debe ser «Barra»',
      field: null,
    });
    expect(describeProblem(problem({ message: 'El archivo no es un libro de Excel' }))).toEqual({
      place: null,
      text: 'El archivo no es un libro de Excel',
      field: null,
    });
  });

  it('gives every field path its own DOM id, whatever its area name', () => {
    expect(fieldId('scenarios.1.name')).toBe('estudio-scenarios--1--name');
    expect(fieldId('growth.Área 5')).not.toBe(fieldId('growth.Área_5'));
    expect(fieldId('growth.Área 5')).toMatch(/^[A-Za-z0-9_-]+$/);
  });
});
