import * as v from 'valibot';
import { execute } from '../../../events/execute';
import { PRODUCT_STATE_NAMES } from '@shared/purchase-request-codes';
import { MSG_NO_ENTRIES, transferRequests } from '../../../events/transfer-request/decider';
import { ApiError } from '../platform/api-error';
import { defineList } from '../platform/define-list';
import { text } from '../platform/fields';
import { defineRoute, moduleAccess, type AnyRoute } from '../platform/route';
import { rowId } from '@shared/contracts/platform';
import { listOf } from '../work-orders/work-order-schemas';
import { transferRequestProduct, transferRequestRow } from '@shared/contracts/central-warehouse';

// Transfer requests (seed 002 §7 `/traslado_materiales`, milestone 14): the processed central
// entries grouped by purchase order and resource code, and the request to send groups of them to
// their sites (`transfer_request-{id}`); the central storekeeper then transfers them with a waybill
// (`/almacen_central_traslado_materiales`).

const MODULE = '/traslado_materiales';
export const MSG_TRANSFER_REQUESTED = 'Traslado solicitado';
export { MSG_NO_ENTRIES };

const instantSql = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;
const stateName = (column: string) =>
  `CASE ${column} ${Object.entries(PRODUCT_STATE_NAMES).map(([k, n]) => `WHEN ${k} THEN '${n}'`).join(' ')} ELSE '' END`;

/** The processed entries per order and code, with what was transferred and whether a transfer was requested. */
const GROUPS = `(SELECT e.codigo_recurso, e.numero_orden_compra, max(e.descripcion_recurso) AS descripcion_recurso, sum(e.cantidad) AS cantidad_entrada,
    max(e.fecha_creado) AS fecha_ingreso,
    coalesce((SELECT sum(t.cantidad) FROM rm_almacen_central_traslados t WHERE t.codigo = e.codigo_recurso AND t.numero_orden = e.numero_orden_compra), 0) AS cantidad_trasladada,
    EXISTS (SELECT 1 FROM rm_traslados_solicitados s WHERE s.codigo_recurso = e.codigo_recurso AND s.numero_orden_compra = e.numero_orden_compra) AS solicitado
  FROM rm_almacen_central_entradas e JOIN rm_almacen_central_entradas_archivos a ON a.id = e.id_archivo AND a.objeto_procesado = 1
  GROUP BY e.codigo_recurso, e.numero_orden_compra) g`;




const key = () => v.pipe(text(50), v.nonEmpty('Este campo es requerido'), v.toUpperCase());

export function transferRequestRoutes(): AnyRoute[] {
  return [
    ...defineList({
      row: transferRequestRow,
      path: MODULE,
      title: 'Solicitud de traslado',
      fileBase: 'solicitud-traslado',
      from: GROUPS,
      columns: [
        { key: 'numero_orden_compra', label: 'Orden de compra', sql: 'g.numero_orden_compra', sortable: true },
        { key: 'codigo_recurso', label: 'Código', sql: 'g.codigo_recurso', sortable: true },
        { key: 'descripcion_recurso', label: 'Descripción', sql: 'g.descripcion_recurso', sortable: true },
        { key: 'cantidad_entrada', label: 'Entrada', kind: 'decimal', sql: 'g.cantidad_entrada::float8', sortable: true },
        { key: 'cantidad_trasladada', label: 'Trasladado', kind: 'decimal', sql: 'g.cantidad_trasladada::float8', sortable: true },
        { key: 'traslado_solicitado', label: 'Traslado solicitado', kind: 'integer', sql: 'g.solicitado::int', sortable: true },
        { key: 'fecha_ingreso', label: 'Último ingreso', kind: 'date', sql: instantSql('g.fecha_ingreso'), sortSql: 'g.fecha_ingreso', notNull: true, sortable: true },
      ],
      search: ['g.numero_orden_compra', 'g.codigo_recurso', 'g.descripcion_recurso'],
      dateColumn: 'g.fecha_ingreso',
      key: "g.numero_orden_compra || '|' || g.codigo_recurso",
      defaultOrder: { col: 'fecha_ingreso', dir: 'desc' },
      filters: {
        numero_orden_compra: { schema: text(50), where: (sql, value: string) => sql`g.numero_orden_compra = ${value.toUpperCase()}` },
        traslado_solicitado: { schema: v.picklist(['0', '1']), where: (sql, value: string) => sql`g.solicitado = ${value === '1'}` },
      },
    }),
    defineRoute({
      method: 'GET',
      path: `${MODULE}/obtenerProductos`,
      access: moduleAccess(MODULE, 'see'),
      summary: 'Productos solicitados de un grupo de ingresos (numero_orden y codigo_recurso): solicitado, ingresado al almacén central, trasladado y su estado',
      input: v.object({ numero_orden: key(), codigo_recurso: key() }),
      output: v.object({ items: v.array(transferRequestProduct) }),
      async handler({ input, deps }) {
        const items = await deps.sql.unsafe(`
          SELECT p.id::int, p.id_solicitud_compra::int, r.codigo AS codigo_solicitud, nullif(r.codigo_orden_trabajo, '') AS codigo_orden_trabajo,
                 nullif(r.codigo_obra, '') AS codigo_obra, coalesce(nullif(p.codigo, ''), m.codigo, '') AS codigo, coalesce(nullif(p.descripcion, ''), m.nombre, '') AS descripcion,
                 p.numero_orden, p.cantidad_solicitada_por_almacen_obra::float8 AS cantidad_solicitada, p.cantidad_en_almacen_central_entrada::float8 AS cantidad_entrada,
                 p.cantidad_enviada_obra::float8 AS cantidad_trasladada, p.estado::int, ${stateName('p.estado')} AS estado_nombre
            FROM rm_productos_solicitados p JOIN rm_solicitudes_compras r ON r.id = p.id_solicitud_compra LEFT JOIN rm_materiales m ON m.id = p.id_material
           WHERE upper(p.numero_orden) = $1 AND upper(coalesce(nullif(p.codigo, ''), m.codigo, '')) = $2
           ORDER BY p.id`, [input.numero_orden, input.codigo_recurso]);
        return { items: [...items] };
      },
    }),
    defineRoute({
      method: 'POST',
      path: `${MODULE}/create`,
      access: moduleAccess(MODULE, 'edit'),
      summary: 'Solicitar el traslado a obra de ingresos procesados (traslados[] de codigo_recurso y numero_orden_compra)',
      input: v.object({ traslados: listOf(v.object({ codigo_recurso: key(), numero_orden_compra: key() }), 500) }),
      output: v.object({ id_solicitud_traslado: rowId() }),
      async handler({ input, deps, principal, metadata }) {
        if (!principal) throw new ApiError(401, 'Debe iniciar sesión');
        // Whether each group has processed entries: the decider refuses the ones that have none.
        const traslados: { codigo_recurso: string; numero_orden_compra: string; procesado: boolean }[] = [];
        for (const t of input.traslados) {
          const [e] = await deps.sql`SELECT 1 FROM rm_almacen_central_entradas e JOIN rm_almacen_central_entradas_archivos a ON a.id = e.id_archivo AND a.objeto_procesado = 1
            WHERE e.codigo_recurso = ${t.codigo_recurso} AND e.numero_orden_compra = ${t.numero_orden_compra} LIMIT 1`;
          traslados.push({ ...t, procesado: e !== undefined });
        }
        const { value } = await execute(deps.store, async (c) => {
          const id = await c.nextId('transfer_request');
          (await c.load(transferRequests, id)).decide({ type: 'RequestTransfer', id, traslados, by: principal.userId });
          return id;
        }, { metadata });
        return { msg: MSG_TRANSFER_REQUESTED, id_solicitud_traslado: value };
      },
    }),
  ];
}
