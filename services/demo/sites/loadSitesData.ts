import { createRecord } from '../../../events/record/commands';
import type { EventStore } from '../../../events/store';

type DemoSite = { codigo: string; nombre: string; direccion: string; ciudad: string; gastos_generales: number };

/** Two companies and six sites across Peru (seed 000 §3: empresas, obras); CENTRAL_SITES adds two more. */
const COMPANIES: { nombre: string; ruc: string; obras: DemoSite[] }[] = [
  {
    nombre: 'Constructora Andina S.A.C.',
    ruc: '20512345671',
    obras: [
      { codigo: 'OB-LIM-01', nombre: 'Vía Expresa Sur - Tramo 2', direccion: 'Av. Paseo de la República 5895, Surco', ciudad: 'Lima', gastos_generales: 185000 },
      { codigo: 'OB-AQP-01', nombre: 'Edificio Multifamiliar Yanahuara', direccion: 'Calle Misti 215, Yanahuara', ciudad: 'Arequipa', gastos_generales: 64500 },
      { codigo: 'OB-CUS-01', nombre: 'Ampliación Hospital Regional del Cusco', direccion: 'Av. de la Cultura s/n, Wanchaq', ciudad: 'Cusco', gastos_generales: 97250.5 },
      { codigo: 'OB-PIU-01', nombre: 'Carretera Piura - Chulucanas km 18-42', direccion: 'Carretera Piura - Chulucanas km 18', ciudad: 'Piura', gastos_generales: 120000 },
    ],
  },
  {
    nombre: 'Minera del Sur S.A.',
    ruc: '20687654324',
    obras: [
      { codigo: 'OB-TRU-01', nombre: 'Depósito de relaves Quiruvilca', direccion: 'Carretera Trujillo - Shorey km 128', ciudad: 'Trujillo', gastos_generales: 143800 },
      { codigo: 'OB-ICA-01', nombre: 'Accesos al tajo Marcona', direccion: 'Av. Andrés Avelino Cáceres s/n, San Juan de Marcona', ciudad: 'Ica', gastos_generales: 88900 },
    ],
  },
];

/** Two more sites of the first company, created after all the others so their ids are 7 and 8
 * (seed 001 §9: the equipment form hides the yellow/white line switch for site 8). */
const CENTRAL_SITES: DemoSite[] = [
  { codigo: 'TC-LUR-01', nombre: 'Taller Central Lurín', direccion: 'Antigua Panamericana Sur km 36, Lurín', ciudad: 'Lima', gastos_generales: 42000 },
  { codigo: 'AC-ATE-01', nombre: 'Almacén Central ATE - Callao', direccion: 'Av. Néstor Gambetta 6511, Callao', ciudad: 'Callao', gastos_generales: 36500 },
];

/** Loads the demo companies and sites through the record commands (so they land in the event log,
 * acted by the system). Does nothing when companies were already loaded. */
export async function loadSitesData(store: EventStore): Promise<{ empresas: number; obras: number }> {
  const [loaded] = await store.sql`SELECT 1 FROM es_streams WHERE stream_type = 'empresa' LIMIT 1`;
  if (loaded) return { empresas: 0, obras: 0 };
  const metadata = { userId: null, requestId: 'demo-data' };
  let obras = 0;
  const empresaIds: number[] = [];
  for (const company of COMPANIES) {
    const empresa = await createRecord(store, 'empresa', { nombre: company.nombre, ruc: company.ruc, estado: 1 }, { metadata });
    empresaIds.push(empresa.id);
    for (const obra of company.obras) {
      await createRecord(store, 'obra', { id_empresa: empresa.id, ...obra, estado: 1 }, { metadata });
      obras++;
    }
  }
  for (const obra of CENTRAL_SITES) {
    await createRecord(store, 'obra', { id_empresa: empresaIds[0], ...obra, estado: 1 }, { metadata });
    obras++;
  }
  return { empresas: COMPANIES.length, obras };
}
