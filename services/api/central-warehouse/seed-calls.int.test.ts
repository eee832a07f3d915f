import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApi } from '../../../tests/harness/api';
import { seedCallsAnswer, type SeedBullet } from '../../../tests/harness/seed-calls';

// Issue 17's acceptance "every call of seed 002 §7 'Site warehouse' and 'Central warehouse' answers
// (no 404)": each bullet of those two subsections, quoted as the seed writes it, with the calls it
// names (method and the least input it implies). A signed-in admin and the storekeeper of each
// warehouse send them; any answer but a missing route will do (a 422 for an incomplete body, a
// 409 for a record in another state), and none may be a server error.

const api = useTestApi();
const tokens: Record<string, string> = {};
const ids = { ot: 0, request: 0, product: 0, line: 0 };

type Bullet = SeedBullet;

const SITE: Bullet[] = [
  {
    seed: 'GET the site-warehouse OT form (id) returns item, unidades, conversion_unidades. POST save (form data): id, productos_solicitados[i] with id, solicitud_material, id_unidad, id_material, id_producto_solicitado_stock_solicitud, usar_stock_solicitud, descripcion, cantidad_en_almacen_obra, cantidad_solicitada_por_almacen_obra, recibido, salio_almacen, vale_salida; optional terminado=1. Reply ok, msg, is_new.',
    calls: () => [
      { method: 'GET', path: '/almacen_obra_ots/form', input: { id: ids.ot } },
      { method: 'POST', path: '/almacen_obra_ots/create', input: { id: ids.ot }, form: true },
    ],
  },
  {
    seed: 'POST resend a material-creation request to the external purchasing system: id_orden_trabajo. POST create pre-purchase-request: id_orden_trabajo.',
    calls: () => [
      { method: 'POST', path: '/almacen_obra_ots/enviarASicamSolicitudMateriales', input: { id_orden_trabajo: ids.ot } },
      { method: 'POST', path: '/almacen_obra_ots/crearPreSolicitud', input: { id_orden_trabajo: ids.ot } },
    ],
  },
  {
    seed: 'Receipts: GET list with filters plus order_col and order_dir (default ace.id desc), returns ok, items. POST create: entradas[] of id_producto_solicitado and cantidad_entrante. Export to xlsx of the same list.',
    calls: () => [
      { method: 'GET', path: '/almacen_obra_entradas', input: { order_dir: 'desc' } },
      { method: 'POST', path: '/almacen_obra_entradas/create', input: { entradas: [{ id_producto_solicitado: ids.product, cantidad_entrante: 0 }] } },
      { method: 'GET', path: '/almacen_obra_entradas/export', input: { kind: 'xlsx' } },
    ],
  },
  {
    seed: 'Issues (/almacen_obra_salidas): GET list (default order ps.id desc); obtenerHistorialSalidas; obtenerProductosDeStockSolicitud; POST create: salidas[] of id_producto_solicitado, cantidad_a_salir, vale_salida; export xlsx.',
    calls: () => [
      { method: 'GET', path: '/almacen_obra_salidas', input: { todos: 1 } },
      { method: 'GET', path: '/almacen_obra_salidas/obtenerHistorialSalidas', input: { id_producto_solicitado: ids.line } },
      { method: 'GET', path: '/almacen_obra_salidas/obtenerProductosDeStockSolicitud', input: { id_producto_solicitado: ids.line } },
      { method: 'POST', path: '/almacen_obra_salidas/create', input: { salidas: [{ id_producto_solicitado: ids.line, cantidad_a_salir: 0, vale_salida: '' }] } },
      { method: 'GET', path: '/almacen_obra_salidas/export', input: { kind: 'xlsx', todos: 1 } },
    ],
  },
];

const CENTRAL: Bullet[] = [
  {
    seed: 'GET central OT form (id) returns item, unidades, conversion_unidades; obtenerDetalle. POST save: id, productos_solicitados[i] with id, cantidad_en_almacen_central, cantidad_solicitada_por_almacen_central, en_almacen_central, observacion_almacen_central; terminado.',
    calls: () => [
      { method: 'GET', path: '/almacen_central_ots/form', input: { id: ids.request } },
      { method: 'GET', path: '/almacen_central_ots/obtenerDetalle', input: { id: ids.request } },
      { method: 'POST', path: '/almacen_central_ots/create', input: { id: ids.request, productos_solicitados: [] } },
    ],
  },
  {
    seed: '/almacen_central_entradas: list by order number; obtenerProductosSolicitados.',
    calls: () => [
      { method: 'GET', path: '/almacen_central_entradas', input: { numero_orden_compra: 'OC' } },
      { method: 'GET', path: '/almacen_central_entradas/obtenerProductosSolicitados', input: { codigo_recurso: 'X', numero_orden_compra: 'OC' } },
    ],
  },
  {
    seed: 'POST /almacen_central_entradas_archivos: upload of the Excel file; reply validos, invalidos, ok, msg, errors.',
    calls: () => [{ method: 'POST', path: '/almacen_central_entradas_archivos', multipart: true }],
  },
  {
    seed: '/almacen_central_traslado_materiales: list (default ps.id desc); POST create: numero_guia and salidas[] of cantidad_a_salir, id_producto_solicitado; obtenerProductosSolicitados (codigo_recurso, numero_orden_compra) returns items with cantidad_solicitada, cantidad_trasladada, cantidad_disponible, cantidad_a_salir; export xlsx.',
    calls: () => [
      { method: 'GET', path: '/almacen_central_traslado_materiales' },
      { method: 'POST', path: '/almacen_central_traslado_materiales/create', input: { numero_guia: '', salidas: [{ cantidad_a_salir: 0, id_producto_solicitado: ids.product }] } },
      { method: 'GET', path: '/almacen_central_traslado_materiales/obtenerProductosSolicitados', input: { codigo_recurso: 'X', numero_orden_compra: 'OC' } },
      { method: 'GET', path: '/almacen_central_traslado_materiales/export', input: { kind: 'xlsx' } },
    ],
  },
  {
    seed: '/traslado_materiales: GET list; POST create: traslados[] of codigo_recurso, numero_orden_compra; export xlsx; nested GET of products by numero_orden and codigo_recurso.',
    calls: () => [
      { method: 'GET', path: '/traslado_materiales' },
      { method: 'POST', path: '/traslado_materiales/create', input: { traslados: [{ codigo_recurso: 'X', numero_orden_compra: 'OC-NO-EXISTE' }] } },
      { method: 'GET', path: '/traslado_materiales/export', input: { kind: 'xlsx' } },
      { method: 'GET', path: '/traslado_materiales/obtenerProductos', input: { numero_orden: 'OC', codigo_recurso: 'X' } },
    ],
  },
];

const answers = (bullets: Bullet[], token: string) => seedCallsAnswer(api, bullets, token, [200, 409, 422]);

beforeAll(async () => {
  tokens.admin = await api.login('admin@faena.pe');
  tokens.central = await api.login('almacen.central@faena.pe');
  tokens.site = await api.login('almacen.obra@faena.pe');
  const [ot] = await api.sql<{ id: number }[]>`SELECT id::int FROM rm_ordenes_trabajo WHERE estado = 1 ORDER BY id DESC LIMIT 1`;
  const [line] = await api.sql<{ id: number }[]>`SELECT id::int FROM rm_ot_lineas WHERE tabla = 'productos_solicitados' ORDER BY id DESC LIMIT 1`;
  const [request] = await api.sql<{ id: number }[]>`SELECT id::int FROM rm_solicitudes_compras WHERE tipo IN (1, 3) ORDER BY id DESC LIMIT 1`;
  const [product] = await api.sql<{ id: number }[]>`SELECT id::int FROM rm_productos_solicitados ORDER BY id DESC LIMIT 1`;
  Object.assign(ids, { ot: ot.id, line: line.id, request: request.id, product: product.id });
}, 120_000);

describe('seed 002 §7 "Site warehouse" and "Central warehouse": every call answers (no 404)', () => {
  it('as an admin, each call of both subsections', async () => {
    const seen = await answers([...SITE, ...CENTRAL], tokens.admin);
    // The bullets name every call of the warehouse screens' routes (a new one must be quoted here).
    expect(new Set(seen).size).toBe(26);
  });

  it('as the central storekeeper, the central warehouse’s calls', async () => {
    await answers(CENTRAL, tokens.central);
  });

  it('as the site storekeeper, the site warehouse’s receipts and issues', async () => {
    await answers(SITE.slice(2), tokens.site);
  });
});
