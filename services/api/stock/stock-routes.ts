import * as v from 'valibot';
import { defineList, type ListFilter, idFilter } from '../platform/define-list';
import { isoDate, positiveId, text } from '../platform/fields';
import { defineRoute, moduleAccess, type AnyRoute } from '../platform/route';
import { instant } from '@shared/contracts/platform';
import { siteScope, userSites } from '../platform/site-scope';
import { stockAsOf } from './stock-as-of';
import { asOfItem, ledgerRow, stockRow } from '@shared/contracts/stock';
import { BUSINESS_TZ } from '@shared/time';

// The stock ledger's screens (issue 17, beyond the seed): 'Stock por almacén' (the balances on
// hand, and as of a past day from the events) and 'Kárdex' (every movement with the balance before
// and after it and the document that caused it). docs/modules/stock.md.

export const STOCK_MODULE = '/stock_almacen';
export const LEDGER_MODULE = '/stock_movimientos';

const ALMACENES = ['central', 'transito', 'obra'] as const;

/** The warehouse's name as the screens show it. */
const warehouseSql = (t: string) =>
  `CASE ${t}.almacen WHEN 'central' THEN 'Almacén central' WHEN 'transito' THEN 'En tránsito a ' || coalesce(o.nombre, 'obra') ELSE coalesce(o.nombre, 'Obra') END`;

const REASONS: Record<string, string> = {
  ingreso_oc: 'Ingreso por orden de compra', stock_declarado: 'Stock registrado en el pedido', traslado: 'Traslado con guía', recepcion: 'Recepción en obra', salida: 'Salida con vale',
};
const reasonSql = `CASE m.motivo ${Object.entries(REASONS).map(([k, l]) => `WHEN '${k}' THEN '${l}'`).join(' ')} ELSE m.motivo END`;

const commonFilters = (t: string): Record<string, ListFilter> => ({
  almacen: { schema: v.picklist(ALMACENES, 'Almacén no válido'), where: (sql, value: string) => sql`${sql.unsafe(t)}.almacen = ${value}` },
  id_obra: idFilter(`${t}.id_obra`),
  codigo: { schema: text(100), where: (sql, value: string) => sql`${sql.unsafe(t)}.codigo = ${value.trim().toUpperCase()}` },
  id_material: {
    schema: positiveId(),
    where: (sql, value: number) => sql`(${sql.unsafe(t)}.id_material = ${value} OR ${sql.unsafe(t)}.codigo = (SELECT upper(codigo) FROM rm_materiales WHERE id = ${value}))`,
  },
});

/** Central stock is everyone's to see; a site's (and what travels to it) only its people's. */
const scopeOf = (t: string) => (sql: Parameters<NonNullable<Parameters<typeof defineList>[0]['scope']>>[0], ctx: Parameters<NonNullable<Parameters<typeof defineList>[0]['scope']>>[1]) => {
  const sites = siteScope(sql, ctx.principal, `${t}.id_obra`);
  return sites ? sql`(${sql.unsafe(t)}.almacen = 'central' OR ${sites})` : null;
};


const monthSql = (mes: string) => `substr(${mes}, 6, 2) || '/' || substr(${mes}, 1, 4)`;
const amountSql = (amount: string) => `to_char(${amount}, 'FM999,999,999,990.00')`;

/** Issue 19: what a movement carried in another currency. An entry: its unit cost in that currency
 * and the rate it was valued at ('USD 25.00 c/u × 3.75'), or that its month had no rate ('USD 25.00
 * c/u, sin tipo de cambio de 09/2026'); any other movement: the amounts without a rate it carried
 * ('USD 12.50 sin tipo de cambio de 09/2026'). Null for soles. */
const OTHER_CURRENCY_SQL = `CASE
  WHEN m.cambio IS NOT NULL THEN (m.cambio ->> 'moneda') || ' ' || ${amountSql("(m.cambio ->> 'costo_moneda')::numeric")} || ' c/u' ||
    CASE WHEN m.cambio ->> 'tasa' IS NULL THEN ', sin tipo de cambio de ' || ${monthSql("(m.cambio ->> 'mes')")}
         ELSE ' × ' || ((m.cambio ->> 'tasa')::numeric)::text END
  WHEN m.sin_tipo_cambio IS NOT NULL THEN (
    SELECT string_agg(split_part(x.k, ':', 1) || ' ' || ${amountSql('abs(x.monto::numeric)')} || ' sin tipo de cambio de ' || ${monthSql("split_part(x.k, ':', 2)")}, '; ' ORDER BY x.k)
      FROM jsonb_each_text(m.sin_tipo_cambio) AS x(k, monto))
END`;



const asOfInput = v.object({
    fecha: v.optional(isoDate()),
    hasta: v.optional(v.pipe(v.string(), v.isoTimestamp('Instante inválido'), v.check((t) => !Number.isNaN(new Date(t).getTime()), 'Instante inválido'))),
    almacen: v.optional(v.picklist(ALMACENES, 'Almacén no válido')),
    id_obra: v.optional(v.pipe(v.unknown(), v.transform(Number), positiveId())),
    codigo: v.optional(text(100)),
    page: v.optional(v.pipe(v.unknown(), v.transform(Number), v.integer('Página inválida'), v.minValue(1, 'Página inválida')), 1),
    per_page: v.optional(v.pipe(v.unknown(), v.transform(Number), v.integer('Tamaño inválido'), v.minValue(1, 'Tamaño inválido'), v.maxValue(100, 'Tamaño inválido')), 25),
});

const asOfName = (r: { almacen: string; nombre_obra: string | null }) =>
  r.almacen === 'central' ? 'Almacén central' : r.almacen === 'transito' ? `En tránsito a ${r.nombre_obra ?? 'obra'}` : r.nombre_obra ?? 'Obra';

export function stockRoutes(): AnyRoute[] {
  return [
    ...defineList({
      row: stockRow,
      path: STOCK_MODULE,
      title: 'Stock por almacén',
      fileBase: 'stock-por-almacen',
      from: `rm_stock s LEFT JOIN rm_obras o ON o.id = nullif(s.id_obra, 0) LEFT JOIN rm_materiales mt ON mt.id = coalesce(s.id_material, (SELECT x.id FROM rm_materiales x WHERE lower(x.codigo) = lower(s.codigo) ORDER BY x.id LIMIT 1)) LEFT JOIN rm_unidades un ON un.id = mt.id_unidad`,
      columns: [
        { key: 'almacen_nombre', label: 'Almacén', sql: warehouseSql('s'), sortSql: 's.almacen, o.nombre', sortable: true },
        { key: 'codigo', label: 'Código', sql: 's.codigo', sortable: true },
        { key: 'descripcion', label: 'Descripción', sql: 's.descripcion', sortable: true },
        { key: 'nombre_unidad', label: 'Unidad', sql: 'un.nombre' },
        { key: 'saldo', label: 'Stock', kind: 'decimal', sql: 's.saldo::float8', sortable: true },
        { key: 'costo_promedio', label: 'Costo promedio (S/)', kind: 'decimal', sql: 's.costo_promedio::float8', sortable: true },
        { key: 'valor', label: 'Valor (S/)', kind: 'decimal', sql: '(s.saldo * s.costo_promedio)::numeric(14, 2)::float8', sortable: true, notNull: true },
        { key: 'movimientos', label: 'Movimientos', kind: 'integer', sql: 's.movimientos', sortable: true },
        { key: 'fecha_ultimo', label: 'Último movimiento', kind: 'date', sql: `to_char(s.fecha_ultimo AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`, sortSql: 's.fecha_ultimo', sortable: true, notNull: true },
      ],
      extra: { id: 's.id_stock::int', almacen: 's.almacen', id_obra: 's.id_obra::int', id_material: 'mt.id::int' },
      search: ['s.codigo', 's.descripcion'],
      // Code and description, normalised when the balance is written, with a trigram index (migration 0040).
      searchColumn: 's.busqueda',
      key: 's.id_stock',
      defaultOrder: { col: 'fecha_ultimo', dir: 'desc' },
      dateColumn: 's.fecha_ultimo',
      filters: {
        ...commonFilters('s'),
        con_saldo: { schema: v.picklist(['0', '1'], 'Valor no válido'), where: (sql, value: string) => (value === '1' ? sql`s.saldo > 0` : sql`TRUE`) },
      },
      scope: scopeOf('s'),
    }),
    defineRoute({
      method: 'GET',
      path: `${STOCK_MODULE}/al_dia`,
      access: moduleAccess(STOCK_MODULE, 'see'),
      summary: 'Stock de cada almacén y material a una fecha pasada (fin del día en Lima), a un instante (hasta) o ahora, sumado de los eventos del kárdex',
      input: asOfInput,
      output: v.object({ items: v.array(asOfItem), total: v.number(), hasta: instant() }),
      async handler(ctx) {
        const i = ctx.input;
        let hasta: Date;
        if (i.hasta) hasta = new Date(i.hasta);
        else if (!i.fecha) hasta = new Date();
        else {
          const [row] = await ctx.deps.sql<{ t: Date }[]>`SELECT ((${i.fecha}::date + 1)::timestamp AT TIME ZONE ${BUSINESS_TZ}::text) AS t`;
          hasta = row.t;
        }
        const sites = ctx.principal ? await userSites(ctx.deps, ctx.principal) : 'all';
        const { items, total } = await stockAsOf(ctx.deps.sql, hasta, { almacen: i.almacen, id_obra: i.id_obra, codigo: i.codigo, sites }, { limit: i.per_page, offset: (i.page - 1) * i.per_page });
        return {
          items: items.map((r) => ({
            id_stock: r.id_stock, almacen: r.almacen, almacen_nombre: asOfName(r), id_obra: r.id_obra, codigo: r.codigo, descripcion: r.descripcion,
            saldo: Number(r.saldo), costo_promedio: Number(r.costo_promedio), valor: Number(r.valor), movimientos: r.movimientos,
          })),
          total,
          hasta: hasta.toISOString(),
        };
      },
    }),
    ...defineList({
      row: ledgerRow,
      path: LEDGER_MODULE,
      title: 'Kárdex de stock',
      fileBase: 'kardex-stock',
      from: `rm_stock_movimientos m LEFT JOIN rm_obras o ON o.id = nullif(m.id_obra, 0) LEFT JOIN rm_users u ON u.id = m.id_user`,
      columns: [
        { key: 'fecha', label: 'Fecha', kind: 'date', sql: `to_char(m.fecha AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`, sortSql: 'm.global_position', sortable: true, notNull: true },
        { key: 'almacen_nombre', label: 'Almacén', sql: warehouseSql('m') },
        { key: 'codigo', label: 'Código', sql: 'm.codigo', sortable: true },
        { key: 'descripcion', label: 'Descripción', sql: 'm.descripcion' },
        { key: 'motivo_nombre', label: 'Movimiento', sql: reasonSql },
        {
          key: 'documento', label: 'Documento',
          sql: `CASE m.documento_tipo WHEN 'archivo_entradas' THEN 'Archivo de ingreso ' WHEN 'traslado' THEN 'Traslado ' WHEN 'entrada_obra' THEN 'Entrada en obra ' ELSE 'Salida ' END || m.documento_id || CASE WHEN m.referencia <> '' THEN ' · ' || m.referencia ELSE '' END`,
        },
        { key: 'cantidad', label: 'Cantidad', kind: 'decimal', sql: 'm.cantidad::float8' },
        { key: 'saldo_anterior', label: 'Saldo anterior', kind: 'decimal', sql: 'm.saldo_anterior::float8' },
        { key: 'saldo', label: 'Saldo', kind: 'decimal', sql: 'm.saldo::float8' },
        { key: 'costo_unitario', label: 'Costo unitario (S/)', kind: 'decimal', sql: 'm.costo_unitario::float8' },
        { key: 'costo_promedio', label: 'Costo promedio (S/)', kind: 'decimal', sql: 'm.costo_promedio::float8' },
        { key: 'moneda', label: 'Otra moneda', sql: OTHER_CURRENCY_SQL },
        { key: 'usuario', label: 'Usuario', sql: "nullif(trim(coalesce(u.name, '') || ' ' || coalesce(u.surname, '')), '')" },
      ],
      extra: {
        id: 'm.global_position::int', id_stock: 'm.id_stock::int', almacen: 'm.almacen', id_obra: 'm.id_obra::int', motivo: 'm.motivo', documento_tipo: 'm.documento_tipo',
        documento_id: 'm.documento_id::int', id_producto: 'm.id_producto::int', id_linea: 'm.id_linea::int', id_orden_trabajo: 'm.id_orden_trabajo::int',
      },
      search: ['m.codigo', 'm.descripcion', 'm.referencia'],
      key: 'm.global_position',
      defaultOrder: { col: 'fecha', dir: 'desc' },
      dateColumn: 'm.fecha',
      filters: {
        ...commonFilters('m'),
        id_stock: idFilter('m.id_stock'),
        motivo: { schema: v.picklist(Object.keys(REASONS), 'Movimiento no válido'), where: (sql, value: string) => sql`m.motivo = ${value}` },
        documento_tipo: { schema: v.picklist(['archivo_entradas', 'traslado', 'entrada_obra', 'salida_obra'], 'Documento no válido'), where: (sql, value: string) => sql`m.documento_tipo = ${value}` },
        documento_id: idFilter('m.documento_id'),
      },
      scope: scopeOf('m'),
    }),
  ];
}

