import { appPaths } from '@holgura/contracts';
import { describe, expect, it } from 'vitest';
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
      'capacidad-por-barra-en-resultados',
    ]);
    expect(text('dos-cifras-por-barra')).toContain('Violación existente que empeora');
    expect(text('tabla-histograma-y-mapa')).toContain('fuera de la isla de la transferencia');
    expect(text('capacidad-por-barra-en-resultados')).toContain('Capacidad por barra del caso');
  });
});
