import * as v from 'valibot';
import { PRODUCT_STATE_COLORS, PRODUCT_STATE_NAMES, PROTECTED_REQUEST_STATES, REQUEST_STATE_NAMES, RequestState, stateObjectSql } from '@shared/purchase-request-codes';
import { defineList, type ListFilter, idFilter, flagFilter } from '../platform/define-list';
import { text } from '../platform/fields';
import { can } from '../platform/principal';
import type { AnyRoute } from '../platform/route';
import { centralRow, productListRow, requestRow, requestRowRights } from '@shared/contracts/purchase-requests';

const stateName = (column: string, names: Record<number, string>) =>
  `CASE ${column} ${Object.entries(names).map(([k, n]) => `WHEN ${k} THEN '${n}'`).join(' ')} ELSE '' END`;

const REQUEST_LIST_FROM = `rm_solicitudes_compras r
  LEFT JOIN rm_equipos e ON e.id = r.id_equipo`;

const otFilter: ListFilter = {
  schema: v.pipe(v.union([v.string(), v.number()]), v.transform(String), text(50)),
  // The OT number: its code or part of it (the counter of 'OB-LIM-01-OT-000042').
  where: (sql, value: string) => sql`r.codigo_orden_trabajo ILIKE ${`%${value.replace(/[\\%_]/g, (m) => `\\${m}`)}%`}`,
};

/** GET /solicitudes_compras and its export (seed 002 §4): the ten columns, filters site and OT
 * number, and what the caller may do with each row (the row menu follows the server). */
export function requestList(): AnyRoute[] {
  return defineList({
    row: requestRow,
    path: '/solicitudes_compras',
    title: 'Solicitudes',
    fileBase: 'solicitudes',
    from: REQUEST_LIST_FROM,
    // 'Material rechazado' probes each shown row's products (LIMIT 1): as an EXISTS, the planner
    // hashed every rejected product of the database for a page of ten (5 of 7 ms at 20,000).
    columns: [
      { key: 'codigo', label: 'Código', sql: 'r.codigo', sortable: true },
      { key: 'codigo_obra', label: 'Obra', sql: 'r.codigo_obra', sortable: true },
      { key: 'codigo_orden_trabajo', label: 'OT', sql: "nullif(r.codigo_orden_trabajo, '')", sortable: true },
      { key: 'codigo_equipo', label: 'Equipo', sql: 'e.codigo', sortable: true },
      { key: 'centro_costo', label: 'Centro de costo', sql: "CASE r.id_centro_costo_tipo WHEN 1 THEN coalesce(nullif(e.cc, ''), 'Directo') WHEN 2 THEN 'Indirecto' END", sortable: true },
      { key: 'enviado_sicam', label: 'Enviado a SICAM', kind: 'integer', sql: 'r.enviado_sicam::int', sortable: true },
      { key: 'material_rechazado', label: 'Material rechazado', kind: 'integer', sql: '((SELECT 1 FROM rm_productos_solicitados p WHERE p.id_solicitud_compra = r.id AND p.estado = 6 LIMIT 1) IS NOT NULL)::int' },
      { key: 'estado_nombre', label: 'Estado', sql: stateName('r.estado', REQUEST_STATE_NAMES), sortSql: 'r.estado', sortable: true },
      { key: 'fecha_creado', label: 'Fecha de solicitud', kind: 'date', sql: `to_char(r.fecha_creado AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`, sortSql: 'r.id', notNull: true, sortable: true },
      { key: 'fecha_requerimiento', label: 'Fecha de necesidad', kind: 'date', sql: "to_char(r.fecha_requerimiento, 'YYYY-MM-DD')", sortSql: 'r.fecha_requerimiento', sortable: true },
    ],
    extra: {
      id: 'r.id::int', tipo: 'r.tipo::int', estado: 'r.estado::int', id_obra: 'r.id_obra::int', id_orden_trabajo: 'r.id_orden_trabajo::int',
      // Finished requests (rejected, finalizado, cerrado) are protected: no row actions (the form's `protected` too).
      // A cancelled one keeps 'Ver' and the seed's one more action (seed 002 §4, 'Ver actividad').
      protected: `(r.estado IN (${PROTECTED_REQUEST_STATES.join(', ')}))::int`,
      sicam_estado: 'r.sicam_estado', sicam_motivo: 'r.sicam_motivo', version: 'r.version::int',
    },
    search: ['r.codigo', 'r.codigo_orden_trabajo', 'r.descripcion_trabajo'],
    searchColumn: 'r.busqueda',
    dateColumn: 'r.fecha_creado',
    key: 'r.id',
    defaultOrder: { col: 'fecha_creado', dir: 'desc' },
    filters: {
      id_obra: idFilter('r.id_obra'),
      id_orden_trabajo: idFilter('r.id_orden_trabajo'),
      numero_ot: otFilter,
      estado: { schema: v.pipe(v.union([v.string(), v.number()]), v.transform(Number), v.integer('Estado no válido'), v.minValue(1, 'Estado no válido'), v.maxValue(9, 'Estado no válido')), where: (sql, value: number) => sql`r.estado = ${value}` },
      tipo: { schema: v.pipe(v.union([v.string(), v.number()]), v.transform(Number), v.picklist([1, 2, 3], 'Tipo no válido')), where: (sql, value: number) => sql`r.tipo = ${value}` },
    },
    siteColumn: 'r.id_obra',
    computed: requestRowRights,
    async rowRights(ctx) {
      const p = ctx.principal;
      const edit = can(p, '/solicitudes_compras', 'edit');
      const [u] = await ctx.deps.sql<{ can_approve_requests: number | null }[]>`SELECT can_approve_requests FROM rm_users WHERE id = ${p.userId}`;
      const approver = edit && (p.isRoot || u?.can_approve_requests === 1);
      return (row) => {
        const estado = Number(row.estado);
        const solicitadoSinSicam = edit && estado === RequestState.solicitado && Number(row.tipo) !== 3 && row.sicam_estado !== null && row.sicam_estado !== 'enviado';
        return {
          puede_editar: edit && (estado === RequestState.borrador || estado === RequestState.observado),
          puede_aprobar: approver && estado === RequestState.pendienteAprobacion,
          puede_reenviar: solicitadoSinSicam,
          puede_anular_solicitud: edit && estado === RequestState.solicitado && row.sicam_estado !== 'enviado',
        };
      };
    },
  });
}

/** The site's issues of the OT line a product carries (read per shown row, not joined: the count stays cheap). */
const ISSUES_OF_PRODUCT = 'FROM rm_almacen_obra_salidas s WHERE s.id_linea = p.id_linea_ot AND s.id_orden_trabajo = r.id_orden_trabajo';

/** GET /solicitud_compra_productos (seed 002 §4): every requested product with its request, site,
 * OT, quantities, state and purchase order; filters site, OT, request and order number. */
export function productList(): AnyRoute[] {
  return defineList({
    row: productListRow,
    path: '/solicitud_compra_productos',
    title: 'Productos solicitados',
    fileBase: 'productos-solicitados',
    from: `rm_productos_solicitados p JOIN rm_solicitudes_compras r ON r.id = p.id_solicitud_compra
      LEFT JOIN rm_ordenes_trabajo ot ON ot.id = r.id_orden_trabajo
      LEFT JOIN rm_materiales m ON m.id = p.id_material LEFT JOIN rm_unidades u ON u.id = p.id_unidad
      LEFT JOIN rm_productos_solicitados sp ON sp.id = p.id_producto_solicitado_stock_solicitud
      LEFT JOIN rm_solicitudes_compras sr ON sr.id = sp.id_solicitud_compra
      LEFT JOIN rm_ot_lineas l ON l.id = p.id_linea_ot AND l.id_orden_trabajo = r.id_orden_trabajo
      LEFT JOIN rm_grupo_funcional_elementos el ON el.id = (l.line->>'id_grupo_funcional_elemento')::bigint`,
    columns: [
      { key: 'codigo_solicitud', label: 'Solicitud', sql: 'r.codigo', sortable: true },
      { key: 'codigo_obra', label: 'Obra', sql: 'r.codigo_obra', sortable: true },
      { key: 'codigo_orden_trabajo', label: 'OT', sql: 'ot.codigo', sortable: true },
      { key: 'codigo', label: 'Código', sql: "coalesce(nullif(p.codigo, ''), m.codigo, '')", sortable: true },
      { key: 'descripcion', label: 'Descripción', sql: "coalesce(nullif(p.descripcion, ''), m.nombre, '')", sortable: true },
      { key: 'nombre_unidad', label: 'UDM', sql: 'u.nombre' },
      { key: 'cantidad_solicitada_por_almacen_obra', label: 'Cantidad solicitada', kind: 'decimal', sql: 'p.cantidad_solicitada_por_almacen_obra::float8', sortable: true },
      { key: 'cantidad_en_almacen_central', label: 'En almacén central', kind: 'decimal', sql: 'p.cantidad_en_almacen_central::float8' },
      { key: 'cantidad_solicitada_por_almacen_central', label: 'A comprar', kind: 'decimal', sql: 'p.cantidad_solicitada_por_almacen_central::float8' },
      { key: 'estado_nombre', label: 'Estado', sql: stateName('p.estado', PRODUCT_STATE_NAMES), sortSql: 'p.estado', sortable: true },
      { key: 'numero_orden', label: 'Orden de compra', sql: 'p.numero_orden', sortable: true },
      { key: 'precio', label: 'Precio', kind: 'decimal', sql: 'p.precio::float8' },
      { key: 'moneda', label: 'Moneda', sql: 'p.moneda' },
    ],
    // Seed 002 §3 "Requested product (list and warehouse)": the rest of its fields, from the
    // request's product row, the lending request, the OT line it carries, the site's receipts
    // (cantidad_recibida_obra) and the site's issues of that line (rm_almacen_obra_salidas).
    extra: {
      id: 'p.id::int', id_solicitud_compra: 'p.id_solicitud_compra::int', estado: 'p.estado::int',
      objeto_estado: stateObjectSql('p.estado', PRODUCT_STATE_NAMES, PRODUCT_STATE_COLORS),
      codigo_material: "coalesce(nullif(p.codigo, ''), m.codigo, '')", id_material: 'p.id_material::int', id_material_tipo: 'm.id_material_tipo::int',
      id_unidad: 'p.id_unidad::int',
      cantidad_solicitada_por_tecnico: 'p.cantidad_solicitada_por_tecnico::float8', cantidad_en_almacen_obra: 'p.cantidad_en_almacen_obra::float8',
      en_almacen_central: 'p.en_almacen_central::int', observacion_almacen_central: 'p.observacion_almacen_central',
      solicitud_material: 'p.solicitud_material::int', usar_stock_solicitud: 'p.usar_stock_solicitud::int',
      id_producto_solicitado_stock_solicitud: 'p.id_producto_solicitado_stock_solicitud::int', cantidad_stock_solicitud: 'p.cantidad_stock_solicitud::float8',
      stock_solicitud: 'sr.codigo',
      recibido: 'p.cantidad_recibida_obra::float8', salio_almacen: `coalesce((SELECT sum(s.cantidad) ${ISSUES_OF_PRODUCT}), 0)::float8`,
      vale_salida: `coalesce((SELECT string_agg(DISTINCT s.vale_salida, ', ') ${ISSUES_OF_PRODUCT}), '')`,
      fecha_requerimiento: "to_char(r.fecha_requerimiento, 'YYYY-MM-DD')",
      codigo_grupo_funcional_elemento: 'el.numero',
    },
    search: ['r.codigo', 'ot.codigo', 'p.codigo', 'p.descripcion', 'm.codigo', 'm.nombre', 'p.numero_orden'],
    key: 'p.id',
    defaultOrder: { col: 'codigo_solicitud', dir: 'desc' },
    filters: {
      id_obra: idFilter('r.id_obra'),
      id_orden_trabajo: idFilter('r.id_orden_trabajo'),
      id_solicitud_compra: idFilter('p.id_solicitud_compra'),
      numero_orden: { schema: v.pipe(v.union([v.string(), v.number()]), v.transform(String), text(50)), where: (sql, value: string) => sql`p.numero_orden = ${value}` },
    },
    siteColumn: 'r.id_obra',
  });
}

/** GET /almacen_central_ots (seed 002 §4, the central warehouse's Pedido list): compra and
 * despacho requests from the moment they wait for the central warehouse, keyed by request id. */
export function centralList(): AnyRoute[] {
  return defineList({
    row: centralRow,
    path: '/almacen_central_ots',
    title: 'Pedidos del almacén central',
    fileBase: 'pedidos-almacen-central',
    from: `rm_solicitudes_compras r LEFT JOIN rm_ordenes_trabajo ot ON ot.id = r.id_orden_trabajo`,
    columns: [
      { key: 'codigo', label: 'Solicitud', sql: 'r.codigo', sortable: true },
      { key: 'codigo_obra', label: 'Obra', sql: 'r.codigo_obra', sortable: true },
      { key: 'codigo_orden_trabajo', label: 'OT', sql: 'ot.codigo', sortable: true },
      { key: 'tipo_nombre', label: 'Tipo', sql: "CASE r.tipo WHEN 1 THEN 'Compra' WHEN 3 THEN 'Despacho' ELSE 'Servicio' END" },
      { key: 'estado_nombre', label: 'Estado', sql: stateName('r.estado', REQUEST_STATE_NAMES), sortSql: 'r.estado', sortable: true },
      { key: 'fecha_creado', label: 'Fecha de solicitud', kind: 'date', sql: `to_char(r.fecha_creado AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`, sortSql: 'r.id', notNull: true, sortable: true },
      { key: 'fecha_requerimiento', label: 'Fecha de necesidad', kind: 'date', sql: "to_char(r.fecha_requerimiento, 'YYYY-MM-DD')", sortSql: 'r.fecha_requerimiento', sortable: true },
      { key: 'atendido_por_almacen_central', label: 'Atendido', kind: 'integer', sql: 'r.atendido_por_almacen_central::int', sortable: true },
    ],
    extra: { id: 'r.id::int', estado: 'r.estado::int', id_obra: 'r.id_obra::int', version: 'r.version::int' },
    search: ['r.codigo', 'ot.codigo', 'r.codigo_obra'],
    dateColumn: 'r.fecha_creado',
    key: 'r.id',
    defaultOrder: { col: 'fecha_creado', dir: 'desc' },
    filters: {
      id_obra: idFilter('r.id_obra'),
      atendido: flagFilter('r.atendido_por_almacen_central', 'Valor no válido'),
    },
    scope: (sql) => sql`r.tipo IN (1, 3) AND (r.atendido_por_almacen_central = 1 OR r.estado IN (${RequestState.pendienteAtencionAlmacenCentral}, ${RequestState.observado}))`,
    siteColumn: 'r.id_obra',
  });
}
