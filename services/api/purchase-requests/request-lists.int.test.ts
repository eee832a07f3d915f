import { beforeAll, describe, expect, it } from 'vitest';
import { purchaseRequestsProjection } from '../../../projections/purchase-requests';
import { rebuildProjection } from '../../../projections/rebuild';
import { useTestApi } from '../../../tests/harness/api';

// The request row keeps its site's code (migration 0030) so the list sorts by it on an index; a
// renamed site code must reach its requests at once, and a rebuild must give the same rows.

const api = useTestApi();
let admin = '';

async function site(codigo: string, nombre: string) {
  const [empresa] = await api.sql<{ id: number }[]>`SELECT id::int FROM rm_empresas ORDER BY id LIMIT 1`;
  const r = await api.call('POST', '/obras/create', { token: admin, json: { id: 0, id_empresa: empresa.id, codigo, nombre, direccion: '', ciudad: 'Lima' } });
  expect(r.status, r.body.msg).toBe(200);
  return (r.body.item as { id: number }).id;
}

async function request(idObra: number) {
  const [{ id: unidad }] = await api.sql<{ id: number }[]>`SELECT id::int FROM rm_unidades ORDER BY id LIMIT 1`;
  const r = await api.call('POST', '/solicitudes_compras/create_not_ot', {
    token: admin,
    json: {
      id: 0, tipo: 'compra', id_obra: idObra, id_solicitudes_tipo: 2, fecha_requerimiento: '2026-12-15', descripcion_trabajo: 'Pernos',
      productos_solicitados: [{ id: 0, id_material: null, descripcion: 'Perno 5/8"', id_unidad: unidad, cantidad_solicitada_por_almacen_obra: 10 }],
    },
  });
  expect(r.status, r.body.msg).toBe(200);
  return r.body as unknown as { id: number; codigo: string };
}

const listed = async (query: Record<string, string | number>) =>
  (await api.call('GET', '/solicitudes_compras', { token: admin, query: { limit: 100, ...query } })).body.items as { id: number; codigo_obra: string }[];

beforeAll(async () => {
  admin = await api.login('admin@faena.pe');
});

describe('the request list and its site code', () => {
  it('shows and sorts by the site code; a renamed code reaches the rows at once; a rebuild gives the same rows', async () => {
    const a = await site('ZZ-NORTE-01', 'Obra Norte');
    const b = await site('ZZ-SUR-01', 'Obra Sur');
    const ra = await request(a);
    const rb = await request(b);
    const ours = (rows: { id: number; codigo_obra: string }[]) => rows.filter((r) => r.id === ra.id || r.id === rb.id).map((r) => r.codigo_obra);

    expect(ours(await listed({ order_col: 'codigo_obra', order_dir: 'desc' }))).toEqual(['ZZ-SUR-01', 'ZZ-NORTE-01']);

    // 'ZZ-NORTE-01' becomes 'ZZ-ZNORTE-01': it now sorts after the south site.
    const renamed = await api.call('POST', '/obras/create', { token: admin, json: { id: a, codigo: 'ZZ-ZNORTE-01', nombre: 'Obra Norte', direccion: '', ciudad: 'Lima', id_empresa: (await api.sql`SELECT id_empresa::int AS e FROM rm_obras WHERE id = ${a}`)[0].e } });
    expect(renamed.status, renamed.body.msg).toBe(200);
    expect(ours(await listed({ order_col: 'codigo_obra', order_dir: 'desc' }))).toEqual(['ZZ-ZNORTE-01', 'ZZ-SUR-01']);
    expect((await listed({ id_obra: a })).map((r) => r.codigo_obra)).toEqual(['ZZ-ZNORTE-01']);
    // The central list and the products list read the same column.
    const products = (await api.call('GET', '/solicitud_compra_productos', { token: admin, query: { id_solicitud_compra: ra.id } })).body.items as { codigo_obra: string }[];
    expect(products.map((p) => p.codigo_obra)).toEqual(['ZZ-ZNORTE-01']);

    const live = await api.sql`SELECT id, codigo_obra FROM rm_solicitudes_compras ORDER BY id`;
    await rebuildProjection(api.sql, api.store, purchaseRequestsProjection, 'inline');
    expect(await api.sql`SELECT id, codigo_obra FROM rm_solicitudes_compras ORDER BY id`).toEqual(live);
  });
});
