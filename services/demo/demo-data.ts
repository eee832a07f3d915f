import { join } from 'node:path';
import type { PgBoss } from 'pg-boss';
import { loadPurchaseRequestsData } from './purchase-requests/loadPurchaseRequestsData';
import { loadSiteWarehouseData } from './site-warehouse/loadSiteWarehouseData';
import { loadStockChainData } from './stock-chain/loadStockChainData';
import { loadConfig } from '../shared/config';
import { enqueueRequestedMaterials } from '../app/jobs/sicam-materials';
import { createRecord } from '../../events/record/commands';
import type { EventStore } from '../../events/store';
import { loadAccessData } from './access-data';
import { loadFleet } from './fleet/loadFleet';
import { loadHorometrosData } from './hour-meters/loadHourMetersData';
import { loadEquipmentKinds } from './master/equipment-kinds';
import { loadCatalogueData } from './master/loadCatalogueData';
import { loadRequestCatalogues } from './master/request-catalogues';
import { loadPeopleData } from './people/loadPeopleData';
import { loadSitesData } from './sites/loadSitesData';
import { loadStoryData } from './story/loadStoryData';
import { loadWorkOrdersData } from './work-orders/loadWorkOrdersData';
import { businessToday, instantOf } from '../../shared/time';

/** The demo data set, loaded on first start through the same record commands users run, so it
 * lands in the event log like any other change. The acting user is the system (id null). */
const UNIDADES: [nombre: string, decimales: number, etiquetas: string][] = [
  ['UND', 0, 'unidad,pieza'],
  ['KG', 2, 'kilogramo'],
  ['GLN', 2, 'galón'],
  ['LT', 2, 'litro'],
  ['M', 2, 'metro'],
  ['M3', 2, 'metro cúbico'],
  ['JGO', 0, 'juego'],
  ['PAR', 0, 'par'],
  ['HRS', 1, 'horas'],
  ['CJA', 0, 'caja'],
  ['KM', 0, 'kilómetro'],
];

const MARCAS: Record<string, string[]> = {
  Caterpillar: ['320', '336', '950H', '966H', '140K', '12M', 'D6T', 'CS56B', '777G', '416F2'],
  Komatsu: ['PC200-8', 'PC350LC-8', 'WA380-6', 'WA470-6', 'HM400-3', 'GD655-5', 'D65EX-16'],
  Volvo: ['EC210D', 'EC380DL', 'L120H', 'A40G', 'FMX 460'],
  'John Deere': ['310L', '670G', '850K', '210G'],
  Hyundai: ['R220LC-9S', 'HL760-9', 'R140W-9'],
  JCB: ['3CX', '4CX', 'JS220'],
  Bomag: ['BW 211 D-5', 'BW 213 DH-5'],
  Dynapac: ['CA250D', 'CC424HF'],
  Hitachi: ['ZX200-5G', 'ZX350H-5G'],
  Liebherr: ['R 936', 'L 556'],
  Scania: ['P410 8x4', 'G460 6x4'],
  Mercedes_Benz: ['Actros 3344K', 'Axor 3344'],
};

/** The demo data set. `kit`: also the UI kit's demonstration list (/example), for the tests.
 * `uploadsDir`: where the central entries' Excel it imports is kept; by default where the API
 * keeps uploads (FAENA_UPLOADS_DIR, else `uploads` in the data folder, as services/api/create-deps.ts). */
export async function loadDemoData(store: EventStore, opts: { boss?: PgBoss | null; kit?: boolean; uploadsDir?: string } = {}): Promise<{ events: number }> {
  const metadata = { userId: null, requestId: 'demo-data' };
  let events = 0;
  for (const [nombre, decimales, etiquetas] of UNIDADES) {
    const r = await createRecord(store, 'unidad', { nombre, decimales, etiquetas, estado: 1 }, { metadata });
    events += r.events.length;
  }
  for (const [marca, modelos] of Object.entries(MARCAS)) {
    const m = await createRecord(store, 'marca', { nombre: marca.replace('_', '-'), estado: 1 }, { metadata });
    events += m.events.length;
    for (const nombre of modelos) {
      const r = await createRecord(store, 'modelo', { id_marca: m.id, nombre, estado: 1 }, { metadata });
      events += r.events.length;
    }
  }
  const access = await loadAccessData(store, { kit: opts.kit });
  const sites = await loadSitesData(store);
  await loadPeopleData(store);
  const kinds = await loadEquipmentKinds(store);
  await loadCatalogueData(store);
  await loadRequestCatalogues(store);
  await loadFleet(store);
  const clock = demoClock(new Date());
  await loadHorometrosData(store, clock);
  const workOrders = await loadWorkOrdersData(store, clock);
  const story = await loadStoryData(store, clock);
  const requests = await loadPurchaseRequestsData(store, { boss: opts.boss, now: clock });
  const siteWarehouse = await loadSiteWarehouseData(store, { boss: opts.boss, within: opts.boss ? (tx, events) => enqueueRequestedMaterials(opts.boss!, tx, events).then(() => undefined) : undefined });
  const uploadsDir = opts.uploadsDir ?? process.env.FAENA_UPLOADS_DIR ?? join(loadConfig().dataDir, 'uploads');
  const chain = await loadStockChainData(store, { boss: opts.boss, uploadsDir });
  return { events, ...access, ...sites, ...kinds, ...workOrders, ...story, ...requests, ...siteWarehouse, ...chain };
}

/** The clock the demo's history is written against: the start of the current business day (00:00
 * in Lima). Its logs, orders and requests are placed relative to it, so a load gives the same
 * orders, the same requests and so the same central entries sheet (which the stock chain checks
 * against the shipped Excel) at any hour of the day; every story ends before it, so before now.
 * The stock chain's commands still record at load time. */
export function demoClock(now: Date): Date {
  return instantOf(businessToday(now), 0);
}

/** No events but those the migrations wrote (their `requestId` is `migration-…`: e.g. the three
 * maintenance types of migration 0060): a first start, which loads the demo. */
export async function isDatabaseEmpty(store: EventStore): Promise<boolean> {
  const [row] = await store.sql`SELECT NOT EXISTS (SELECT 1 FROM es_events WHERE coalesce(metadata->>'requestId', '') NOT LIKE 'migration-%') AS empty`;
  return Boolean(row.empty);
}
