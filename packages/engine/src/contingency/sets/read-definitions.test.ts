import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readReferenceText } from '@holgura/test-fixtures';
import { readMatpower } from '../../io/matpower/read-matpower';
import { readPsseContingencies } from './psse-con';
import { readMonitored } from './psse-mon';
import { readSubsystems } from './psse-sub';
import { definitionFileKind, readDefinitionBundle } from './read-definitions';

/**
 * A planner's files as the web takes them (issue #30): told apart by content, whatever their
 * names, and read together — the `.sub` first, as the `.con` and the `.mon` name its subsystems.
 */
const fixture = (name: string) =>
  readFileSync(new URL(`./test-fixtures/${name}`, import.meta.url), 'latin1');
const SUB = fixture('ACTIVSg2000.sub');
const MON = fixture('ACTIVSg2000.mon');
const CON = fixture('ACTIVSg2000.con');
const BAD = fixture('ACTIVSg2000-bad.con');
const CONTAB = readReferenceText('cases/contab_ACTIVSg2000.m', 'latin1');
const net = readMatpower(readReferenceText('cases/case_ACTIVSg2000.m')).network;

describe('definition files told apart by content', () => {
  it('a .con, a contab, a .sub and a .mon; anything else is none of them', () => {
    expect(definitionFileKind(CON)).toBe('contingencies');
    expect(definitionFileKind(BAD)).toBe('contingencies');
    expect(definitionFileKind(CONTAB)).toBe('contingencies');
    expect(definitionFileKind(SUB)).toBe('subsystems');
    expect(definitionFileKind(MON)).toBe('monitored');
    expect(definitionFileKind('hola\nmundo\n')).toBeNull();
    expect(definitionFileKind('')).toBeNull();
  });
});

describe('a bundle of .con, .sub and .mon', () => {
  it('gives what each reader gives with the subsystems read first', () => {
    const bundle = readDefinitionBundle(
      {
        contingencies: { name: 'plan.con', text: CON },
        subsystems: { name: 'plan.sub', text: SUB },
        monitored: { name: 'plan.mon', text: MON },
      },
      net,
    );
    const subsystems = readSubsystems(SUB, net);
    expect(bundle.subsystems?.subsystems.size).toBe(subsystems.subsystems.size);
    expect(bundle.set.contingencies).toEqual(
      readPsseContingencies(CON, net, { subsystems }).contingencies,
    );
    expect(bundle.monitored).toEqual(readMonitored(MON, net, { subsystems }));
    expect(bundle.unresolved).toEqual([]);
    expect(bundle.set.counts.multiBranch).toBeGreaterThan(0);
    expect(bundle.monitored?.interfaces).toHaveLength(1);
  });

  it('without its .sub, each line naming a subsystem is unresolved, with its file', () => {
    const bundle = readDefinitionBundle({ contingencies: { name: 'plan.con', text: CON } }, net);
    const named = bundle.unresolved.filter((u) => u.code === 'SUBSYSTEM_UNKNOWN');
    expect(named.map((u) => u.line)).toEqual([2, 3, 4, 5, 6]);
    expect(new Set(bundle.unresolved.map((u) => u.file))).toEqual(new Set(['plan.con']));
  });

  it('tags every unresolved line with the file it is in', () => {
    const bundle = readDefinitionBundle(
      {
        contingencies: { name: 'malo.con', text: BAD },
        monitored: { name: 'vigilar.mon', text: 'MONITOR BRANCH FROM BUS 1 TO BUS 2 CKT 1\nEND\n' },
      },
      net,
    );
    const files = bundle.unresolved.map((u) => u.file);
    expect(files).toContain('malo.con');
    expect(files).toContain('vigilar.mon');
    // Contingency lines first, then the monitored file's, each in line order.
    expect(files.indexOf('vigilar.mon')).toBeGreaterThan(files.lastIndexOf('malo.con'));
    const mon = bundle.unresolved.filter((u) => u.file === 'vigilar.mon');
    expect(mon).toEqual([expect.objectContaining({ line: 1, code: 'BUS_NOT_IN_CASE' })]);
  });
});
