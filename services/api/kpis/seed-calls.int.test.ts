import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApi } from '../../../tests/harness/api';
import { seedCallsAnswer, type SeedBullet } from '../../../tests/harness/seed-calls';

// Issue 19's acceptance "every call of seed 002 §7 'Materials and KPIs' and 'Profitability'
// answers (no 404)": each bullet of those subsections, quoted as the seed writes it, with the calls
// it names (method and the least input it implies), sent by a signed-in admin and, but for the
// material catalogues and the generator (the admin profile's in the demo), by the fleet chief. Any answer but a missing route will do (a 422 for
// an incomplete body), and none may be a server error. The traceability calls of the same
// subsection belong to issue 18 (services/api/traceability).

const api = useTestApi();
const tokens: Record<string, string> = {};
const ids = { obra: 0, equipo: 0, mes: '' };

/** `adminOnly`: modules the demo grants the admin profile only (master data, the generator). */
type Bullet = SeedBullet & { adminOnly?: boolean };

const period = { date_from: '2026-01-01', date_to: '2026-06-30' };

const BULLETS: Bullet[] = [
  {
    seed: '/materiales and /material_tipos lists (material creation requests filtered by type_generation).',
    calls: () => [
      { method: 'GET', path: '/materiales', input: { type_generation: 1 } },
      { method: 'GET', path: '/material_tipos' },
    ],
    adminOnly: true,
  },
  {
    seed: 'GET /kpis_equipos; GET /kpis_generales (id_obra). GET /kpis_reporte (date_from, date_to, id_tipo_kpi, id_equipo, id_obra, id_reporte, ids_* arrays); the same path exported as xlsx with the item JSON. GET /equipo_costo_mensual (id).',
    calls: () => [
      { method: 'GET', path: '/kpis_equipos', input: period },
      { method: 'GET', path: '/kpis_generales', input: { ...period, id_obra: ids.obra } },
      { method: 'GET', path: '/kpis_reporte', input: { ...period, id_tipo_kpi: 1, id_equipo: ids.equipo, id_obra: ids.obra, id_reporte: 4, ids_obras: String(ids.obra), ids_gf: '1,2,3' } },
      { method: 'GET', path: '/kpis_reporte/export', input: { ...period, id_reporte: 1, kind: 'xlsx' } },
      { method: 'GET', path: '/equipo_costo_mensual', input: { id: ids.equipo } },
    ],
  },
  {
    seed: 'GET reportes_generacion/optionesReporteGeneracion returns items (sections with children), obras, equipos, marcas, modelos, descripcion, meses. POST reportes_generacion/generarReporte: dataBody, selectedFilter, selectedMeses; returns a url opened in a new tab.',
    calls: () => [
      { method: 'GET', path: '/reportes_generacion/optionesReporteGeneracion' },
      { method: 'POST', path: '/reportes_generacion/generarReporte', input: { dataBody: [], selectedFilter: {}, selectedMeses: [] } },
    ],
    adminOnly: true,
  },
  {
    seed: 'GET /reportes_rentabilidad/parametros (no payload): equipos, marcas, modelos, descripcion, obras, dashboard, meses.',
    calls: () => [{ method: 'GET', path: '/reportes_rentabilidad/parametros' }],
  },
  {
    seed: 'GET /reportes_rentabilidad: id_obra (list), id_subgrupos, id_equipos, id_marcas, id_modelos, id_meses, optional date_from, date_to; reads ok, general, datas, equipos.',
    calls: () => [
      { method: 'GET', path: '/reportes_rentabilidad', input: { ...period, id_obra: String(ids.obra), id_equipos: String(ids.equipo), id_meses: ids.mes } },
      { method: 'POST', path: '/reportes_rentabilidad', input: { ...period, id_obra: [ids.obra] } },
    ],
  },
  {
    seed: 'POST /reportes_rentabilidad/amortizacion: data (aggregated rows), optional date_from, date_to, id_selected (chart), id_meses, equiposMaster, idsEquipos, general; reads ok, formato, opciones, filas, items.',
    calls: () => [
      { method: 'POST', path: '/reportes_rentabilidad/amortizacion', input: { ...period, id_selected: 2, data: [], general: [], equiposMaster: [], idsEquipos: [ids.equipo], id_meses: [ids.mes] } },
    ],
  },
];

const answers = (token: string, bullets: Bullet[] = BULLETS) => seedCallsAnswer(api, bullets, token, [200, 422]);

beforeAll(async () => {
  tokens.admin = await api.login('admin@faena.pe');
  tokens.jefe = await api.login('jefe@faena.pe');
  const [m] = await api.sql<{ obra: number; equipo: number; mes: string }[]>`
    SELECT id_obra::int AS obra, id_equipo::int AS equipo, to_char(mes, 'YYYY-MM') AS mes FROM rm_kpi_equipo_mes ORDER BY mes DESC, id_equipo LIMIT 1`;
  Object.assign(ids, m ?? { obra: 1, equipo: 1, mes: '2026-01' });
}, 120_000);

describe('seed 002 §7 "Materials and KPIs" and "Profitability": every call answers (no 404)', () => {
  it('as an admin, each call of both subsections', async () => {
    const seen = await answers(tokens.admin);
    // The bullets name every call of the KPI and profitability screens (a new one must be quoted here).
    expect(new Set(seen).size).toBe(13);
  });

  it('as the fleet chief, the KPI and profitability report calls', async () => {
    await answers(tokens.jefe, BULLETS.filter((b) => !b.adminOnly));
  });
});
