/**
 * Field tables per RAW revision, with the PSS/E Program Operation Manual's field names and
 * defaults (as PowerModels.jl `src/io/pti.jl` lists them). A `null` default means "no constant
 * default": the field is required, or its default depends on other data (MBASE = SBASE, WINDV by
 * CW, SBASE1-2 = SBASE, NVHI/NVLO absent before v32) and the conversion resolves it.
 */
export type FieldKind = 'i' | 'r' | 's';
export interface FieldSpec {
  readonly name: string;
  readonly kind: FieldKind;
  readonly def: number | string | null;
  /** A record without this field is an error (bus numbers, X). */
  readonly required: boolean;
}
export type FieldTable = readonly FieldSpec[];

/**
 * `'I:i!'` (required), `'NAME:s='` (default ''), `'VM:r=1'`, `'MBASE:r'` (resolved later): name,
 * kind and default in one short string per field.
 */
function table(spec: string): FieldTable {
  return spec
    .trim()
    .split(/\s+/)
    .map((f) => {
      const [head, def] = f.split('=');
      const [name, rawKind] = head.split(':');
      const required = rawKind.endsWith('!');
      const kind = rawKind.replace('!', '') as FieldKind;
      if (def === undefined) return { name, kind, def: null, required };
      return { name, kind, def: kind === 's' ? def : Number(def), required };
    });
}

const OWNERS_F1 = 'O1:i F1:r=1 O2:i=0 F2:r=1 O3:i=0 F3:r=1 O4:i=0 F4:r=1';
const rates12 = (prefix: string): string =>
  Array.from({ length: 12 }, (_, k) => `${prefix}${k + 1}:r=0`).join(' ');

export const CASE_ID = table('IC:i=0 SBASE:r=100 REV:i XFRRAT:r=0 NXFRAT:r=0 BASFRQ:r=60');

const BUS_29 = table(
  'I:i! NAME:s= BASKV:r=0 IDE:i=1 GL:r=0 BL:r=0 AREA:i=1 ZONE:i=1 VM:r=1 VA:r=0 OWNER:i=1',
);
const BUS_31 = table(
  'I:i! NAME:s= BASKV:r=0 IDE:i=1 AREA:i=1 ZONE:i=1 OWNER:i=1 VM:r=1 VA:r=0 NVHI:r NVLO:r EVHI:r EVLO:r',
);

const LOAD_29 = table(
  'I:i! ID:s=1 STATUS:i=1 AREA:i ZONE:i PL:r=0 QL:r=0 IP:r=0 IQ:r=0 YP:r=0 YQ:r=0 OWNER:i',
);
const LOAD_32 = table(
  'I:i! ID:s=1 STATUS:i=1 AREA:i ZONE:i PL:r=0 QL:r=0 IP:r=0 IQ:r=0 YP:r=0 YQ:r=0 OWNER:i SCALE:i=1',
);
const LOAD_33 = table(
  'I:i! ID:s=1 STATUS:i=1 AREA:i ZONE:i PL:r=0 QL:r=0 IP:r=0 IQ:r=0 YP:r=0 YQ:r=0 OWNER:i SCALE:i=1 INTRPT:i=0',
);
const LOAD_34 = table(
  'I:i! ID:s=1 STATUS:i=1 AREA:i ZONE:i PL:r=0 QL:r=0 IP:r=0 IQ:r=0 YP:r=0 YQ:r=0 OWNER:i SCALE:i=1 INTRPT:i=0 DGENP:r=0 DGENQ:r=0 DGENF:i=0',
);
const LOAD_35 = table(
  'I:i! ID:s=1 STATUS:i=1 AREA:i ZONE:i PL:r=0 QL:r=0 IP:r=0 IQ:r=0 YP:r=0 YQ:r=0 OWNER:i SCALE:i=1 INTRPT:i=0 DGENP:r=0 DGENQ:r=0 DGENF:i=0 LOADTYPE:s=',
);

const FIXED_SHUNT = table('I:i! ID:s=1 STATUS:i=1 GL:r=0 BL:r=0');

const GEN_HEAD = 'I:i! ID:s=1 PG:r=0 QG:r=0 QT:r=9999 QB:r=-9999 VS:r=1 IREG:i=0';
const GEN_MID =
  'MBASE:r ZR:r=0 ZX:r=1 RT:r=0 XT:r=0 GTAP:r=1 STAT:i=1 RMPCT:r=100 PT:r=9999 PB:r=-9999';
const GEN_29 = table(`${GEN_HEAD} ${GEN_MID} ${OWNERS_F1}`);
const GEN_33 = table(`${GEN_HEAD} ${GEN_MID} ${OWNERS_F1} WMOD:i=0 WPF:r=1`);
const GEN_34 = table(`${GEN_HEAD} ${GEN_MID} ${OWNERS_F1} WMOD:i=0 WPF:r=1 NREG:i=0`);
const GEN_35 = table(`${GEN_HEAD} NREG:i=0 ${GEN_MID} BASLOD:i=0 ${OWNERS_F1} WMOD:i=0 WPF:r=1`);

const BR_HEAD = 'I:i! J:i! CKT:s=1 R:r=0 X:r! B:r=0';
const BR_SHUNTS = 'GI:r=0 BI:r=0 GJ:r=0 BJ:r=0';
const BRANCH_29 = table(
  `${BR_HEAD} RATEA:r=0 RATEB:r=0 RATEC:r=0 ${BR_SHUNTS} ST:i=1 LEN:r=0 ${OWNERS_F1}`,
);
const BRANCH_31 = table(
  `${BR_HEAD} RATEA:r=0 RATEB:r=0 RATEC:r=0 ${BR_SHUNTS} ST:i=1 MET:i=1 LEN:r=0 ${OWNERS_F1}`,
);
const BRANCH_34 = table(
  `${BR_HEAD} NAME:s= ${rates12('RATE')} ${BR_SHUNTS} ST:i=1 MET:i=1 LEN:r=0 ${OWNERS_F1}`,
);

const XF1_29 = `I:i! J:i! K:i=0 CKT:s=1 CW:i=1 CZ:i=1 CM:i=1 MAG1:r=0 MAG2:r=0 NMETR:i=2 NAME:s= STAT:i=1 ${OWNERS_F1}`;
const XF_RECORD1_29 = table(XF1_29);
const XF_RECORD1_33 = table(`${XF1_29} VECGRP:s=`);
const XF_RECORD1_35 = table(`${XF1_29} VECGRP:s= ZCOD:i=0`);
const XF_IMPEDANCE_2W = table('R1-2:r=0 X1-2:r! SBASE1-2:r');
const XF_IMPEDANCE_3W = table(
  'R1-2:r=0 X1-2:r! SBASE1-2:r R2-3:r=0 X2-3:r! SBASE2-3:r R3-1:r=0 X3-1:r! SBASE3-1:r VMSTAR:r=1 ANSTAR:r=0',
);
const windingOld = (w: number): FieldTable =>
  table(
    `WINDV${w}:r NOMV${w}:r=0 ANG${w}:r=0 RATA${w}:r=0 RATB${w}:r=0 RATC${w}:r=0 COD${w}:i=0 ` +
      `CONT${w}:i=0 RMA${w}:r=1.1 RMI${w}:r=0.9 VMA${w}:r=1.1 VMI${w}:r=0.9 NTP${w}:i=33 ` +
      `TAB${w}:i=0 CR${w}:r=0 CX${w}:r=0`,
  );
const winding33 = (w: number): FieldTable => [...windingOld(w), ...table(`CNXA${w}:r=0`)];
const winding34 = (w: number, nodLast: boolean): FieldTable =>
  table(
    `WINDV${w}:r NOMV${w}:r=0 ANG${w}:r=0 ${rates12(`RATE${w}-`)} COD${w}:i=0 CONT${w}:i=0 ` +
      (nodLast ? '' : `NOD${w}:i=0 `) +
      `RMA${w}:r=1.1 RMI${w}:r=0.9 VMA${w}:r=1.1 VMI${w}:r=0.9 NTP${w}:i=33 TAB${w}:i=0 ` +
      `CR${w}:r=0 CX${w}:r=0 CNXA${w}:r=0` +
      (nodLast ? ` NOD${w}:i=0` : ''),
  );
const XF_END_2W = table('WINDV2:r NOMV2:r=0');

const SWSHUNT_STEPS = Array.from({ length: 8 }, (_, k) => `N${k + 1}:i=0 B${k + 1}:r=0`).join(' ');
const SWSHUNT_29 = table(
  `I:i! MODSW:i=1 VSWHI:r=1 VSWLO:r=1 SWREM:i=0 RMIDNT:s= BINIT:r=0 ${SWSHUNT_STEPS}`,
);
const SWSHUNT_30 = table(
  `I:i! MODSW:i=1 VSWHI:r=1 VSWLO:r=1 SWREM:i=0 RMPCT:r=100 RMIDNT:s= BINIT:r=0 ${SWSHUNT_STEPS}`,
);
const SWSHUNT_32 = table(
  `I:i! MODSW:i=1 ADJM:i=0 STAT:i=1 VSWHI:r=1 VSWLO:r=1 SWREM:i=0 RMPCT:r=100 RMIDNT:s= BINIT:r=0 ${SWSHUNT_STEPS}`,
);
const SWSHUNT_34 = [...SWSHUNT_32, ...table('NREG:i=0')];
const SWSHUNT_35 = table(
  'I:i! ID:s=1 MODSW:i=1 ADJM:i=0 ST:i=1 VSWHI:r=1 VSWLO:r=1 SWREG:i=0 NREG:i=0 RMPCT:r=100 ' +
    'RMIDNT:s= BINIT:r=0 ' +
    Array.from({ length: 8 }, (_, k) => `S${k + 1}:i=1 N${k + 1}:i=0 B${k + 1}:r=0`).join(' '),
);

/**
 * v34/v35 system switching device: X is the device's nominal reactance (PSS/E's default
 * 0.0001 pu); STAT 1 = closed, 0 = open; STYPE 1 generic connector, 2 breaker, 3 disconnector.
 */
export const SWITCHING_DEVICE = table(
  `I:i! J:i! CKT:s=1 X:r=0.0001 ${rates12('RATE')} STAT:i=1 NSTAT:i=1 MET:i=1 STYPE:i=1 NAME:s=`,
);

export const AREA = table('I:i ISW:i=0 PDES:r=0 PTOL:r=10 ARNAME:s=');
export const ZONE = table('I:i ZONAME:s=');
export const OWNER = table('I:i OWNAME:s=');
export const INTER_AREA = table('ARFROM:i ARTO:i TRID:s=1 PTRAN:r=0');

/** The tables a revision reads; which names exist differs between revisions. */
export interface RevisionTables {
  readonly bus: FieldTable;
  readonly load: FieldTable;
  readonly fixedShunt: FieldTable | null;
  readonly generator: FieldTable;
  readonly branch: FieldTable;
  readonly xfRecord1: FieldTable;
  readonly xfImpedance2: FieldTable;
  readonly xfImpedance3: FieldTable;
  /** Record 3 (winding 1), and records 4 and 5 of a 3-winding transformer. */
  readonly xfWinding: readonly [FieldTable, FieldTable, FieldTable];
  readonly xfEnd2: FieldTable;
  readonly switchedShunt: FieldTable;
  /** Names of the first three ratings of a branch and of winding w (1-based). */
  readonly branchRates: readonly [string, string, string];
  readonly windingRates: (w: number) => readonly [string, string, string];
  readonly branchStatus: string;
  readonly switchedShuntStatus: string | null;
}

const oldRates = (w: number): readonly [string, string, string] => [
  `RATA${w}`,
  `RATB${w}`,
  `RATC${w}`,
];
const newRates = (w: number): readonly [string, string, string] => [
  `RATE${w}-1`,
  `RATE${w}-2`,
  `RATE${w}-3`,
];

export function revisionTables(rev: number): RevisionTables {
  const old = rev <= 33;
  const wind = (w: number): FieldTable =>
    rev <= 31 ? windingOld(w) : rev <= 33 ? winding33(w) : winding34(w, rev === 34);
  return {
    bus: rev <= 30 ? BUS_29 : BUS_31,
    load:
      rev <= 31
        ? LOAD_29
        : rev === 32
          ? LOAD_32
          : rev === 33
            ? LOAD_33
            : rev === 34
              ? LOAD_34
              : LOAD_35,
    fixedShunt: rev <= 30 ? null : FIXED_SHUNT,
    generator: rev <= 32 ? GEN_29 : rev === 33 ? GEN_33 : rev === 34 ? GEN_34 : GEN_35,
    branch: rev <= 30 ? BRANCH_29 : old ? BRANCH_31 : BRANCH_34,
    xfRecord1: rev <= 32 ? XF_RECORD1_29 : rev <= 34 ? XF_RECORD1_33 : XF_RECORD1_35,
    xfImpedance2: XF_IMPEDANCE_2W,
    xfImpedance3: XF_IMPEDANCE_3W,
    xfWinding: [wind(1), wind(2), wind(3)],
    xfEnd2: XF_END_2W,
    switchedShunt:
      rev <= 29
        ? SWSHUNT_29
        : rev <= 31
          ? SWSHUNT_30
          : rev <= 33
            ? SWSHUNT_32
            : rev === 34
              ? SWSHUNT_34
              : SWSHUNT_35,
    branchRates: old ? ['RATEA', 'RATEB', 'RATEC'] : ['RATE1', 'RATE2', 'RATE3'],
    windingRates: old ? oldRates : newRates,
    branchStatus: 'ST',
    switchedShuntStatus: rev <= 31 ? null : rev <= 34 ? 'STAT' : 'ST',
  };
}
