// The public network cases, MATPOWER's results for them and the PSS/E RAW test files that the
// engine's accuracy tests, the server's tests, the e2e specs, the benches and the measuring
// scripts read. They are committed xz-compressed under ../reference (README.md: where each comes
// from, and its licence) and unpacked once per checkout into ../.unpacked (gitignored), where
// they are plain files any test can read synchronously.
//
// Vitest unpacks them before any test file loads (src/global-setup.ts, a globalSetup of every
// project that reads them); a bench or script calls `await unpackReference()` first. A file that
// is not among the fixtures is an error, never a skipped test.
//
// Plain erasable TypeScript with no relative imports: Node runs it as is, so the .mjs scripts
// import it too.
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
// A CommonJS bundle whose exports Node's ESM loader cannot see by name: take the default export
// (its typings declare only named ones), as packages/engine/src/io/xz.ts does.
// eslint-disable-next-line import-x/default
import xz from 'xz-decompress';

/** One committed fixture: its path under reference/ (without `.xz`), unpacked size and hash. */
export interface ReferenceFixture {
  readonly path: string;
  readonly bytes: number;
  readonly sha256: string;
}

/** Every fixture, by its path under reference/ without the `.xz`. */
export const REFERENCE_FILES = [
  {
    path: 'cases/case118.m',
    bytes: 33696,
    sha256: 'bc2e6f22b4b9e776572885ee4b50e4f4ab2ee0c5577e9126e86d906f14c4b5f7',
  },
  {
    path: 'cases/case14.m',
    bytes: 4597,
    sha256: '2ffc4e1b734ae6c5e92dbe68b4e36010ed695a4bbcc4d065c74c4fbc39fcf3c1',
  },
  {
    path: 'cases/case2383wp.m',
    bytes: 341067,
    sha256: 'cffde7da790c36a864e7998ae5ff97367227c6960be7ae8ec0eb50c1bb809bf3',
  },
  {
    path: 'cases/case30.m',
    bytes: 4999,
    sha256: '3d9030311259b553be85d02336b7e1bcb24ec04775bee6671bdb62d18e4e2137',
  },
  {
    path: 'cases/case300.m',
    bytes: 66034,
    sha256: '69a90280e999ef533d94656e0fbc08311f1347c962dd2753ff2005ff5e3f9ac5',
  },
  {
    path: 'cases/case9.m',
    bytes: 2235,
    sha256: 'ee50fc7bf9f6019c0f3a3bc94d20978cc667b08f695dc725d00dbd998b358623',
  },
  {
    path: 'cases/case9241pegase.m',
    bytes: 1530051,
    sha256: '593a58ecddb5af509ff94410a6630f81021b48fa31da0694ff516acfa9ea5f3b',
  },
  {
    path: 'cases/case_ACTIVSg10k.m',
    bytes: 2913834,
    sha256: 'ead10b25fecc4dcc02f88bacdfb3526fe8b8985b81f7e539c95abddb32575590',
  },
  {
    path: 'cases/case_ACTIVSg200.m',
    bytes: 56257,
    sha256: '579a07884b01e71a90a6ebf4cb28ef7c4a4f3f93032a9910de0f74903a54dd38',
  },
  {
    path: 'cases/case_ACTIVSg2000.m',
    bytes: 659546,
    sha256: '8d00618de8fd10bf35a599f59d2deebfecd0d86e28fcff73219ad7c4ebab860b',
  },
  {
    path: 'cases/contab_ACTIVSg10k.m',
    bytes: 498824,
    sha256: '7e1681a960b0a2a99d824766e0e94cc291fa36a7ec33b6dee24bf12ac67ddef7',
  },
  {
    path: 'cases/contab_ACTIVSg2000.m',
    bytes: 154817,
    sha256: '198b39f0381925a4ddacbe2148973cb1d93ddfe220303829cf87b16d45190bba',
  },
  {
    path: 'cases/scenarios_ACTIVSg2000.m',
    bytes: 3622627,
    sha256: '917f4a00eeca59da1766f75fde8e661de47082e276f681340ad59b6d0de65ebd',
  },
  {
    path: 'raw/ACTIVSg2000.RAW',
    bytes: 1166973,
    sha256: 'd7191f8d9ba1bc7ce8247a060fc6e12bcb0dc5b7ba4f7e6cf68c7233f7a13cea',
  },
  {
    path: 'raw/IEEE_14_bus.raw',
    bytes: 8052,
    sha256: '63370c768bb96ff263b1ff99a0ca2e067257fde9cc94c793372c02b9ff39ec27',
  },
  {
    path: 'raw/IEEE_14_bus_LODF_PSSe.csv',
    bytes: 3695,
    sha256: 'ac505ce88a282feb492a1f8c7c4b116a370c59052772873b1dddffb2f9c466b8',
  },
  {
    path: 'raw/IEEE_14_bus_PTDF_PSSe.csv',
    bytes: 2593,
    sha256: 'b4c883bb3eb0dc868dbefbc6193a13b9b5d9540524596f53f3426214256d3bca',
  },
  {
    path: 'raw/IEEE_14_v35_3_nudox.raw',
    bytes: 20215,
    sha256: 'b219522f04a0d8b3acadb477b9c92b36a697cbf253b53be88bc25a22574e19ae',
  },
  {
    path: 'raw/IEEE_30_bus.raw',
    bytes: 13832,
    sha256: '0e281169ed4370ca6f59f2cba788cc6c6da152a251e4c006c1f93e83ff3ac2d7',
  },
  {
    path: 'raw/IEEE_30_bus_LODF_PSSe.csv',
    bytes: 13534,
    sha256: '911026fae4ec2b1f81e30592790c45cf60f53cdf8fe97971fb623c35bd571e17',
  },
  {
    path: 'raw/IEEE_30_bus_PTDF_PSSe.csv',
    bytes: 10180,
    sha256: '57eea1b4f8b94a366fda59842e8f9a1f4bc97b49500a8315b834f47538b6bbb0',
  },
  {
    path: 'raw/ieee-14-bus_d_rename_lodf.raw',
    bytes: 16309,
    sha256: 'ecd30ef43dbdecc756a40795064e1492eb7e1cc28b85b460bf33c110485373df',
  },
  {
    path: 'raw/t_case9_save2psse.m',
    bytes: 2233,
    sha256: '537e69e99d65ba9d82333747b4f222412092b8d791ffe01063309b899d170685',
  },
  {
    path: 'raw/t_case9_save2psse.raw',
    bytes: 4770,
    sha256: '40a80469efd652b376836758087c71719ff5ffc20df5a0ad963a0ac58d274079',
  },
  {
    path: 'raw/t_psse_case2.m',
    bytes: 2369,
    sha256: 'c3786d4fa162b18b317250f492928867dd8d0be11a6c31aa1caace692189485e',
  },
  {
    path: 'raw/t_psse_case2.raw',
    bytes: 4057,
    sha256: '3b0ad7e7e547e47442451ec085f8da5d614068622c9868523efa4c6da6b87682',
  },
  {
    path: 'raw/t_psse_case3.m',
    bytes: 8824,
    sha256: '8a1fba34c40b8c58007f9bf334244cd32a53f606f0d5aca7de30844a0ec506d3',
  },
  {
    path: 'raw/t_psse_case3.raw',
    bytes: 25554,
    sha256: '9d18f69c8c5f48103e786ea32d66d10abec79e4cc1d030112fec80f8eb67167b',
  },
  {
    path: 'results/case118.json',
    bytes: 137401,
    sha256: 'e6811acc5815ef2e9baac9f0cfe42197f2f363e9878f4333971894e6e15d2ff4',
  },
  {
    path: 'results/case118.scipy.json',
    bytes: 2447,
    sha256: 'c603820bc633da3e6b18d01d39c0405903e89dc9d5c32658b36fc5cba125749c',
  },
  {
    path: 'results/case14.json',
    bytes: 20391,
    sha256: '14fcdc8b91ca64d63d7e2935123b473ce7baf0fc28b62ac8e23bd325edf3c045',
  },
  {
    path: 'results/case14.scipy.json',
    bytes: 2439,
    sha256: '2eca97bf49b2e5c34c101320e651b2ee978060aa4b09a4b24dd1b8f7d857f22a',
  },
  {
    path: 'results/case2383wp.json',
    bytes: 612425,
    sha256: 'a4b3df720d53d16fbb2b780fe55390bebfd94220d0d251fb3712c47ca2c9a4e3',
  },
  {
    path: 'results/case2383wp.scipy.json',
    bytes: 5700,
    sha256: '955973cd28e626e743678b72b4559147b3a2d31584de11aca3fedb2f06bc0b31',
  },
  {
    path: 'results/case30.json',
    bytes: 69005,
    sha256: '74c28516305938524ce6c4a1c9bfeba65fb292b2942b3ce92b562ea4d16a5f0b',
  },
  {
    path: 'results/case30.scipy.json',
    bytes: 5574,
    sha256: 'db63832b6b3853deaab5b67854c8f1bce7df5ed20cbdb029d579be0aca16f95b',
  },
  {
    path: 'results/case300.json',
    bytes: 137734,
    sha256: 'a648fba430e95eb6676f80279df591948243787533f8ab190db5fbf021bc7557',
  },
  {
    path: 'results/case300.scipy.json',
    bytes: 2434,
    sha256: '9a2112c7834c9235b06aae6705d498b31a8812a2c831788a34a20b9b289060b7',
  },
  {
    path: 'results/case9.json',
    bytes: 12071,
    sha256: '314d9fb761c5d5a1e487c808edce27e9107cce8dc073e4460543de12a6967511',
  },
  {
    path: 'results/case9.scipy.json',
    bytes: 5435,
    sha256: 'a0d215c95f90e66eba495e748d71417ba2b245e9486ec6a17b7a6f85c065abee',
  },
  {
    path: 'results/case9241pegase.json',
    bytes: 2656408,
    sha256: '310a1a2505eff6d048ee81bbcb3fda5d21938ee90c2f0ddfdc7bbff365b07cb3',
  },
  {
    path: 'results/case9241pegase.scipy.json',
    bytes: 5686,
    sha256: '35c2e5ee912178f5dbf955ebb6a3b876cf8ede5d3dbcd75d845f42405106a226',
  },
  {
    path: 'results/case_ACTIVSg10k.json',
    bytes: 2272587,
    sha256: '89a6ef8a77e1114eb1641a91bea32c3fbb36073e57f83b38bf95725cb970843d',
  },
  {
    path: 'results/case_ACTIVSg10k.scipy.json',
    bytes: 5718,
    sha256: '548ccdc3a5bb8d23f301783f79167295b42fbf5623fa0535748d5d196cc1757d',
  },
  {
    path: 'results/case_ACTIVSg200.json',
    bytes: 133783,
    sha256: '73107655969502a74776fb431dcb3d9746d246d72ebeb4b24a297c52595ccee8',
  },
  {
    path: 'results/case_ACTIVSg200.scipy.json',
    bytes: 5407,
    sha256: '0719b95ff3418bd1e06cd5ade547a1dd359eb5545f158d5efa24ac1abf5113c8',
  },
  {
    path: 'results/case_ACTIVSg2000.json',
    bytes: 619723,
    sha256: 'b494d772c6e06131fe56f8fc4bc7cffccbb55f83459231580168f3d0ebcb82a0',
  },
  {
    path: 'results/case_ACTIVSg2000.scipy.json',
    bytes: 5678,
    sha256: '7fb9dc824b228b8e656106723e51cebf3663a2944867ccca0a3b36776a22e397',
  },
  {
    path: 'unscored/cases/case_ACTIVSg500.m',
    bytes: 132411,
    sha256: '8ca6d54ea5179eeb03fe29d7b645618e7a86338c172247e81687476660f6dcbe',
  },
  {
    path: 'unscored/pti/README.md',
    bytes: 406,
    sha256: 'a13976e734e23c5c076e55c2b39761a978ca39fbe03d5a28e3c347e0672d4192',
  },
  {
    path: 'unscored/pti/case0.raw',
    bytes: 691,
    sha256: '337ee71ce75e6f0c831795f7b0d748c637f3b0fa80f83445a6b8445b945c930a',
  },
  {
    path: 'unscored/pti/case14.raw',
    bytes: 8806,
    sha256: '045e1e125036a5caa24e79af3ca2f461c39e56496293f2eef36074a2d4acb7fa',
  },
  {
    path: 'unscored/pti/case24.raw',
    bytes: 20299,
    sha256: 'aebc6b6f65fa15da3eac35067c4a57a5b96a83cecc28f208a9c9a3ba93267eaa',
  },
  {
    path: 'unscored/pti/case3.raw',
    bytes: 3455,
    sha256: '10dcfe07f4f78240e745c45bef9072ce3ea74c8e453c09e7c82005194b6013ed',
  },
  {
    path: 'unscored/pti/case30.raw',
    bytes: 16017,
    sha256: '0bf896e726616e119f64d3005b1c3e6ba96a9493d5e0bce96871582db377514e',
  },
  {
    path: 'unscored/pti/case3_2wtf_vmon0.raw',
    bytes: 2192,
    sha256: '09103151ee9d850bdfbd3d6461ee12a59685aa459d24efc664ea3f8f407e7657',
  },
  {
    path: 'unscored/pti/case4_3wtf_vnom0_cw2.raw',
    bytes: 1965,
    sha256: 'e1aefe3b9be64768186e0d0097ee6777de0c2bf6be5354276a15fb1c5c60eb11',
  },
  {
    path: 'unscored/pti/case4_3wtf_vnom0_cw3.raw',
    bytes: 1960,
    sha256: '9583c155c5976580034dc9bfc766c8febe20faf410123ac7606a22f173377816',
  },
  {
    path: 'unscored/pti/case5.raw',
    bytes: 5242,
    sha256: '51c704b3f1d9313610ea84b967b0c36d9a8ea363ef449ac3ee134aa51cbf6062',
  },
  {
    path: 'unscored/pti/case5_alc.raw',
    bytes: 4640,
    sha256: '7341df95e34eb40a0cf2ebfad9246d1fbe885713d3d1535db90ca4fafa877234',
  },
  {
    path: 'unscored/pti/case73.raw',
    bytes: 59589,
    sha256: 'cae09452d136350eb5ad83661f3622fee4d83fd91b26cb7b26869a032c4d78e6',
  },
  {
    path: 'unscored/pti/case7_tplgy.raw',
    bytes: 5098,
    sha256: '40a6835ea5df93cc2fd5075a2911562440e96de686dc1a71861a8cd3284574fe',
  },
  {
    path: 'unscored/pti/frankenstein_00.raw',
    bytes: 3201,
    sha256: '903df2df52da287430f67097df637ac5b1e7eb345dad9161733a6badaded1d8b',
  },
  {
    path: 'unscored/pti/frankenstein_00_2.raw',
    bytes: 3201,
    sha256: '0fe393c1dc0dac159786af2294f4b91a3d540c874a60fb854608ab92720238a5',
  },
  {
    path: 'unscored/pti/frankenstein_20.raw',
    bytes: 4435,
    sha256: 'ecd841ad69320a504fa0ee4dfc95e8ed13bddb408b8504c75c1bc827b05a2caa',
  },
  {
    path: 'unscored/pti/frankenstein_70.raw',
    bytes: 7445,
    sha256: 'd82a561a28a80f078f794d5a1fc10b98aaa544a14f53c41e8c7bce1fb0c6877e',
  },
  {
    path: 'unscored/pti/parser_test_a.raw',
    bytes: 262,
    sha256: 'c5f7c294b36b61cf007606d37b23ef1e2de5c43b7f43e8774c62e3a5de8fb577',
  },
  {
    path: 'unscored/pti/parser_test_b.raw',
    bytes: 583,
    sha256: 'c5bd92c8add745c43ac04732b68033dee72eb98ba3a5918d0984d6f7ee4bcf39',
  },
  {
    path: 'unscored/pti/parser_test_c.raw',
    bytes: 144,
    sha256: '8920d0f32105c5f380e8568f68dc7b8fb5e61eb3637412bbcf62c2fe07126c28',
  },
  {
    path: 'unscored/pti/parser_test_d.raw',
    bytes: 15,
    sha256: 'b9d1988f8d90b20a4d240a78ad8d951f01c472a1a5dd7a52b59701aafdb71196',
  },
  {
    path: 'unscored/pti/parser_test_defaults.raw',
    bytes: 591,
    sha256: 'a0a79eb9726dbed612daf7b2485d8fd9416b2c28deaae7ffa0fd961120fa764f',
  },
  {
    path: 'unscored/pti/parser_test_e.raw',
    bytes: 389,
    sha256: '027a854915a131b1d5729b14f1a8f08c09e6977d9c9fbf931f1d231eb29015e5',
  },
  {
    path: 'unscored/pti/parser_test_f.raw',
    bytes: 222,
    sha256: '8fec8d1960e53f10b02e5b799f8086b4b3412926f46b80e65e142023120d8539',
  },
  {
    path: 'unscored/pti/parser_test_g.raw',
    bytes: 114,
    sha256: 'db8a6fff575e76e44acff851d261b7b27647797689e6821d0a3ae2cdebb2b3a7',
  },
  {
    path: 'unscored/pti/parser_test_h.raw',
    bytes: 103,
    sha256: 'dc3b3cc9b139b2b41deefa9692e4f0cb494af12410ce03194c93dd793f14c6ac',
  },
  {
    path: 'unscored/pti/parser_test_i.raw',
    bytes: 155,
    sha256: '33d2d65d24dc2e32df5dc6b68b3e597f5fe6043b9c0d6c72294b9231ef758f5e',
  },
  {
    path: 'unscored/pti/parser_test_j.raw',
    bytes: 241,
    sha256: 'b6d1e365d6369ce7c4177b049d55251627cd0b640cb721a9e992c2ef7fe88eb7',
  },
  {
    path: 'unscored/pti/parser_test_k.raw',
    bytes: 2659,
    sha256: '4da917fce50987a229f6c19a0c632e1be5d95527da07b48470a6897c0b82950e',
  },
  {
    path: 'unscored/pti/parser_test_l.raw',
    bytes: 584,
    sha256: '830da0f1ddfea53b97a1c12beb503b90511a5d0a9ea48260518fd5109f7ba488',
  },
  {
    path: 'unscored/pti/three_winding_mag_test.raw',
    bytes: 2600,
    sha256: 'be202fc2922ba455eeefee4600df5adaf8d113bef108c1a9bc082bd6addb36ba',
  },
  {
    path: 'unscored/pti/three_winding_test.raw',
    bytes: 5154,
    sha256: 'ed5784f920edf54ffa31c6aa9728fd8e59b6d5d644a821d4b84ab43d914a4bda',
  },
  {
    path: 'unscored/pti/three_winding_test_2.raw',
    bytes: 2566,
    sha256: 'f854bd8b5bf3733cde5101208e5034d8f3d772d4be4ed16e56f0ab2b9e0b7e28',
  },
  {
    path: 'unscored/pti/two-terminal-hvdc_test.raw',
    bytes: 2232,
    sha256: 'ab0f57b660c1d9b12976685bfa8506f56f441f4647fdbc05aa853e0bdb0df5f8',
  },
  {
    path: 'unscored/pti/two_winding_mag_test.raw',
    bytes: 2352,
    sha256: '7ba248cb7bf7d6a50bdd9237ad08e40822a476756d40c14c744d6da223897bd4',
  },
  {
    path: 'unscored/pti/vsc-hvdc_test.raw',
    bytes: 2133,
    sha256: 'ad4a00a2a22468e985472f189eea45cd0e04fac95ab16d974c067eb50c250521',
  },
  {
    path: 'unscored/raw/ACTIVSg2000_rename.raw',
    bytes: 1535812,
    sha256: 'ba629d5678da910d353e93d74770ad935d05406b07bbe11b3b45cc33b9233f5b',
  },
  {
    path: 'unscored/raw/IEEE_118_Bus_v2.raw',
    bytes: 56349,
    sha256: '571ee59e887f54fcbea98c9f00da26830e5ffdf24181cf5749a3fa7f86a0a018',
  },
  {
    path: 'unscored/raw/IEEE_118_bus_LODF_PSSe.csv',
    bytes: 241873,
    sha256: 'fe32fd7836900d7617472efd3f35fd170dade1648e634b46bfcea1c369419cfc',
  },
  {
    path: 'unscored/raw/IEEE_118_bus_PTDF_PSSe.csv',
    bytes: 170787,
    sha256: '7b07b470161f51b6e5955fddc9c2994be1c8a30c6be777969b4a78d02c9cd45e',
  },
  {
    path: 'unscored/raw/IEEE_14_v35_3_nudox_1_hvdc_desf_rates_fs_ss.raw',
    bytes: 20227,
    sha256: '47bb6600da5617f0fe8ce540af53eb5549452f5932a5007c1ccbee66cddae493',
  },
  {
    path: 'unscored/raw/issue_337.raw',
    bytes: 1889,
    sha256: '1519b80bae7fac1be81526e447aec4b2a13bf07f54e64d7728eb04081f5b5fd5',
  },
] as const satisfies readonly ReferenceFixture[];

/** The path of a fixture under reference/, e.g. `cases/case9.m` or `results/case9.json`. */
export type ReferenceFile = (typeof REFERENCE_FILES)[number]['path'];

const packageDir = path.resolve(import.meta.dirname, '..');
/** Where the fixtures are committed, as `<path>.xz`. */
export const PACKED_DIR = path.join(packageDir, 'reference');
/** Where they are unpacked, as `<path>` (gitignored). */
export const UNPACKED_DIR = path.join(packageDir, '.unpacked');

const byPath = new Map<string, ReferenceFixture>(REFERENCE_FILES.map((f) => [f.path, f]));

/** True when `name` is a fixture's path: for names built at run time (a bench's --case). */
export function isReferenceFile(name: string): name is ReferenceFile {
  return byPath.has(name);
}

/** The fixtures whose path starts with `prefix` (`raw/`, `unscored/pti/`), in path order. */
export function referenceFiles(prefix = ''): ReferenceFile[] {
  return REFERENCE_FILES.map((f) => f.path)
    .filter((p) => p.startsWith(prefix))
    .sort();
}

function fixture(name: string): ReferenceFixture {
  const found = byPath.get(name);
  if (found) return found;
  const folder = name.includes('/') ? name.slice(0, name.lastIndexOf('/') + 1) : '';
  const near = referenceFiles(folder);
  throw new Error(
    `${name} is not a reference fixture (packages/test-fixtures/reference/): add it there and ` +
      `to REFERENCE_FILES (packages/test-fixtures/README.md).` +
      (folder && near.length > 0 ? ` Fixtures under ${folder}: ${near.join(', ')}.` : ''),
  );
}

/** `name` as a fixture's path, for names built at run time; throws when it is not one. */
export function asReferenceFile(name: string): ReferenceFile {
  fixture(name);
  return name as ReferenceFile;
}

/**
 * The path of a fixture's unpacked plain file. Throws when `name` is not a fixture, and when it
 * is not unpacked yet (outside Vitest, call `await unpackReference()` first).
 */
export function referencePath(name: ReferenceFile): string {
  const { bytes } = fixture(name);
  const file = path.join(UNPACKED_DIR, name);
  const size = fs.statSync(file, { throwIfNoEntry: false })?.size;
  if (size !== bytes) {
    throw new Error(
      `reference fixture ${name} is not unpacked at ${file}: Vitest's globalSetup ` +
        `(@holgura/test-fixtures/src/global-setup.ts) unpacks every fixture; a bench or script ` +
        `must call \`await unpackReference()\` first`,
    );
  }
  return file;
}

/** A fixture's bytes. */
export function readReference(name: ReferenceFile): Buffer<ArrayBuffer> {
  return fs.readFileSync(referencePath(name));
}

/** A fixture's text (`latin1` for PSS/E RAW files written by Windows tools). */
export function readReferenceText(name: ReferenceFile, encoding: BufferEncoding = 'utf8'): string {
  return fs.readFileSync(referencePath(name), encoding);
}

async function unxz(bytes: Uint8Array<ArrayBuffer>): Promise<Buffer> {
  const reader = new xz.XzReadableStream(new Blob([bytes]).stream()).getReader();
  const chunks: Uint8Array[] = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** Unpacks one fixture unless its plain file is already there, as large and newer than the .xz. */
async function unpackOne(f: ReferenceFixture, dir: string): Promise<boolean> {
  const packed = path.join(PACKED_DIR, `${f.path}.xz`);
  const target = path.join(dir, f.path);
  const packedStat = fs.statSync(packed, { throwIfNoEntry: false });
  if (!packedStat) throw new Error(`reference fixture ${f.path}: ${packed} is missing`);
  const current = fs.statSync(target, { throwIfNoEntry: false });
  if (current && current.size === f.bytes && current.mtimeMs >= packedStat.mtimeMs) return false;
  const data = await unxz(fs.readFileSync(packed));
  const sha256 = createHash('sha256').update(data).digest('hex');
  if (data.byteLength !== f.bytes || sha256 !== f.sha256) {
    throw new Error(
      `${packed} unpacks to ${data.byteLength} bytes (sha256 ${sha256}); REFERENCE_FILES ` +
        `says ${f.bytes} bytes (sha256 ${f.sha256})`,
    );
  }
  fs.mkdirSync(path.dirname(target), { recursive: true });
  // Another process may unpack the same file at the same time: each writes its own temporary
  // file and renames it into place, which replaces the target atomically.
  const temp = `${target}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
  try {
    fs.writeFileSync(temp, data);
    fs.renameSync(temp, target);
  } finally {
    fs.rmSync(temp, { force: true });
  }
  return true;
}

/**
 * Unpacks every fixture into `dir`; files already there (same size, newer than their .xz) are
 * kept. Resolves to how many files it wrote. Tests and scripts call unpackReference().
 */
export async function unpackReferenceInto(dir: string): Promise<number> {
  let written = 0;
  for (const f of REFERENCE_FILES) if (await unpackOne(f, dir)) written++;
  return written;
}

let unpacking: Promise<number> | undefined;

/**
 * Unpacks every fixture into UNPACKED_DIR, once per process; files already unpacked (same size,
 * newer than their .xz) are kept. Resolves to how many files it wrote.
 */
export function unpackReference(): Promise<number> {
  unpacking ??= unpackReferenceInto(UNPACKED_DIR).catch((error: unknown) => {
    unpacking = undefined;
    throw error;
  });
  return unpacking;
}
