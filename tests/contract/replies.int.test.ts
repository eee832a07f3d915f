import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { isFileReply } from '../../services/api/platform/route';
import { allRoutes } from '../../services/api/routes';
import { useTestApi } from '../harness/api';

// Every read of the route table, walked as root with the demo data: each 200 reply must match the
// route's output schema (the payload beside ok/msg/errors, as JSON). The API under test also runs
// the same check inside mountRoutes and answers 500 on a mismatch, so every other test that calls
// a route checks its reply too (writes included).
const api = useTestApi({ demo: 'full' });
const routes = allRoutes();

type Input = Record<string, string | number>;

/** Inputs for reads that need one: the first record of the demo data; forms also as new (id 0). */
async function sampleInputs(path: string): Promise<Input[]> {
  const one = await sampleInput(path);
  return path.endsWith('/form') && path !== '/equipo_amortizacion/form' && path !== '/almacen_central_ots/form' && path !== '/almacen_obra_ots/form' && one.id !== 0 ? [one, { id: 0 }] : [one];
}

async function sampleInput(path: string): Promise<Input> {
  const first = async (table: string) => Number((await api.sql`SELECT min(id) AS id FROM ${api.sql(table)}`)[0].id);
  if (/^\/(equipos_movimientos|equipo_costo_mensual|equipo_amortizacion_calendario)$/.test(path)) return { id: await first('rm_equipos') };
  if (path === '/equipo_documentos') return { id_equipo: await first('rm_equipos') };
  if (path === '/obras/montoTotal') return { id: await first('rm_obras') };
  if (path === '/fil_datas/almacenerosDeObra') return { id_obra: await first('rm_obras') };
  if (path === '/fil_datas/conversion_unidades') return { id_material_tipo: await first('rm_material_tipos') };
  if (path === '/fil_datas/elementos_padre') return { id_grupo_funcional: await first('rm_grupos_funcionales') };
  if (path === '/fil_datas/frentes_obra') return { id_obra: Number((await api.sql`SELECT coalesce((SELECT min(id_obra) FROM rm_frentes_obra), (SELECT min(id) FROM rm_obras)) AS id`)[0].id) };
  if (path === '/history') return { stream_type: 'marca', id: await first('rm_marcas') };
  if (path === '/history/asOf') return { stream_type: 'work_order', id: await first('rm_ordenes_trabajo'), at: new Date().toISOString() };
  if (path === '/ordenes_trabajo/obtenerDetalle') return { id_orden_trabajo: await first('rm_ordenes_trabajo'), tabla: 'diagnosticos' };
  if (path === '/ordenes_trabajo/obtenerLineaDeTiempo') return { id_orden_trabajo: await first('rm_ordenes_trabajo') };
  if (path === '/ordenes_trabajo/consultarRuc') return { ruc: String((await api.sql`SELECT ruc FROM rm_empresas ORDER BY id LIMIT 1`)[0].ruc) };
  if (path === '/horometros/infoHorometroEquipo') return { id_equipo: await first('rm_equipos') };
  if (path === '/horometros/turno') return { id_obra: Number((await api.sql`SELECT id_obra FROM rm_equipos WHERE estado = 1 ORDER BY id LIMIT 1`)[0].id_obra) };
  if (path === '/mantenimiento_preventivo/planes') return { id_equipo: await first('rm_equipos') };
  if (path === '/mantenimiento_preventivo/configuracion') return { id_obra: await first('rm_obras') };
  if (path === '/equipo_documentos/form') return { id: 0 }; // the demo data has no documents
  if (/^\/solicitudes_compras\/(obtenerProductos|obtenerDetalle)$/.test(path)) return { id_solicitud_compra: await first('rm_solicitudes_compras') };
  if (path === '/solicitudes_compras/form') return { id: await first('rm_solicitudes_compras') };
  if (/^\/almacen_central_ots\/(form|obtenerDetalle)$/.test(path)) {
    return { id: Number((await api.sql`SELECT min(id) AS id FROM rm_solicitudes_compras WHERE tipo IN (1, 3)`)[0].id) };
  }
  if (/^\/almacen_obra_salidas\/obtener/.test(path)) {
    return { id_producto_solicitado: Number((await api.sql`SELECT min(id) AS id FROM rm_ot_lineas WHERE tabla = 'productos_solicitados'`)[0].id) };
  }
  if (path === '/almacen_obra_ots/form') return { id: Number((await api.sql`SELECT min(id) AS id FROM rm_ordenes_trabajo WHERE sin_productos = 0`)[0].id) };
  if (path === '/fil_datas/stockProductosDeSolicitudesCompras') {
    const [p] = await api.sql`SELECT p.id_material::int, r.id_obra::int FROM rm_productos_solicitados p JOIN rm_solicitudes_compras r ON r.id = p.id_solicitud_compra
      WHERE r.creado_desde_ot = 0 AND p.id_material IS NOT NULL ORDER BY p.id LIMIT 1`;
    return { id_material: p.id_material, id_obra: p.id_obra };
  }
  if (path === '/almacen_central_entradas/obtenerProductosSolicitados') {
    const [p] = await api.sql`SELECT p.numero_orden, coalesce(nullif(p.codigo, ''), m.codigo, '') AS codigo FROM rm_productos_solicitados p
      LEFT JOIN rm_materiales m ON m.id = p.id_material WHERE p.numero_orden IS NOT NULL ORDER BY p.id LIMIT 1`;
    return { codigo_recurso: p?.codigo || 'SIN-CODIGO', numero_orden_compra: p?.numero_orden ?? 'OC-0001' };
  }
  if (path === '/almacen_central_traslado_materiales/obtenerProductosSolicitados') {
    const [g] = await api.sql`SELECT codigo, numero_orden FROM v_almacen_central_grupos ORDER BY fecha_ingreso DESC NULLS LAST LIMIT 1`;
    return { codigo_recurso: g?.codigo || 'SIN-CODIGO', numero_orden_compra: g ? g.numero_orden || 'STOCK' : 'STOCK' };
  }
  if (path === '/traslado_materiales/obtenerProductos') {
    const [e] = await api.sql`SELECT codigo_recurso, numero_orden_compra FROM rm_almacen_central_entradas ORDER BY id LIMIT 1`;
    return { codigo_recurso: e?.codigo_recurso ?? 'SIN-CODIGO', numero_orden: e?.numero_orden_compra ?? 'OC-0001' };
  }
  if (/^\/solicitud_compra_productos\/obtener/.test(path)) {
    // A product that received central entries when the demo has one, else any.
    const [p] = await api.sql`SELECT coalesce((SELECT min(id_producto) FROM rm_productos_solicitados_entradas_central), (SELECT min(id) FROM rm_productos_solicitados))::int AS id`;
    return { id_producto_solicitado: p.id };
  }
  if (path === '/trazabilidad/getInfoLT') return { id_ot: Number((await api.sql`SELECT min(id_orden_trabajo) AS id FROM rm_trazabilidad WHERE estado_ot IN (1, 3)`)[0].id) };
  if (path === '/reportes_generacion/estado') {
    // A report of the caller's (root's), as generarReporte stores it.
    const [r] = await api.sql`INSERT INTO rentabilidad_reportes (id, id_user, solicitud)
      SELECT gen_random_uuid(), id, '{"dataBody":[{"id":0,"children":[1]}],"selectedFilter":[],"selectedMeses":["2026-01"]}'::jsonb FROM rm_users WHERE email = 'root@faena.pe' RETURNING id::text`;
    return { id: r.id as string };
  }
  if (path === '/settings/tipos_cambio/form') {
    // The demo's entries are all in soles, so it keeps no rate: the walk saves one to read.
    const saved = await api.call('POST', '/settings/tipos_cambio/create', { token: await api.login('root@faena.pe'), json: { moneda: 'USD', mes: '2020-01', tasa: 3.5 } });
    expect(saved.status).toBe(200);
    return { id: Number((await api.sql`SELECT min(id) AS id FROM rm_tipos_cambio`)[0].id) };
  }
  if (path === '/frentes_obra/form') {
    // The demo data has no work-site fronts (issue 29): the walk saves one to read.
    const saved = await api.call('POST', '/frentes_obra/create', { token: await api.login('root@faena.pe'), json: { id: 0, id_obra: await first('rm_obras'), codigo: 'F1', nombre: 'Frente de prueba' } });
    expect(saved.status).toBe(200);
    return { id: await first('rm_frentes_obra') };
  }
  if (path.endsWith('/form')) return { id: 1 };
  return {};
}

describe('replies match their output schemas', () => {
  it('every route declares an output schema or a file reply', () => {
    for (const r of routes) expect(r.output, `${r.method} ${r.path}`).toBeTruthy();
  });

  it('every read walked with the demo data replies what its schema says', async () => {
    const token = await api.login('root@faena.pe');
    const reads = routes.filter((r) => !isFileReply(r.output) && !r.path.includes(':') && (r.method === 'GET' || r.path.endsWith('/form')) && !/remove|login\/login|recover/.test(r.path));
    const checked: string[] = [];
    const failures: string[] = [];
    for (const r of reads) {
      for (const input of await sampleInputs(r.path)) {
        const res = r.method === 'POST' ? await api.call('POST', r.path, { token, json: input }) : await api.call('GET', r.path, { token, query: input });
        const call = `${r.method} ${r.path} ${JSON.stringify(input)}`;
        if (res.status !== 200) {
          failures.push(`${call}: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
          continue;
        }
        const { ok: _ok, msg: _msg, errors: _errors, ...payload } = res.body;
        const parsed = v.safeParse(r.output as v.GenericSchema, payload);
        if (!parsed.success) failures.push(`${call}: ${parsed.issues.map((i) => `${v.getDotPath(i)}: ${i.message}`).join('; ')}`);
        checked.push(call);
      }
    }
    expect(failures).toEqual([]);
    expect(checked.length).toBeGreaterThan(80);
  });
});
