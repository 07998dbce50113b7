import { appPaths, windowWorkbookWords } from '@holgura/contracts';
import { describe, expect, it } from 'vitest';
import { esWindows } from '../../../strings/es-windows';
import { docSections } from '.';
import type { Block } from './types';

const ids = docSections.flatMap((section) => [
  section.id,
  ...section.subsections.map((sub) => sub.id),
]);

function proseOf(block: Block): string[] {
  switch (block.kind) {
    case 'p':
    case 'note':
      return [block.text];
    case 'list':
      return block.items;
    case 'formula':
      return [block.caption];
    case 'table':
      return block.rows.flat();
    case 'terms':
      return block.items.flatMap((item) => [item.term, item.definition]);
    case 'code':
      return [];
  }
}

const prose = docSections.flatMap((section) => [
  section.intro ?? '',
  ...section.subsections.flatMap((sub) => sub.blocks.flatMap(proseOf)),
]);

describe('the guide content', () => {
  it('gives every section a unique anchor made of plain lower-case words', () => {
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it('links only to anchors of the guide and to pages of the app', () => {
    const links = prose.flatMap((text) =>
      Array.from(text.matchAll(/\]\(([^)]+)\)/g), (match) => match[1]!),
    );
    expect(links.length).toBeGreaterThan(0);
    const pages: string[] = Object.values(appPaths);
    for (const href of links) {
      if (href.startsWith('#')) expect(ids, href).toContain(href.slice(1));
      else expect(pages, href).toContain(href);
    }
  });

  it('closes every code span it opens', () => {
    for (const text of prose) {
      expect((text.match(/`/g) ?? []).length % 2, text).toBe(0);
    }
  });
});

describe('the guide on study groups, the two figures and every busbar (issues #17, #21)', () => {
  const sub = (id: string) =>
    docSections.flatMap((section) => section.subsections).find((item) => item.id === id);
  const text = (id: string) => (sub(id)?.blocks.flatMap(proseOf) ?? []).join(' ');

  it('defines the study group, its default rule and every criterion', () => {
    expect(text('grupo-de-estudio')).toContain('al menos 1 MW y al menos el 1 % de su capacidad');
    const table = sub('grupo-de-estudio')!.blocks.find((block) => block.kind === 'table');
    expect(table?.kind === 'table' && table.rows.map((row) => row[0])).toEqual([
      'Unidades eólicas y solares',
      'Todas las unidades',
      'Por combustible',
      'Por área o por zona',
      'Por nivel de tensión',
      'Unidades elegidas a mano',
    ]);
  });

  it('defines «Violaciones existentes», their effects and both figures', () => {
    const violations = text('violaciones-existentes');
    for (const term of [
      'Violación existente',
      'La empeora',
      'La alivia',
      'No la afecta',
      'Cifra estricta',
      'Cifra atribuible',
    ]) {
      expect(violations).toContain(term);
    }
    // The screen's own words for a violated constraint.
    expect(text('restricciones')).toContain('«Violada tras la contingencia (115,6 %)»');
  });

  it('has a section on «Capacidad por barra»: both figures per bus, table, histogram and map', () => {
    const section = docSections.find((item) => item.id === 'capacidad-por-barra');
    expect(section?.subsections.map((item) => item.id)).toEqual([
      'capacidad-de-cada-barra',
      'dos-cifras-por-barra',
      'tabla-histograma-y-mapa',
      'verificacion-ac-por-barra',
      'archivo-de-contingencias',
      'potencia-de-cortocircuito',
      'variable-limitante',
      'capacidad-por-barra-en-resultados',
    ]);
    expect(text('dos-cifras-por-barra')).toContain('Violación existente que empeora');
    expect(text('potencia-de-cortocircuito')).toContain('valor de relleno ZX = 1,0');
    // Issue #31: what the AC verification checks, how it finds the figure, its four variables.
    const ac = text('verificacion-ac-por-barra');
    for (const words of [
      'al menos 10 contingencias',
      'precisión de 0,1 MW',
      'Potencia reactiva',
      'No convergencia',
      'no fijan la cifra atribuible',
    ]) {
      expect(ac).toContain(words);
    }
    // Issue #31: the weak grid, the least figure and its variable in UPME's words, all buses
    // in AC as a background job that keeps what it verified.
    const variable = text('variable-limitante');
    for (const words of [
      'Red débil (MW)',
      'sin datos de máquinas',
      'Cortocircuito (red débil)',
      'Verificar todas en AC',
      'AC: 340 de 2.000 barras',
      'lo ya verificado queda guardado',
      'cede su turno',
      'Colorear el mapa por: Variable limitante',
    ]) {
      expect(variable).toContain(words);
    }
    expect(text('tabla-histograma-y-mapa')).toContain('fuera de la isla de la transferencia');
    expect(text('archivo-de-contingencias')).toContain('no se guarda nada');
    expect(text('capacidad-por-barra-en-resultados')).toContain('Capacidad por barra del caso');
  });
});

describe('the guide on connection windows (issue #28)', () => {
  const section = docSections.find((item) => item.id === 'ventanas-de-asignacion');
  const text = (id: string) =>
    (section?.subsections.find((item) => item.id === id)?.blocks.flatMap(proseOf) ?? []).join(' ');
  const all = [section?.intro ?? '', ...(section?.subsections.map((sub) => text(sub.id)) ?? [])];

  it('has a section «Ventanas de asignación» after the study file, linked to /ventanas', () => {
    expect(section?.title).toBe(esWindows.page.title);
    const order = docSections.map((item) => item.id);
    expect(order.indexOf('ventanas-de-asignacion')).toBe(order.indexOf('archivo-de-estudio') + 1);
    expect(section?.intro).toContain(`](${appPaths.windows})`);
    expect(section?.subsections.map((item) => item.id)).toEqual([
      'capacidades-que-no-se-suman',
      'que-significa-caber',
      'crear-una-ventana',
      'plantilla-de-solicitudes',
      'tres-reglas',
      'explicacion-de-una-solicitud',
      'grupos-de-barras',
      'ventana-sobre-un-estudio',
      'si-se-retira',
      'descargas-de-la-ventana',
      'limites-de-las-ventanas',
    ]);
  });

  it('names what the windows screen names, with its words', () => {
    const words = all.join(' ');
    for (const name of [
      esWindows.list.newWindow,
      esWindows.form.sourceCase,
      esWindows.form.sourceStudy,
      esWindows.form.table.year,
      esWindows.form.options.ignore,
      esWindows.form.options.limit,
      esWindows.form.options.contingencies,
      esWindows.form.options.everyBranch,
      esWindows.form.options.caseSet,
      esWindows.view.rulesTitle,
      esWindows.view.groupsTitle,
      esWindows.view.audit,
      esWindows.comparison.title,
      ...Object.values(esWindows.view.status),
    ]) {
      expect(words, name).toContain(`«${name}»`);
    }
    expect(text('grupos-de-barras')).toContain(`«${esWindows.view.groupCap('X')}»`);
    expect(text('si-se-retira')).toContain(esWindows.withdraw.button('…'));
    const rules = section?.subsections
      .find((item) => item.id === 'tres-reglas')
      ?.blocks.find((block) => block.kind === 'terms');
    expect(rules?.kind === 'terms' && rules.items.map((item) => item.term)).toEqual(
      Object.values(esWindows.view.ruleTitle),
    );
  });

  it('lists the template columns as the workbook writes them', () => {
    const table = section?.subsections
      .find((item) => item.id === 'plantilla-de-solicitudes')
      ?.blocks.find((block) => block.kind === 'table');
    expect(table?.kind === 'table' && table.rows.map((row) => row[0])).toEqual([
      'ID solicitud',
      'Proyecto',
      'Empresa',
      'Tecnología',
      'Barra',
      'MW solicitados',
      'MW mínimos',
      'Prioridad',
      'Año de entrada',
    ]);
    expect(Object.values(windowWorkbookWords.columns)).toHaveLength(9);
  });

  it('states what fits, the shadow price and the limits the engine admits', () => {
    expect(text('que-significa-caber')).toContain('N-0');
    // Issue #30: every branch by default, or the case's own contingencies when chosen.
    expect(text('que-significa-caber')).toContain(
      'por defecto, la salida de cada rama en servicio',
    );
    expect(text('que-significa-caber')).toContain('](#archivo-de-contingencias)');
    expect(text('limites-de-las-ventanas')).toContain('no se vigilan en las ventanas');
    expect(text('que-significa-caber')).toContain('Sin umbral del factor de distribución');
    expect(text('explicacion-de-una-solicitud')).toContain('lo que liberaría reforzarlo');
    expect(text('limites-de-las-ventanas')).toContain('La regla justa es la más sensible');
    expect(text('limites-de-las-ventanas')).toContain('la red base del estudio');
  });
});
