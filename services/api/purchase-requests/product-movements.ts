import type { Sql } from 'postgres';
import * as v from 'valibot';
import { ApiError } from '../platform/api-error';
import { positiveId } from '../platform/fields';
import { defineRoute, moduleAccess, type AnyRoute, type RouteContext } from '../platform/route';
import { siteAllows } from '../platform/site-scope';
import { productCentralEntry, productIssue, productSiteReceipt, productTransfer } from '@shared/contracts/purchase-requests';
import type { ProductCentralEntry, ProductIssue, ProductSiteReceipt, ProductTransfer } from '@shared/contracts/purchase-requests';
import { subQty } from '@shared/quantity';

// The nested lists of /solicitud_compra_productos (seed 002 §2 "nested lists of warehouse entries
// and of exits per product", §7 obtenerEntradasDeAlmacen and the exit history by
// id_producto_solicitado): what a requested product received (central entries from Excel, the
// transfers with a waybill that sent it to its site, the site's receipts) and what the site issued
// of the work-order lines it carries.

const MODULE = '/solicitud_compra_productos';
export const MSG_PRODUCT_NOT_FOUND = 'No se encontró el producto solicitado';
export const MSG_PRODUCT_REQUIRED = 'Indique el producto solicitado (id_producto_solicitado)';

const instantSql = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;
const userName = (alias: string) => `nullif(trim(coalesce(${alias}.name, '') || ' ' || coalesce(${alias}.surname, '')), '')`;



/** The product by `id_producto_solicitado` (the seed's name) or `id`. */
const productInput = v.pipe(
  v.object({ id_producto_solicitado: v.optional(positiveId()), id: v.optional(positiveId()) }),
  v.check((i) => i.id_producto_solicitado !== undefined || i.id !== undefined, MSG_PRODUCT_REQUIRED),
  v.transform((i) => ({ id: (i.id_producto_solicitado ?? i.id)! })),
);

type Product = { id: number; id_solicitud_compra: number; id_orden_trabajo: number | null; codigo: string };

/** The product, if the caller may read its request (its site); otherwise 404. */
async function productOf(ctx: RouteContext<{ id: number }>): Promise<Product> {
  if (!ctx.principal) throw new ApiError(401, 'Debe iniciar sesión');
  const [p] = await ctx.deps.sql<Product[]>`
    SELECT p.id::int, p.id_solicitud_compra::int, nullif(r.id_orden_trabajo, 0)::int AS id_orden_trabajo, upper(coalesce(nullif(p.codigo, ''), m.codigo, '')) AS codigo
      FROM rm_productos_solicitados p JOIN rm_solicitudes_compras r ON r.id = p.id_solicitud_compra LEFT JOIN rm_materiales m ON m.id = p.id_material
     WHERE p.id = ${ctx.input.id}`;
  if (!p || !(await siteAllows(ctx.deps, ctx.principal, 'purchase_request', p.id_solicitud_compra))) throw new ApiError(404, MSG_PRODUCT_NOT_FOUND);
  return p;
}

type Part = { id_producto: number; orden: number; cantidad: number; codigo: string };
type Entry = { id: number; id_archivo: number; nombre_archivo: string | null; albaran: string; numero_orden_compra: string; codigo_recurso: string; cantidad: number; fecha_movimiento: string | null; fecha_creado: string };

/**
 * The central entries that reached `product`, exact to the albarán. An import fills, entry by entry
 * in the file's order, the products in 'En OC' of the entry's order number and code in product
 * order, each up to what it still waits for (services/api/central-warehouse/import-entries.ts);
 * the events keep each product's parts in that order (rm_productos_solicitados_entradas_central).
 * Replaying it per file and order: an entry's quantity goes to the products of its code that still
 * have parts, lowest id first, one part each, until it is spent — a product has a part left exactly
 * while it still waited, so the replay meets the import's choices.
 */
export async function centralEntriesOf(sql: Sql, product: Product): Promise<ProductCentralEntry[]> {
  const groups = await sql<{ id_archivo: number; numero_orden: string; fecha_creado: string }[]>`
    SELECT id_archivo::int, numero_orden, ${sql.unsafe(instantSql('min(fecha_creado)'))} AS fecha_creado
      FROM rm_productos_solicitados_entradas_central WHERE id_producto = ${product.id}
     GROUP BY id_archivo, numero_orden ORDER BY id_archivo`;
  const out: ProductCentralEntry[] = [];
  for (const g of groups) {
    const [parts, entries] = await Promise.all([
      sql<Part[]>`
        SELECT c.id_producto::int, c.orden, c.cantidad::float8 AS cantidad, upper(coalesce(nullif(p.codigo, ''), m.codigo, '')) AS codigo
          FROM rm_productos_solicitados_entradas_central c JOIN rm_productos_solicitados p ON p.id = c.id_producto LEFT JOIN rm_materiales m ON m.id = p.id_material
         WHERE c.id_archivo = ${g.id_archivo} AND c.numero_orden = ${g.numero_orden}
         ORDER BY c.id_producto, c.orden`,
      sql<Entry[]>`
        SELECT e.id::int, e.id_archivo::int, a.nombre AS nombre_archivo, e.albaran, e.numero_orden_compra, e.codigo_recurso, e.cantidad::float8 AS cantidad,
               to_char(e.fecha_movimiento, 'YYYY-MM-DD') AS fecha_movimiento, ${sql.unsafe(instantSql('e.fecha_creado'))} AS fecha_creado
          FROM rm_almacen_central_entradas e LEFT JOIN rm_almacen_central_entradas_archivos a ON a.id = e.id_archivo
         WHERE e.id_archivo = ${g.id_archivo} AND upper(e.numero_orden_compra) = upper(${g.numero_orden}) AND upper(e.codigo_recurso) = ${product.codigo}
         ORDER BY e.id`,
    ]);
    const queues = new Map<number, Part[]>();
    for (const p of parts) if (p.codigo === product.codigo) queues.set(p.id_producto, [...(queues.get(p.id_producto) ?? []), p]);
    const order = [...queues.keys()].sort((a, b) => a - b);
    for (const e of entries) {
      let left = e.cantidad;
      for (const id of order) {
        if (left <= 0) break;
        const part = queues.get(id)!.shift();
        if (!part) continue;
        left = subQty(left, part.cantidad);
        if (id === product.id) {
          out.push({
            id_entrada: e.id, id_archivo: e.id_archivo, nombre_archivo: e.nombre_archivo, albaran: e.albaran, numero_orden_compra: e.numero_orden_compra,
            codigo_recurso: e.codigo_recurso, cantidad: part.cantidad, fecha_movimiento: e.fecha_movimiento, fecha_creado: e.fecha_creado,
          });
        }
      }
    }
    // Parts the file's entries do not account for (an entry's code renamed since): shown without their albarán.
    for (const part of queues.get(product.id) ?? []) {
      out.push({ id_entrada: null, id_archivo: g.id_archivo, nombre_archivo: null, albaran: null, numero_orden_compra: g.numero_orden, codigo_recurso: null, cantidad: part.cantidad, fecha_movimiento: null, fecha_creado: g.fecha_creado });
    }
  }
  return out;
}

export function productMovementRoutes(): AnyRoute[] {
  return [
    defineRoute({
      method: 'GET',
      path: `${MODULE}/obtenerEntradasDeAlmacen`,
      access: moduleAccess(MODULE, 'see'),
      summary: 'Ingresos de un producto solicitado (id_producto_solicitado o id): al almacén central por archivo, albarán y orden de compra; sus traslados con guía y sus entradas en obra',
      input: productInput,
      output: v.object({ items: v.array(productCentralEntry), traslados: v.array(productTransfer), entradas_obra: v.array(productSiteReceipt) }),
      async handler(ctx) {
        const product = await productOf(ctx);
        const sql = ctx.deps.sql;
        const [items, traslados, entradas_obra] = await Promise.all([
          centralEntriesOf(sql, product),
          sql<ProductTransfer[]>`
            SELECT t.id_traslado::int, t.numero_guia, t.numero_orden, t.cantidad::float8 AS cantidad, ${sql.unsafe(instantSql('t.fecha_creado'))} AS fecha_creado, ${sql.unsafe(userName('u'))} AS usuario
              FROM rm_almacen_central_traslados t LEFT JOIN rm_users u ON u.id = t.id_user
             WHERE t.id_producto = ${product.id} ORDER BY t.id_traslado, t.numero_orden`,
          sql<ProductSiteReceipt[]>`
            SELECT e.id_entrada::int, e.cantidad::float8 AS cantidad, ${sql.unsafe(instantSql('e.fecha_creado'))} AS fecha_creado, ${sql.unsafe(userName('u'))} AS usuario
              FROM rm_almacen_obra_entradas e LEFT JOIN rm_users u ON u.id = e.id_user
             WHERE e.id_producto = ${product.id} ORDER BY e.id_entrada`,
        ]);
        return { items, traslados: [...traslados], entradas_obra: [...entradas_obra] };
      },
    }),
    defineRoute({
      method: 'GET',
      path: `${MODULE}/obtenerHistorialSalidas`,
      access: moduleAccess(MODULE, 'see'),
      summary: 'Salidas en obra de un producto solicitado (id_producto_solicitado o id): las de las filas de repuestos de su OT que lo llevan, con vale, cantidad, fecha y usuario',
      input: productInput,
      output: v.object({ items: v.array(productIssue) }),
      async handler(ctx) {
        const product = await productOf(ctx);
        if (product.id_orden_trabajo === null) return { items: [] };
        const sql = ctx.deps.sql;
        // The OT's part lines that carry the product (the request generated from that OT set it).
        const items = await sql<ProductIssue[]>`
          SELECT s.id_salida::int, s.vale_salida, o.codigo AS codigo_orden_trabajo, s.cantidad::float8 AS cantidad,
                 ${sql.unsafe(instantSql('s.fecha_creado'))} AS fecha_creado, ${sql.unsafe(userName('u'))} AS usuario
            FROM rm_ot_lineas l JOIN rm_almacen_obra_salidas s ON s.id_linea = l.id JOIN rm_ordenes_trabajo o ON o.id = l.id_orden_trabajo
            LEFT JOIN rm_users u ON u.id = s.id_user
           WHERE l.id_orden_trabajo = ${product.id_orden_trabajo} AND l.tabla = 'productos_solicitados' AND l.line->>'id_producto_solicitado' = ${String(product.id)}
           ORDER BY s.id_salida, s.id_linea`;
        return { items: [...items] };
      },
    }),
  ];
}
