/** Data categories in the order a revision writes them (POM "RAW data file contents"). */
export type SectionKey =
  | 'systemWide'
  | 'bus'
  | 'load'
  | 'fixedShunt'
  | 'generator'
  | 'branch'
  | 'switchingDevice'
  | 'transformer'
  | 'area'
  | 'twoTerminalDc'
  | 'vscDc'
  | 'impedanceCorrection'
  | 'multiTerminalDc'
  | 'multiSectionLine'
  | 'zone'
  | 'interArea'
  | 'owner'
  | 'facts'
  | 'switchedShunt'
  | 'gne'
  | 'inductionMachine'
  | 'substation';

export const SECTION_TITLE: Record<SectionKey, string> = {
  systemWide: 'system-wide',
  bus: 'bus',
  load: 'load',
  fixedShunt: 'fixed shunt',
  generator: 'generator',
  branch: 'non-transformer branch',
  switchingDevice: 'system switching device',
  transformer: 'transformer',
  area: 'area',
  twoTerminalDc: 'two-terminal DC',
  vscDc: 'VSC DC line',
  impedanceCorrection: 'impedance correction',
  multiTerminalDc: 'multi-terminal DC',
  multiSectionLine: 'multi-section line',
  zone: 'zone',
  interArea: 'inter-area transfer',
  owner: 'owner',
  facts: 'FACTS device',
  switchedShunt: 'switched shunt',
  gne: 'GNE device',
  inductionMachine: 'induction machine',
  substation: 'substation',
};

const MIDDLE: SectionKey[] = [
  'area',
  'twoTerminalDc',
  'vscDc',
  'impedanceCorrection',
  'multiTerminalDc',
  'multiSectionLine',
  'zone',
  'interArea',
  'owner',
  'facts',
];

/**
 * The sections of a revision after the case identification. v29/v30 keep fixed shunts in the bus
 * records and put switched shunts before impedance correction; v31 moves switched shunts after
 * FACTS; v32 adds GNE, v33 induction machines; v34/v35 add system-wide data, system switching
 * devices (optional in v34) and substations.
 */
export function sectionOrder(rev: number): SectionKey[] {
  if (rev <= 30) {
    const mid = [...MIDDLE];
    mid.splice(mid.indexOf('impedanceCorrection'), 0, 'switchedShunt');
    return ['bus', 'load', 'generator', 'branch', 'transformer', ...mid];
  }
  const head: SectionKey[] = ['bus', 'load', 'fixedShunt', 'generator', 'branch'];
  const tail: SectionKey[] = ['switchedShunt'];
  if (rev >= 32) tail.push('gne');
  if (rev >= 33) tail.push('inductionMachine');
  if (rev <= 33) return [...head, 'transformer', ...MIDDLE, ...tail];
  return [
    'systemWide',
    ...head,
    'switchingDevice',
    'transformer',
    ...MIDDLE,
    ...tail,
    'substation',
  ];
}
