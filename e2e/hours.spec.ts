import { describe, expect, it } from 'vitest';
import { hourlyCapacityResponseSchema, hourlyProfilesResponseSchema } from '@holgura/contracts';
import { readReference } from '@holgura/test-fixtures';
import { useOwnServer } from './own-server';
import { saveScreenshot, useBrowser } from './support/browser';
import { signUpThroughApi } from './support/accounts';

// Its own server: the upload changes the public stats the shared server's api.spec.ts checks.
const server = useOwnServer();
const session = useBrowser();

/**
 * A solar plant's output per MW, one value per hour of 2016 (8,784): the sun's elevation at
 * 30° N, clear sky — a test profile of the right shape, not a forecast.
 */
function solarProfile(): string {
  const lines = ['solar'];
  const lat = (30 * Math.PI) / 180;
  for (let t = 0; t < 8784; t++) {
    const day = Math.floor(t / 24);
    const decl = ((23.44 * Math.PI) / 180) * Math.sin((2 * Math.PI * (285 + day)) / 366);
    const angle = (((t % 24) + 0.5 - 12) * 15 * Math.PI) / 180;
    const sine = Math.sin(lat) * Math.sin(decl) + Math.cos(lat) * Math.cos(decl) * Math.cos(angle);
    lines.push(Math.max(0, sine).toFixed(4).replace('.', ','));
  }
  return lines.join('\n');
}

const mw = (value: number, decimals = 1) =>
  new Intl.NumberFormat('es-CO', {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(value);

describe('«Un año de horas» in /analisis (issue #32)', () => {
  it('ACTIVSg2000 with its 8,784 hourly loads: a bus’s firm MW and a 200 MW solar plant’s curtailment, as the API answers', async () => {
    const page = await session.newPage();
    await signUpThroughApi(page, server.url, 'horas@example.co');
    await page.goto(`${server.url}/analisis`);
    await page.getByLabel('Seleccionar archivo de caso').setInputFiles({
      name: 'case_ACTIVSg2000.m',
      mimeType: 'text/plain',
      buffer: readReference('cases/case_ACTIVSg2000.m'),
    });
    await page.getByRole('button', { name: 'Procesar archivo' }).click();
    await page.getByText('Archivo procesado correctamente').waitFor({ timeout: 120_000 });
    const caseId = (await page.getByTestId('selected-case-id').textContent())?.trim() ?? '';

    const hours = page.getByTestId('hours');
    await hours.getByText('Este caso aún no tiene perfiles horarios').waitFor();
    await hours.getByLabel('Subir perfiles horarios').setInputFiles({
      name: 'scenarios_ACTIVSg2000.m',
      mimeType: 'text/plain',
      buffer: readReference('cases/scenarios_ACTIVSg2000.m'),
    });
    // The year's lightest hours need the units below their Pmin: said, and left out.
    await hours.getByText(/^3\.077 horas infactibles/).waitFor({ timeout: 60_000 });
    const summary = hourlyProfilesResponseSchema.parse(
      await (await page.request.get(`${server.url}/api/cases/${caseId}/hourly-profiles`)).json(),
    );
    expect(summary.profiles).toMatchObject({ hours: 8784, infeasibleHours: 3077 });
    expect(summary.profiles?.areas).toHaveLength(8);

    await hours.getByRole('spinbutton', { name: 'Barra', exact: true }).fill('7093');
    await hours.getByRole('button', { name: 'Calcular el año' }).click();
    const result = hours.getByTestId('hours-result');
    await result.waitFor({ timeout: 60_000 });

    await hours.getByLabel('Tamaño de la planta (MW)').fill('200');
    await hours
      .getByLabel('Perfil de producción')
      .selectOption({ label: 'Perfil propio (archivo)' });
    await hours.getByLabel('Elegir archivo del perfil').setInputFiles({
      name: 'solar.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(solarProfile()),
    });
    await hours.getByTestId('hours-plant-read').getByText('8.784 valores leídos').waitFor();
    await hours.getByRole('button', { name: 'Simular' }).click();
    const plant = hours.getByTestId('hours-plant-result');
    await plant.waitFor({ timeout: 60_000 });

    // What the screen says is what the API answers for the same plant.
    const values = solarProfile()
      .split('\n')
      .slice(1)
      .map((v) => Number(v.replace(',', '.')));
    const answer = hourlyCapacityResponseSchema.parse(
      await (
        await page.request.post(`${server.url}/api/cases/${caseId}/hourly-capacity`, {
          data: {
            bus: 7093,
            preExisting: 'ignore',
            plant: { mw: 200, profile: { kind: 'values', values, label: 'solar.csv' } },
          },
        })
      ).json(),
    );
    expect(answer.capacityMw).toHaveLength(8784);
    expect(answer.infeasibleHours).toHaveLength(3077);
    const flat = hourlyCapacityResponseSchema.parse(
      await (
        await page.request.post(`${server.url}/api/cases/${caseId}/hourly-capacity`, {
          data: { bus: 7093, preExisting: 'ignore' },
        })
      ).json(),
    );
    expect(await result.getByTestId('hours-figure-firm').textContent()).toContain(
      `${mw(flat.firmMw!)} MW`,
    );
    const curtailment = answer.curtailment!;
    expect(curtailment.mwh).toBeGreaterThan(0);
    expect(curtailment.percent).toBeLessThan(100);
    expect(await plant.getByTestId('hours-plant-curtailed').textContent()).toContain(
      `${mw(curtailment.mwh)} MWh`,
    );
    expect(await plant.getByTestId('hours-plant-percent').textContent()).toContain(
      `${mw(curtailment.percent, 2)} %`,
    );
    expect(await plant.getByTestId('hours-plant-excluded').textContent()).toContain(
      '3.077 horas infactibles de 8.784',
    );
    await saveScreenshot(page, 'hours-activsg2000-solar');

    // «Cifra»: the strict figure (pre-existing violations may not get worse) is the API's.
    await hours
      .getByLabel('Cifra', { exact: true })
      .selectOption({ label: 'Estricta: las violaciones existentes la limitan' });
    await hours.getByRole('button', { name: 'Calcular el año' }).click();
    await result.getByText(/^Para una planta .* Cifra estricta/).waitFor({ timeout: 60_000 });
    const strict = hourlyCapacityResponseSchema.parse(
      await (
        await page.request.post(`${server.url}/api/cases/${caseId}/hourly-capacity`, {
          data: { bus: 7093, preExisting: 'limit' },
        })
      ).json(),
    );
    expect(strict.preExisting).toBe('limit');
    // At 7093 a constraint the grid already breaks in some hours makes the strict figure smaller.
    expect(strict.mwAtCurtailment['1']!).toBeLessThan(flat.mwAtCurtailment['1']!);
    expect(await result.getByTestId('hours-figure-firm').textContent()).toContain(
      `${mw(strict.firmMw!)} MW`,
    );
    expect(await result.getByTestId('hours-figure-at-1').textContent()).toContain(
      `${mw(strict.mwAtCurtailment['1']!)} MW`,
    );
  }, 240_000);
});
