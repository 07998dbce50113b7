// exceljs is CommonJS: under Node's ESM loader only its default export exists.
// eslint-disable-next-line import-x/default
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import {
  apiErrorSchema,
  exportPaths,
  type AnalysisResultV1,
  type BusbarCapacity,
  type Flexibility,
} from '@holgura/contracts';
import type { Db } from '../../db/database';
import { buildTestApp, dialects } from '../../app.test-support';
import { newAccount, TestClient } from '../auth/auth.test-support';
import { DEMO_OWNER } from '../cases/cases.repository';
import { CSV_TYPE, XLSX_TYPE } from './export.routes';

async function signedIn(server: ConstructorParameters<typeof TestClient>[0], who: string) {
  const client = new TestClient(server);
  const response = await client.post('/api/auth/sign-up/email', newAccount(who));
  expect(response.statusCode, response.body).toBe(200);
  return client;
}

const element = (branch: number, name: string, flow: number, rate: number) => ({
  branch,
  name,
  initialFlowMw: flow,
  maxCapacityMva: rate,
  emergencyCapacityMva: 0,
});

export const flexibility: Flexibility = {
  options: {
    studyGroup: { rule: 'renewables', plants: [1] },
    sink: 'headroom-down',
    levels: 2,
    distributionFactorCutoff: 0.01,
    postContingencyRating: 'emergency',
    includeGeneratorOutages: false,
  },
  tmaxMw: 400,
  fcitcMw: 150.5,
  limitingConstraintId: 1,
  plants: [
    {
      id: 1,
      name: 'G Solar Ñuñoa',
      busNumber: 3,
      generators: [1],
      unitsInParallel: 2,
      pInitialMw: 10,
      pMaxMw: 410,
      pMinMw: 0,
      inStudyGroup: true,
      participation: 1,
    },
    {
      id: 2,
      name: 'G Norte',
      busNumber: 1,
      generators: [2],
      unitsInParallel: 1,
      pInitialMw: 300.25,
      pMaxMw: 500,
      pMinMw: 50,
      inStudyGroup: false,
      participation: -0.75,
    },
    {
      id: 3,
      name: 'G Sur',
      busNumber: 2,
      generators: [3],
      unitsInParallel: 1,
      pInitialMw: 100,
      pMaxMw: 200,
      pMinMw: 0,
      inStudyGroup: false,
      participation: -0.25,
    },
  ],
  levels: [
    { level: 1, transferMw: 200, flexibilityPercent: 75.25, constraintIds: [1] },
    { level: 2, transferMw: 400, flexibilityPercent: 37.625, constraintIds: [1, 2] },
  ],
  constraints: [
    {
      id: 1,
      monitored: element(4, 'LÍNEA "A"-B 230 kV', -1234.5678, 1500),
      contingency: element(7, 'TRAFO C', 55.5, 100),
      limitMw: 1600,
      flowAtZeroMw: 1400.125,
      distributionFactor: -0.4321987,
      ranking: 0.4321987,
      transferAtLimitMw: 150.5,
      preExistingViolation: false,
      sensitivities: [
        { plant: 1, sensitivity: 0.4321987 },
        { plant: 2, sensitivity: -0.2 },
        { plant: 3, sensitivity: 0.005 },
      ],
    },
    {
      id: 2,
      monitored: element(5, '=CMD|calc', 80, 0),
      contingency: null,
      limitMw: 90,
      flowAtZeroMw: 99,
      distributionFactor: 0.05,
      ranking: 0.05,
      transferAtLimitMw: 200,
      preExistingViolation: true,
      sensitivities: [{ plant: 1, sensitivity: 0.05 }],
    },
  ],
};

const analysis = (extra: Partial<AnalysisResultV1>): AnalysisResultV1 => ({
  schemaVersion: 1,
  network: {
    format: 'matpower',
    revision: null,
    compressed: false,
    baseMva: 100,
    counts: { buses: 3, branches: 3, generators: 3, loads: 1, islands: 1 },
    warnings: [],
  },
  n1: {
    contingencies: 3,
    islandingContingencies: 0,
    monitored: 3,
    baseCaseOverloads: 0,
    overloadedPairs: 0,
    top: [],
    baseCaseTop: [],
  },
  timingsMs: {},
  ...extra,
});

/** Stores a result for a case the client created through the API (so it is the client's). */
async function storeResult(db: Db, caseId: string, result: AnalysisResultV1 | null) {
  const owner = await db
    .selectFrom('cases')
    .select('user_id')
    .where('case_id', '=', caseId)
    .executeTakeFirstOrThrow();
  await db
    .insertInto('case_api_data')
    .values({
      case_id: caseId,
      user_id: owner.user_id,
      full_data_json: null,
      extras: null,
      analysis_json: result === null ? null : JSON.stringify(result),
      api_response_date: new Date().toISOString(),
    })
    .execute();
}

async function readXlsx(body: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  let headerRow = 0;
  sheet.eachRow((row, number) => {
    if (headerRow === 0 && row.getCell(1).value === '#') headerRow = number;
  });
  return { sheet, headerRow };
}

/** Rows of an es-CO CSV: `;` separated, quoted text, decimal comma. */
function parseCsv(text: string): string[][] {
  return text
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter((line) => line !== '')
    .map((line) => {
      const cells: string[] = [];
      let cell = '';
      let quoted = false;
      for (let i = 0; i < line.length; i += 1) {
        const char = line[i]!;
        if (quoted) {
          if (char === '"' && line[i + 1] === '"') {
            cell += '"';
            i += 1;
          } else if (char === '"') quoted = false;
          else cell += char;
        } else if (char === '"') quoted = true;
        else if (char === ';') {
          cells.push(cell);
          cell = '';
        } else cell += char;
      }
      cells.push(cell);
      return cells;
    });
}
const esNumber = (text: string) => Number(text.replace(',', '.'));

describe.each(dialects)('exports on %s', (dialect) => {
  it('downloads a level’s constraints as xlsx with the stored numbers, formats and headers', async () => {
    const { server, db } = await buildTestApp({}, { dialect });
    const ana = await signedIn(server, 'xlsx');
    await ana.put('/api/cases/caso-1', { caseName: 'Caso Año 2030' });
    await storeResult(db, 'caso-1', analysis({ flexibility }));

    const response = await ana.get(`${exportPaths.constraints('caso-1', 'xlsx')}?level=2`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe(XLSX_TYPE);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="restricciones-caso-ano-2030-nivel-2.xlsx"; filename*=UTF-8''restricciones-caso-ano-2030-nivel-2.xlsx`,
    );
    expect(response.headers['cache-control']).toBe('private, no-store');

    const { sheet, headerRow } = await readXlsx(response.rawPayload);
    expect(sheet.name).toBe('Restricciones nivel 2');
    expect(sheet.getCell('A1').value).toBe('Restricciones del nivel 2');
    expect(sheet.getCell('B2').value).toBe('Caso Año 2030');
    const header = sheet.getRow(headerRow).values as unknown[];
    expect(header.slice(1)).toEqual([
      '#',
      'Elemento Monitoreado',
      'Elemento en Contingencia',
      'Impacto (MW/MW)',
      'Factor de distribución (MW/MW)',
      'Flujo inicial (MW)',
      'Capacidad máxima (MVA)',
      'Carga inicial (%)',
      'Flujo inicial contingencia (MW)',
      'Flujo post-contingencia inicial (MW)',
      'Límite aplicable (MW)',
      'Transferencia en el límite T(c) (MW)',
      'Violación existente (T = 0)',
      'Carga AC en el límite (%)',
      'Carga DC en el límite (%)',
      'Verificación AC',
    ]);
    const first = sheet.getRow(headerRow + 1);
    expect(first.getCell(2).value).toBe('LÍNEA "A"-B 230 kV');
    expect(first.getCell(3).value).toBe('TRAFO C');
    expect(first.getCell(4).value).toBe(0.4321987);
    expect(first.getCell(4).numFmt).toBe('0.000000');
    expect(first.getCell(6).value).toBe(-1234.5678);
    expect(first.getCell(6).numFmt).toBe('#,##0.00');
    expect(first.getCell(8).value).toBeCloseTo((1234.5678 / 1500) * 100, 9);
    expect(first.getCell(10).value).toBe(1400.125);
    expect(first.getCell(11).value).toBe(1600);
    expect(first.getCell(13).value).toBe('No');
    const second = sheet.getRow(headerRow + 2);
    expect(second.getCell(2).value).toBe('=CMD|calc');
    expect(second.getCell(3).value).toBe('SOBRECARGA RED COMPLETA');
    // No RATE_A: no loading rather than an invented one.
    expect(second.getCell(8).value).toBeNull();
    // Issue #21: which condition is over its limit, and by how much.
    expect(second.getCell(13).value).toBe('Sí, en la red completa: 110 %');
    // Issue #25: the AC check's columns, empty and said so where none was computed.
    expect(second.getCell(16).value).toBe('Sin verificar');
    expect(sheet.getRow(headerRow + 3).cellCount).toBe(0);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: headerRow });
    expect(sheet.autoFilter).toBe(`A${headerRow}:P${headerRow + 2}`);
    expect(sheet.getColumn(2).width).toBe(60);
  });

  it('downloads the same table as es-CO CSV: BOM, semicolons, decimal comma, CRLF', async () => {
    const { server, db } = await buildTestApp({}, { dialect });
    const ana = await signedIn(server, 'csv');
    await ana.put('/api/cases/caso-1', { caseName: 'Caso 1' });
    await storeResult(db, 'caso-1', analysis({ flexibility }));

    const response = await ana.get(`${exportPaths.constraints('caso-1', 'csv')}?level=2`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(CSV_TYPE);
    expect(response.headers['content-disposition']).toContain(
      'filename="restricciones-caso-1-nivel-2.csv"',
    );
    const text = response.rawPayload.toString('utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(text).toContain('\r\n');
    expect(text.replaceAll('\r\n', '')).not.toContain('\n');
    const rows = parseCsv(text);
    const headerIndex = rows.findIndex((row) => row[0] === '#');
    expect(rows[headerIndex]).toContain('Límite aplicable (MW)');
    const first = rows[headerIndex + 1]!;
    expect(first.slice(0, 8)).toEqual([
      '1',
      'LÍNEA "A"-B 230 kV',
      'TRAFO C',
      '0,432199',
      '-0,432199',
      '-1234,57',
      '1500,00',
      '82,30',
    ]);
    expect(esNumber(first[9]!)).toBeCloseTo(1400.13, 2);
    // A name that would run as a formula is written as text.
    expect(rows[headerIndex + 2]![1]).toBe("'=CMD|calc");
    expect(rows[headerIndex + 2]![7]).toBe('');
  });

  it('downloads the generators of a constraint at a level with the dispatches /analisis shows', async () => {
    const { server, db } = await buildTestApp({}, { dialect });
    const ana = await signedIn(server, 'gen');
    await ana.put('/api/cases/caso-1', { caseName: 'Caso 1' });
    await storeResult(db, 'caso-1', analysis({ flexibility }));

    const response = await ana.get(
      `${exportPaths.generators('caso-1', 'xlsx')}?level=1&constraint=1`,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toContain(
      'filename="generadores-caso-1-nivel-1-restriccion-1.xlsx"',
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    let headerRow = 0;
    sheet.eachRow((row, number) => {
      if (row.getCell(1).value === 'Generador') headerRow = number;
    });
    expect((sheet.getRow(headerRow).values as unknown[]).slice(1, 8)).toEqual([
      'Generador',
      'Número de barra',
      'Sensibilidad (MW/MW)',
      'P0 (MW)',
      'Despacho nivel 1 (MW)',
      'Despacho límite (MW)',
      'Despacho Tmax (MW)',
    ]);
    // G Sur (|S| = 0,5 %) is under the 1 % the panel lists; sorted by sensitivity descending.
    const solar = sheet.getRow(headerRow + 1);
    const norte = sheet.getRow(headerRow + 2);
    expect(sheet.getRow(headerRow + 3).cellCount).toBe(0);
    expect(solar.getCell(1).value).toBe('G Solar Ñuñoa');
    expect((solar.values as unknown[]).slice(2)).toEqual([
      3,
      0.4321987,
      10,
      10 + 200,
      10 + 150.5,
      10 + 400,
      410,
      2,
      0.4321987 * 400,
      'Sí',
    ]);
    expect(norte.getCell(1).value).toBe('G Norte');
    expect(norte.getCell(5).value).toBeCloseTo(300.25 - 0.75 * 200, 9);
    expect(norte.getCell(6).value).toBeCloseTo(300.25 - 0.75 * 150.5, 9);
    expect(norte.getCell(10).value).toBeCloseTo(-0.2 * (500 - 300.25), 9);

    const csv = await ana.get(`${exportPaths.generators('caso-1', 'csv')}?level=1&constraint=1`);
    expect(csv.statusCode).toBe(200);
    const rows = parseCsv(csv.rawPayload.toString('utf8'));
    const index = rows.findIndex((row) => row[0] === 'Generador');
    expect(rows[index + 1]!.slice(0, 5)).toEqual([
      'G Solar Ñuñoa',
      '3',
      '0,432199',
      '10,00',
      '210,00',
    ]);
  });

  it('answers bad parameters, missing levels and constraints with Spanish errors', async () => {
    const { server, db } = await buildTestApp({}, { dialect });
    const ana = await signedIn(server, 'bad');
    await ana.put('/api/cases/caso-1', { caseName: 'Caso 1' });
    await storeResult(db, 'caso-1', analysis({ flexibility }));
    const expectError = async (url: string, status: number, code: string) => {
      const response = await ana.get(url);
      expect(response.statusCode, url).toBe(status);
      const body = apiErrorSchema.parse(response.json());
      expect(body.error.code).toBe(code);
      return body.error.message;
    };
    const constraints = exportPaths.constraints('caso-1', 'xlsx');
    expect(await expectError(constraints, 400, 'VALIDATION_FAILED')).toBe(
      'El nivel debe ser un número entero positivo',
    );
    await expectError(`${constraints}?level=0`, 400, 'VALIDATION_FAILED');
    await expectError(`${constraints}?level=1.5`, 400, 'VALIDATION_FAILED');
    expect(await expectError(`${constraints}?level=3`, 404, 'LEVEL_NOT_FOUND')).toBe(
      'El caso no tiene el nivel de flexibilidad solicitado',
    );
    const generators = exportPaths.generators('caso-1', 'csv');
    expect(await expectError(`${generators}?level=1`, 400, 'VALIDATION_FAILED')).toBe(
      'La restricción debe ser un número entero positivo',
    );
    // Constraint 2 exists but is not in level 1's table.
    expect(
      await expectError(`${generators}?level=1&constraint=2`, 404, 'CONSTRAINT_NOT_FOUND'),
    ).toBe('El nivel no tiene la restricción solicitada');
    await expectError(`${generators}?level=2&constraint=9`, 404, 'CONSTRAINT_NOT_FOUND');
  });

  it('tells apart a missing case, a case without results and one without flexibility', async () => {
    const { server, db } = await buildTestApp({}, { dialect });
    const ana = await signedIn(server, 'states');
    await ana.put('/api/cases/sin-datos', { caseName: 'Sin datos' });
    await ana.put('/api/cases/solo-n1', { caseName: 'Solo N-1' });
    await storeResult(db, 'solo-n1', analysis({}));

    const missing = await ana.get(`${exportPaths.constraints('no-existe', 'xlsx')}?level=1`);
    expect(missing.statusCode).toBe(404);
    expect(apiErrorSchema.parse(missing.json()).error.code).toBe('CASE_NOT_FOUND');
    const noData = await ana.get(`${exportPaths.constraints('sin-datos', 'csv')}?level=1`);
    expect(noData.statusCode).toBe(404);
    expect(apiErrorSchema.parse(noData.json()).error.message).toBe(
      'El caso no tiene resultados guardados',
    );
    const noFlexibility = await ana.get(`${exportPaths.constraints('solo-n1', 'xlsx')}?level=1`);
    expect(noFlexibility.statusCode).toBe(409);
    expect(apiErrorSchema.parse(noFlexibility.json()).error.code).toBe('FLEXIBILITY_NOT_COMPUTED');
  });

  it('exports a demo case to any signed-in user, and treats a result it cannot read as not computed', async () => {
    const { server, db } = await buildTestApp({}, { dialect });
    const ana = await signedIn(server, 'demo-read');
    await db
      .insertInto('cases')
      .values({
        case_id: 'demo-flex',
        user_id: DEMO_OWNER,
        case_name: 'Demostración',
        case_description: null,
        process: null,
        family_id: null,
        family_name: null,
        created_at: new Date().toISOString(),
      })
      .execute();
    await db
      .insertInto('case_api_data')
      .values({
        case_id: 'demo-flex',
        user_id: DEMO_OWNER,
        full_data_json: null,
        extras: null,
        analysis_json: JSON.stringify(analysis({ flexibility })),
        api_response_date: new Date().toISOString(),
      })
      .execute();
    const demo = await ana.get(`${exportPaths.constraints('demo-flex', 'csv')}?level=1`);
    expect(demo.statusCode, demo.body).toBe(200);
    expect(demo.rawPayload.toString('utf8')).toContain('"Demostración"');

    await ana.put('/api/cases/roto', { caseName: 'Roto' });
    const broken = { ...flexibility, levels: [{ level: 1 }] } as unknown as Flexibility;
    await storeResult(db, 'roto', analysis({ flexibility: broken }));
    const response = await ana.get(`${exportPaths.constraints('roto', 'xlsx')}?level=1`);
    expect(response.statusCode).toBe(409);
    expect(apiErrorSchema.parse(response.json()).error.code).toBe('FLEXIBILITY_NOT_COMPUTED');

    const traversal = await ana.get('/api/cases/..%2F..%2Fetc/export/constraints.xlsx?level=1');
    expect(traversal.statusCode).toBe(404);
  });

  it('answers a level without constraints with the header alone', async () => {
    const { server, db } = await buildTestApp({}, { dialect });
    const ana = await signedIn(server, 'empty-level');
    await ana.put('/api/cases/vacio', { caseName: 'Vacío' });
    const empty: Flexibility = {
      ...flexibility,
      levels: [{ level: 1, transferMw: 100, flexibilityPercent: 100, constraintIds: [] }],
    };
    await storeResult(db, 'vacio', analysis({ flexibility: empty }));
    const response = await ana.get(`${exportPaths.constraints('vacio', 'xlsx')}?level=1`);
    expect(response.statusCode).toBe(200);
    const { sheet, headerRow } = await readXlsx(response.rawPayload);
    expect(headerRow).toBeGreaterThan(0);
    expect(sheet.rowCount).toBe(headerRow);
  });

  it('requires sign-in and hides another user’s case behind a 404', async () => {
    const { server, db } = await buildTestApp({}, { dialect });
    const ana = await signedIn(server, 'own-a');
    const bruno = await signedIn(server, 'own-b');
    await ana.put('/api/cases/privado', { caseName: 'Privado' });
    // A study's case: its family is the study's to set (PUT refuses one, issue #16).
    await db
      .updateTable('cases')
      .set({ family_id: '7', family_name: 'B7' })
      .where('case_id', '=', 'privado')
      .execute();
    await storeResult(db, 'privado', analysis({ flexibility }));
    const url = `${exportPaths.constraints('privado', 'xlsx')}?level=1`;

    const visitor = new TestClient(server);
    const anonymous = await visitor.get(url);
    expect(anonymous.statusCode).toBe(401);
    expect(apiErrorSchema.parse(anonymous.json()).error.code).toBe('AUTH_REQUIRED');
    expect((await visitor.get(exportPaths.busbarCapacities('xlsx'))).statusCode).toBe(401);

    const stolen = await bruno.get(url);
    expect(stolen.statusCode).toBe(404);
    expect(apiErrorSchema.parse(stolen.json()).error.code).toBe('CASE_NOT_FOUND');
    const stolenGenerators = await bruno.get(
      `${exportPaths.generators('privado', 'csv')}?level=1&constraint=1`,
    );
    expect(stolenGenerators.statusCode).toBe(404);
    expect((await ana.get(url)).statusCode).toBe(200);
  });
});

const capacity = (over: Partial<BusbarCapacity>): BusbarCapacity => ({
  busNumber: 7,
  busName: 'Barra Siete',
  scenario: 'Alto',
  year: 2030,
  condition: 'Demanda alta',
  capacityMw: 321.987,
  tmaxMw: 2000,
  limiting: {
    monitoredBranch: 3,
    monitoredName: 'LÍNEA 7-8',
    contingencyBranch: null,
    contingencyName: null,
    transferAtLimitMw: 321.987,
    distributionFactor: 0.61,
    limitMw: 500,
    preExistingViolation: false,
  },
  topConstraints: [],
  projectsInService: ['Proyecto Uno', 'Proyecto Dos'],
  interchanges: [],
  networkLabel: 'Red sintética ACTIVSg200',
  ...over,
});

/** A demo study case, as the first-start loader stores it. */
async function storeDemoCase(
  db: Db,
  caseId: string,
  caseName: string,
  familyId: string,
  result: BusbarCapacity,
) {
  await db
    .insertInto('cases')
    .values({
      case_id: caseId,
      user_id: DEMO_OWNER,
      case_name: caseName,
      case_description: null,
      process: null,
      family_id: familyId,
      family_name: result.busName,
      created_at: new Date().toISOString(),
    })
    .execute();
  await db
    .insertInto('case_api_data')
    .values({
      case_id: caseId,
      user_id: DEMO_OWNER,
      full_data_json: null,
      extras: null,
      analysis_json: JSON.stringify(analysis({ busbarCapacity: result })),
      api_response_date: new Date().toISOString(),
    })
    .execute();
}

describe.each(dialects)('busbar-capacity export on %s', (dialect) => {
  it('exports a family’s cases, sorted by scenario and year, and every case without a family', async () => {
    const { server, db } = await buildTestApp({}, { dialect });
    const ana = await signedIn(server, 'busbar');
    await storeDemoCase(
      db,
      'd-bajo-2031',
      'Bajo_2031',
      '7',
      capacity({ scenario: 'Bajo', year: 2031 }),
    );
    await storeDemoCase(
      db,
      'd-alto-2030',
      'Alto_2030',
      '7',
      capacity({ limiting: null, capacityMw: 2000, baseKv: 230 }),
    );
    await storeDemoCase(
      db,
      'd-otra',
      'Alto_2030',
      '9',
      capacity({ busNumber: 9, busName: 'Barra Nueve' }),
    );
    // Nothing in the network binds and the figure stays under the cap: the compensating
    // generation's room limits it.
    await storeDemoCase(
      db,
      'd-otra-bajo',
      'Bajo_2031',
      '9',
      capacity({
        busNumber: 9,
        busName: 'Barra Nueve',
        scenario: 'Bajo',
        year: 2031,
        limiting: null,
        capacityMw: 201,
      }),
    );

    const response = await ana.get(`${exportPaths.busbarCapacities('xlsx')}?familyId=7`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toContain(
      'filename="capacidad-conexion-barra-siete.xlsx"',
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    let headerRow = 0;
    sheet.eachRow((row, number) => {
      if (row.getCell(1).value === 'Número de barra') headerRow = number;
    });
    expect(sheet.getCell('B2').value).toBe('Barra Siete');
    expect((sheet.getRow(headerRow).values as unknown[]).slice(1, 10)).toEqual([
      'Número de barra',
      'Barra',
      'Tensión base (kV)',
      'Caso',
      'Escenario',
      'Año',
      'Capacidad (MW)',
      'Tope del estudio (MW)',
      'Elemento limitante',
    ]);
    const alto = sheet.getRow(headerRow + 1);
    expect((alto.values as unknown[]).slice(1, 10)).toEqual([
      7,
      'Barra Siete',
      230,
      'Alto_2030',
      'Alto',
      2030,
      2000,
      2000,
      'Ninguno: se alcanza el tope del estudio',
    ]);
    // No limiting element: no contingency, factor or limit rather than invented ones.
    expect(alto.getCell(10).value).toBeNull();
    expect(alto.getCell(11).value).toBeNull();
    const bajo = sheet.getRow(headerRow + 2);
    // A result stored before the kV existed: an empty cell, not an invented 0.
    expect(bajo.getCell(3).value).toBeNull();
    expect(bajo.getCell(4).value).toBe('Bajo_2031');
    expect(bajo.getCell(7).value).toBe(321.987);
    expect(bajo.getCell(7).numFmt).toBe('#,##0.00');
    expect(bajo.getCell(9).value).toBe('LÍNEA 7-8');
    expect(bajo.getCell(10).value).toBe('SOBRECARGA RED COMPLETA');
    expect(bajo.getCell(15).value).toBe('Proyecto Uno, Proyecto Dos');
    expect(sheet.getRow(headerRow + 3).cellCount).toBe(0);

    const all = await ana.get(exportPaths.busbarCapacities('csv'));
    expect(all.statusCode).toBe(200);
    expect(all.headers['content-disposition']).toContain(
      'filename="capacidad-conexion-todas-las-barras.csv"',
    );
    const rows = parseCsv(all.rawPayload.toString('utf8'));
    const index = rows.findIndex((row) => row[0] === 'Número de barra');
    expect(rows.slice(index + 1).map((row) => [row[0], row[3], row[6]])).toEqual([
      ['7', 'Alto_2030', '2000,00'],
      ['7', 'Bajo_2031', '321,99'],
      ['9', 'Alto_2030', '321,99'],
      ['9', 'Bajo_2031', '201,00'],
    ]);
    expect(rows.at(-1)![8]).toBe(
      'Ninguno en la red: lo limita el margen de la generación que compensa',
    );

    const none = await ana.get(`${exportPaths.busbarCapacities('xlsx')}?familyId=404`);
    expect(none.statusCode).toBe(404);
    expect(apiErrorSchema.parse(none.json()).error.message).toBe(
      'No hay resultados de capacidad de conexión para descargar',
    );
  });

  it('never exports another user’s busbar results, with or without a family', async () => {
    const { server, db } = await buildTestApp({}, { dialect });
    const ana = await signedIn(server, 'busbar-a');
    const bruno = await signedIn(server, 'busbar-b');
    await bruno.put('/api/cases/de-bruno', { caseName: 'Alto_2030' });
    await db
      .updateTable('cases')
      .set({ family_id: '7', family_name: 'Barra Siete' })
      .where('case_id', '=', 'de-bruno')
      .execute();
    await storeResult(db, 'de-bruno', analysis({ busbarCapacity: capacity({}) }));
    expect((await bruno.get(`${exportPaths.busbarCapacities('csv')}?familyId=7`)).statusCode).toBe(
      200,
    );

    for (const url of [
      `${exportPaths.busbarCapacities('xlsx')}?familyId=7`,
      exportPaths.busbarCapacities('csv'),
    ]) {
      const response = await ana.get(url);
      expect(response.statusCode, url).toBe(404);
      expect(apiErrorSchema.parse(response.json()).error.code).toBe('BUSBAR_CAPACITY_NOT_FOUND');
    }
  });
});

/** A study of `owner` whose shown version is `resultsVersion` (null: none complete yet). */
async function storeStudy(db: Db, studyId: string, owner: string, resultsVersion: number | null) {
  const now = new Date().toISOString();
  await db
    .insertInto('studies')
    .values({
      study_id: studyId,
      user_id: owner,
      name: `Estudio ${studyId}`,
      description: '',
      network_label: 'Red',
      latest_version: resultsVersion ?? 1,
      results_version: resultsVersion,
      created_at: now,
      updated_at: now,
    })
    .execute();
}

/** A busbar case of one study version, as the study job stores it. */
async function storeStudyCase(
  db: Db,
  owner: string,
  study: { id: string; version: number },
  caseId: string,
  result: BusbarCapacity,
) {
  await db
    .insertInto('cases')
    .values({
      case_id: caseId,
      user_id: owner,
      case_name: `${result.scenario}_${result.year}`,
      case_description: null,
      process: null,
      family_id: String(result.busNumber),
      family_name: result.busName,
      study_id: study.id,
      study_version: study.version,
      created_at: new Date().toISOString(),
    })
    .execute();
  await db
    .insertInto('case_api_data')
    .values({
      case_id: caseId,
      user_id: owner,
      full_data_json: null,
      extras: null,
      analysis_json: JSON.stringify(analysis({ busbarCapacity: result })),
      api_response_date: new Date().toISOString(),
    })
    .execute();
}

describe.each(dialects)('busbar-capacity export of one study on %s', (dialect) => {
  it('exports the chosen study’s shown version only: the demo, or one of the caller’s; another user’s is not found', async () => {
    const { server, db } = await buildTestApp({}, { dialect });
    const ana = new TestClient(server);
    const signUp = await ana.post('/api/auth/sign-up/email', newAccount('estudio-ana'));
    const anaId = (signUp.json() as { user: { id: string } }).user.id;
    const bruno = await signedIn(server, 'estudio-bruno');
    await storeDemoCase(db, 'demo-1', 'Alto_2030', '7', capacity({}));
    await storeStudy(db, 'estudio-ana', anaId, 2);
    // Version 1's case stays until version 2 replaces it; only version 2 is shown.
    await storeStudyCase(db, anaId, { id: 'estudio-ana', version: 1 }, 'ana-v1', capacity({}));
    for (const [caseId, scenario] of [
      ['ana-v2-a', 'Alto'],
      ['ana-v2-b', 'Bajo'],
    ] as const) {
      await storeStudyCase(
        db,
        anaId,
        { id: 'estudio-ana', version: 2 },
        caseId,
        capacity({ scenario, capacityMw: scenario === 'Alto' ? 111.5 : 222.25 }),
      );
    }
    await storeStudy(db, 'sin-resultados', anaId, null);

    const read = async (client: TestClient, query: string) => {
      const response = await client.get(`${exportPaths.busbarCapacities('csv')}?${query}`);
      if (response.statusCode !== 200) return response;
      const rows = parseCsv(response.rawPayload.toString('utf8'));
      const index = rows.findIndex((row) => row[0] === 'Número de barra');
      return rows.slice(index + 1).map((row) => [row[3], row[6]]);
    };
    expect(await read(ana, 'studyId=estudio-ana')).toEqual([
      ['Alto_2030', '111,50'],
      ['Bajo_2030', '222,25'],
    ]);
    expect(await read(ana, 'studyId=estudio-ana&familyId=7')).toHaveLength(2);
    expect(await read(ana, 'studyId=demo')).toEqual([['Alto_2030', '321,99']]);
    expect(await read(bruno, 'studyId=demo&familyId=7')).toEqual([['Alto_2030', '321,99']]);
    // Without a study: every readable study case, as before.
    expect(await read(ana, 'familyId=7')).toHaveLength(4);

    const none = await ana.get(`${exportPaths.busbarCapacities('xlsx')}?studyId=sin-resultados`);
    expect(none.statusCode).toBe(404);
    expect(apiErrorSchema.parse(none.json()).error.code).toBe('BUSBAR_CAPACITY_NOT_FOUND');
    for (const [client, studyId] of [
      [bruno, 'estudio-ana'],
      [ana, 'no-existe'],
    ] as const) {
      const response = await client.get(
        `${exportPaths.busbarCapacities('xlsx')}?studyId=${studyId}`,
      );
      expect(response.statusCode, studyId).toBe(404);
      expect(apiErrorSchema.parse(response.json()).error.code).toBe('STUDY_NOT_FOUND');
    }
    const bad = await ana.get(`${exportPaths.busbarCapacities('csv')}?studyId=no%20vale`);
    expect(bad.statusCode).toBe(400);
    expect(apiErrorSchema.parse(bad.json()).error.message).toContain(
      'El identificador del estudio no es válido',
    );
  });
});

describe('export documentation', () => {
  it('lists every export route in the OpenAPI document with its file media type', async () => {
    const { server } = await buildTestApp();
    const document = (await server.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, { get?: { responses: Record<string, { content?: object }> } }>;
    };
    for (const [path, type] of [
      ['/api/cases/{caseId}/export/constraints.xlsx', XLSX_TYPE],
      ['/api/cases/{caseId}/export/generators.csv', CSV_TYPE],
      ['/api/export/busbar-capacities.xlsx', XLSX_TYPE],
    ] as const) {
      expect(Object.keys(document.paths[path]?.get?.responses['200']?.content ?? {}), path).toEqual(
        [type],
      );
    }
    const busbars = document.paths['/api/export/busbar-capacities.csv']?.get as unknown as {
      parameters: { name: string; in: string; description?: string }[];
      responses: Record<string, { description?: string }>;
    };
    expect(busbars.parameters.map((p) => `${p.in}:${p.name}`).sort()).toEqual([
      'query:familyId',
      'query:studyId',
    ]);
    expect(busbars.responses['404']).toBeDefined();
  });
});
