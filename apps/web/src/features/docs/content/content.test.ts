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
