// The thread that reads a case's generators for the study-group picker (catalog-thread.ts).
import { parentPort } from 'node:worker_threads';
import { generatorCatalog, loadCase, type CatalogOption } from '@holgura/engine';
import {
  describeStudyGroup,
  studyGroupKey,
  studyGroupLabel,
  type GroupOption,
} from '@holgura/contracts';
import { serveRequests } from '../../jobs/request-thread';
import type { GeneratorCatalogAnswer } from './catalog-thread';

const option = (o: CatalogOption): GroupOption => ({
  key: studyGroupKey(o.choice),
  label: studyGroupLabel(o.choice),
  units: o.units,
  unitsWithHeadroom: o.unitsWithHeadroom,
  headroomMw: o.headroomMw,
});

/** The catalogue in the contract's form, keys and labels written by the contracts. */
export async function readGeneratorCatalog(bytes: Uint8Array): Promise<GeneratorCatalogAnswer> {
  const loaded = await loadCase(bytes);
  const c = generatorCatalog(loaded.network, loaded.generatorIds);
  const words = describeStudyGroup(c.defaultGroup);
  return {
    generators: {
      row: Array.from({ length: c.count }, (_, k) => k + 1),
      busNumber: c.busNumber,
      busName: c.busName,
      machineId: c.machineId,
      fuel: c.fuel,
      pMaxMw: c.pMaxMw,
      pMinMw: c.pMinMw,
      pInitialMw: c.pInitialMw,
      baseKv: c.baseKv,
      area: c.area,
      zone: c.zone,
      inService: c.inService,
    },
    defaultGroup: { key: words.key, label: words.label, reason: words.reason },
    renewables: option(c.renewables),
    all: option(c.all),
    fuels: c.fuels.map((o) => ({
      ...option(o),
      fuel: o.choice.kind === 'fuel' ? o.choice.fuel : '',
    })),
    areas: c.areas.map((o) => ({
      ...option(o),
      area: o.choice.kind === 'area' ? o.choice.area : 0,
    })),
    zones: c.zones.map((o) => ({
      ...option(o),
      zone: o.choice.kind === 'zone' ? o.choice.zone : 0,
    })),
    kvLevels: c.kvLevels.map((o) => ({
      ...option(o),
      kv: o.choice.kind === 'kv' ? o.choice.minKv : 0,
    })),
  };
}

if (parentPort !== null) {
  serveRequests<{ networkBytes: Uint8Array }, GeneratorCatalogAnswer>(
    parentPort,
    async (request) => ({
      value: await readGeneratorCatalog(request.networkBytes),
    }),
  );
}
