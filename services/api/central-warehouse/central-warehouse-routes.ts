import * as v from 'valibot';
import { PRODUCT_STATE_NAMES } from '@shared/purchase-request-codes';
import { ApiError, NOT_FOUND } from '../platform/api-error';
import { defineList, idFilter } from '../platform/define-list';
import { positiveId, text } from '../platform/fields';
import { defineRoute, moduleAccess, type AnyRoute } from '../platform/route';
import { entryFileRow, entryProductsReply, entryRow, importReply } from '@shared/contracts/central-warehouse';
import { ENTRIES_FILE_POLICY, importEntries } from './import-entries';

const FILES = '/almacen_central_entradas_archivos';
const ENTRIES = '/almacen_central_entradas';

const stateName = (column: string) =>
  `CASE ${column} ${Object.entries(PRODUCT_STATE_NAMES).map(([k, n]) => `WHEN ${k} THEN '${n}'`).join(' ')} ELSE '' END`;
const instantSql = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;
const like = (value: string) => `%${value.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
const textFilter = () => v.pipe(v.union([v.string(), v.number()]), v.transform(String), text(50));

/** Seed 002 §7 "Central warehouse", entries: the imported Excel files (list, export, upload) and
 * the central entries (list by order number, export, the requested products of an entry). */
export function centralWarehouseRoutes(): AnyRoute[] {
  return [
    ...defineList({
      row: entryFileRow,
      path: FILES,
      title: 'Archivos de ingreso',
      fileBase: 'archivos-ingreso',
      from: 'rm_almacen_central_entradas_archivos a LEFT JOIN rm_users u ON u.id = a.id_usuario',
      columns: [
        { key: 'nombre', label: 'Archivo', sql: 'a.nombre', sortable: true },
        { key: 'fecha_creado', label: 'Fecha de carga', kind: 'date', sql: instantSql('a.fecha_creado'), sortSql: 'a.fecha_creado', notNull: true, sortable: true },
        { key: 'objeto_procesado', label: 'Procesado', kind: 'integer', sql: 'a.objeto_procesado::int', sortable: true },
        { key: 'validos', label: 'Válidos', kind: 'integer', sql: 'a.validos', sortable: true },
        { key: 'nuevos', label: 'Nuevos', kind: 'integer', sql: 'a.nuevos', sortable: true },
        { key: 'invalidos', label: 'Inválidos', kind: 'integer', sql: 'a.invalidos', sortable: true },
        { key: 'nombre_usuario', label: 'Usuario', sql: "nullif(trim(coalesce(u.name, '') || ' ' || coalesce(u.surname, '')), '')" },
      ],
      extra: { id: 'a.id::int', pic: 'a.pic' },
      search: ['a.nombre'],
      dateColumn: 'a.fecha_creado',
      key: 'a.id',
      defaultOrder: { col: 'fecha_creado', dir: 'desc' },
    }),
    defineRoute({
      method: 'POST',
      path: FILES,
      access: moduleAccess(FILES, 'edit'),
      summary: 'Importar un Excel (.xlsx, multipart `archivo`) de ingresos al almacén central: valida fila por fila, registra los ingresos nuevos (idempotente por orden de compra, código de recurso y albarán) y pasa a "En almacén central" los productos en OC que completan',
      bodyLimit: (ENTRIES_FILE_POLICY.maxKb + 64) * 1024,
      files: [ENTRIES_FILE_POLICY.field],
      output: importReply,
      async handler({ files, deps, principal, metadata }) {
        if (!principal) throw new ApiError(401, 'Debe iniciar sesión');
        return (await importEntries(deps, files[ENTRIES_FILE_POLICY.field], principal.userId, metadata));
      },
    }),
    ...defineList({
      row: entryRow,
      path: ENTRIES,
      title: 'Ingresos al almacén central',
      fileBase: 'ingresos-almacen-central',
      from: 'rm_almacen_central_entradas e LEFT JOIN rm_almacen_central_entradas_archivos a ON a.id = e.id_archivo',
      columns: [
        { key: 'numero_orden_compra', label: 'Orden de compra', sql: 'e.numero_orden_compra', sortable: true },
        { key: 'codigo_obra', label: 'Obra', sql: 'e.codigo_obra', sortable: true },
        { key: 'codigo_recurso', label: 'Código', sql: 'e.codigo_recurso', sortable: true },
        { key: 'descripcion_recurso', label: 'Descripción', sql: 'e.descripcion_recurso', sortable: true },
        { key: 'unidad', label: 'Unidad', sql: 'e.unidad' },
        { key: 'cantidad', label: 'Cantidad', kind: 'decimal', sql: 'e.cantidad::float8', sortable: true },
        { key: 'moneda', label: 'Moneda', sql: 'e.moneda' },
        { key: 'importe', label: 'Importe', kind: 'decimal', sql: 'e.importe::float8', sortable: true },
        { key: 'albaran', label: 'Albarán', sql: 'e.albaran', sortable: true },
        { key: 'fecha_movimiento', label: 'Fecha de movimiento', kind: 'date', sql: "to_char(e.fecha_movimiento, 'YYYY-MM-DD')", sortSql: 'e.fecha_movimiento', sortable: true },
        { key: 'fecha_creado', label: 'Fecha de ingreso', kind: 'date', sql: instantSql('e.fecha_creado'), sortSql: 'e.id', notNull: true, sortable: true },
      ],
      extra: { id: 'e.id::int', id_archivo: 'e.id_archivo::int', nombre_archivo: 'a.nombre' },
      search: ['e.numero_orden_compra', 'e.codigo_recurso', 'e.descripcion_recurso', 'e.albaran', 'e.codigo_obra'],
      dateColumn: 'e.fecha_creado',
      key: 'e.id',
      defaultOrder: { col: 'fecha_creado', dir: 'desc' },
      filters: {
        numero_orden_compra: { schema: textFilter(), where: (sql, value: string) => sql`e.numero_orden_compra ILIKE ${like(value)}` },
        id_archivo: idFilter('e.id_archivo'),
      },
    }),
    defineRoute({
      method: 'GET',
      path: `${ENTRIES}/obtenerProductosSolicitados`,
      access: moduleAccess(ENTRIES, 'see'),
      summary: 'Productos solicitados de un ingreso (id del ingreso, o codigo_recurso y numero_orden_compra): los de esa orden de compra con ese código',
      input: v.pipe(
        v.object({ id: v.optional(positiveId()), codigo_recurso: v.optional(text(50)), numero_orden_compra: v.optional(text(50)) }),
        v.check((i) => i.id !== undefined || (!!i.codigo_recurso?.trim() && !!i.numero_orden_compra?.trim()), 'Indique el ingreso (id) o el código del recurso y el número de orden de compra'),
      ),
      output: entryProductsReply,
      async handler({ input, deps }) {
        let key = input;
        if (key.id !== undefined) {
          const [e] = await deps.sql<{ codigo_recurso: string; numero_orden_compra: string }[]>`
            SELECT codigo_recurso, numero_orden_compra FROM rm_almacen_central_entradas WHERE id = ${key.id}`;
          if (!e) throw new ApiError(404, NOT_FOUND);
          key = e;
        }
        const items = await deps.sql.unsafe(`
          SELECT p.id::int, p.id_solicitud_compra::int, r.codigo AS codigo_solicitud, nullif(r.codigo_obra, '') AS codigo_obra, ot.codigo AS codigo_orden_trabajo,
                 coalesce(nullif(p.codigo, ''), m.codigo, '') AS codigo, coalesce(nullif(p.descripcion, ''), m.nombre, '') AS descripcion, p.numero_orden,
                 p.cantidad_solicitada_por_almacen_obra::float8, p.cantidad_solicitada_por_almacen_central::float8,
                 p.cantidad_en_almacen_central_entrada::float8, p.estado::int, ${stateName('p.estado')} AS estado_nombre
            FROM rm_productos_solicitados p JOIN rm_solicitudes_compras r ON r.id = p.id_solicitud_compra
            LEFT JOIN rm_ordenes_trabajo ot ON ot.id = r.id_orden_trabajo LEFT JOIN rm_materiales m ON m.id = p.id_material
           WHERE upper(p.numero_orden) = upper($1) AND upper(coalesce(nullif(p.codigo, ''), m.codigo, '')) = upper($2)
           ORDER BY p.id`, [key.numero_orden_compra!.trim(), key.codigo_recurso!.trim()]);
        return { items: [...items] };
      },
    }),
  ];
}
