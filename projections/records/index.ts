import type { FieldChange } from '@shared/diff';
import type { TransactionSql } from 'postgres';
import type { Fields } from '../../events/record/record';
import { jsonb } from '../../events/jsonb';
import type { RecordedEvent } from '../../events/types';
import type { InlineProjection } from '../types';

/** One read-model table per record type: the columns copied from the record's fields. */
export type RecordTable = { streamType: string; table: string; columns: string[] };

/** The record types whose list rows are kept inline (read-your-writes for list and form). */
export const recordTables: RecordTable[] = [
  { streamType: 'unidad', table: 'rm_unidades', columns: ['nombre', 'decimales', 'etiquetas'] },
  { streamType: 'marca', table: 'rm_marcas', columns: ['nombre'] },
  { streamType: 'modelo', table: 'rm_modelos', columns: ['id_marca', 'nombre'] },
  { streamType: 'material_tipo', table: 'rm_material_tipos', columns: ['codigo', 'nombre'] },
  { streamType: 'conversion_unidad', table: 'rm_conversion_unidades', columns: ['id_material_tipo', 'id_unidad', 'valor'] },
  { streamType: 'material', table: 'rm_materiales', columns: ['id_material_tipo', 'codigo', 'nombre', 'id_unidad', 'precio_medio', 'type_generation', 'fecha_creado'] },
  { streamType: 'grupo_funcional', table: 'rm_grupos_funcionales', columns: ['sigla', 'nombre'] },
  { streamType: 'grupo_funcional_elemento', table: 'rm_grupo_funcional_elementos', columns: ['numero', 'nombre', 'id_grupo_funcional', 'id_padre'] },
  { streamType: 'equipo_grupo', table: 'rm_equipo_grupos', columns: ['nombre'] },
  { streamType: 'recurso', table: 'rm_recursos', columns: ['codigo', 'nombre'] },
  { streamType: 'solicitud_clasificacion', table: 'rm_solicitudes_clasificaciones', columns: ['nombre'] },
  { streamType: 'solicitud_tipo', table: 'rm_solicitudes_tipos', columns: ['nombre'] },
  { streamType: 'tipo_mantenimiento', table: 'rm_tipos_mantenimiento', columns: ['sigla', 'nombre'] },
  { streamType: 'tipo_cambio', table: 'rm_tipos_cambio', columns: ['moneda', 'mes', 'tasa'] },
  { streamType: 'centro_costo_indirecto', table: 'rm_centros_costo_indirectos', columns: ['codigo', 'nombre'] },
  { streamType: 'centro_costo_indirecto_elemento', table: 'rm_centro_costo_indirecto_elementos', columns: ['id_centro_costo_indirecto', 'codigo', 'nombre'] },
  { streamType: 'frente_obra', table: 'rm_frentes_obra', columns: ['id_obra', 'codigo', 'nombre'] },
  { streamType: 'movilizacion_tipo', table: 'rm_movilizacion_tipos', columns: ['nombre', 'codigo_recurso'] },
  { streamType: 'equipo_subgrupo', table: 'rm_equipo_subgrupos', columns: ['id_equipo_grupo', 'nombre', 'id_mantenimiento_unidad', 'mantenimiento_valor'] },
  {
    streamType: 'equipo',
    table: 'rm_equipos',
    columns: [
      'id_obra', 'codigo_sub_obra', 'cc', 'codigo', 'id_equipo_grupo', 'id_equipo_subgrupo', 'id_equipo_producto', 'id_marca', 'id_modelo',
      'id_marca_motor', 'id_modelo_motor', 'motor_serie', 'placa', 'serie', 'potencia', 'capacidad', 'anio', 'horometro', 'peso', 'dimensiones',
      'proviene', 'ubicacion', 'costo_adquisicion', 'observaciones', 'garantia_compra', 'fecha_compra', 'fecha_baja', 'fecha_llegada',
      'soat_vence', 'rv_vence', 'costo_anual_seguro', 'amortizacion', 'linea_amarilla_blanca', 'tipo_tarifa', 'horas', 'tarifa',
    ],
  },
  { streamType: 'equipo_producto', table: 'rm_equipo_productos', columns: ['id_equipo_grupo', 'id_equipo_subgrupo', 'nombre'] },
  { streamType: 'horometro', table: 'rm_horometros', columns: ['id_equipo', 'id_obra', 'fecha', 'id_tipo_turno', 'h_inicio', 'h_fin', 'falla_operacional', 'falla_neta', 'falla_tajo', 'obs_operacional', 'obs_neta', 'obs_tajo', 'cambio_horometro'] },
  {
    streamType: 'module',
    table: 'rm_modules',
    columns: ['id_type_user', 'id_parent', 'type', 'name', 'translate', 'icon', 'url', 'section', 'level', 'orden', 'root'],
  },
  {
    streamType: 'role',
    table: 'rm_roles',
    columns: ['name', 'id_type_user', 'id_module', 'system_user', 'admin', 'menu_collapsed', 'horometros', 'protected'],
  },
  {
    streamType: 'user',
    table: 'rm_users',
    columns: [
      'id_role', 'id_obra', 'name', 'surname', 'document', 'phone', 'email', 'pic_firma', 'tipo_trabajo', 'fecha_ingreso',
      'fecha_salida', 'all_works', 'can_approve_requests', 'can_create_request', 'id_language', 'settings', 'shortcuts', 'protected',
    ],
  },
];

/** Objects and arrays go to jsonb columns as JSON. */
function columnValue(tx: TransactionSql, value: unknown): unknown {
  return value !== null && typeof value === 'object' && !(value instanceof Date) ? jsonb(tx, value) : value;
}

function pick(tx: TransactionSql, fields: Fields, columns: string[]): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (const c of columns) if (c in fields) row[c] = columnValue(tx, fields[c]);
  return row;
}

/** The read-model row of a RecordCreated event. */
function createdRow(tx: TransactionSql, t: RecordTable, e: RecordedEvent): Record<string, unknown> {
  const fields = e.data.fields as Fields;
  return {
    id: Number(e.data.id),
    ...pick(tx, fields, t.columns),
    estado: fields.estado === 0 ? 0 : 1,
    date_created: e.occurredAt,
    version: e.version,
    date_updated: e.occurredAt,
  };
}

async function applyOne(tx: TransactionSql, t: RecordTable, e: RecordedEvent) {
  const id = Number(e.data.id);
  const base = { version: e.version, date_updated: e.occurredAt };
  switch (e.type) {
    case 'RecordCreated':
      await tx`INSERT INTO ${tx(t.table)} ${tx(createdRow(tx, t, e))}`;
      return;
    case 'RecordUpdated': {
      const changes = e.data.changes as Record<string, FieldChange>;
      const set: Record<string, unknown> = { ...base };
      for (const c of t.columns) if (c in changes) set[c] = columnValue(tx, changes[c].to);
      if ('estado' in changes) set.estado = changes.estado.to === 0 ? 0 : 1;
      await tx`UPDATE ${tx(t.table)} SET ${tx(set)} WHERE id = ${id}`;
      return;
    }
    case 'RecordEnabled':
    case 'RecordDisabled':
      await tx`UPDATE ${tx(t.table)} SET ${tx({ estado: e.type === 'RecordEnabled' ? 1 : 0, ...base })} WHERE id = ${id}`;
      return;
    case 'RecordRemoved':
      await tx`DELETE FROM ${tx(t.table)} WHERE id = ${id}`;
      return;
  }
}

/** PostgreSQL's limit of bind parameters in one statement (postgres.js refuses more). */
const MAX_PARAMETERS = 65_534;

export function recordsProjection(tables: RecordTable[] = recordTables): InlineProjection {
  const byType = new Map(tables.map((t) => [t.streamType, t]));
  return {
    name: 'records',
    handles: (e) => byType.has(e.streamType) && e.type.startsWith('Record'),
    async apply(tx, events) {
      // A run of creations of one table with the same fields is one multi-row INSERT (bulk
      // loads append thousands in one batch); anything else is applied event by event, in order.
      let run: { table: string; shape: string; rows: Record<string, unknown>[] } | null = null;
      const flush = async () => {
        if (run) await tx`INSERT INTO ${tx(run.table)} ${tx(run.rows)}`;
        run = null;
      };
      for (const e of events) {
        const t = byType.get(e.streamType)!;
        if (e.type !== 'RecordCreated') {
          await flush();
          await applyOne(tx, t, e);
          continue;
        }
        const row = createdRow(tx, t, e);
        const shape = `${t.table}:${Object.keys(row).join(',')}`;
        if (run && run.shape !== shape) await flush();
        // One statement holds at most 65,534 parameters: a wide table's run is cut before that.
        if (run && (run.rows.length + 1) * Object.keys(row).length > MAX_PARAMETERS) await flush();
        run ??= { table: t.table, shape, rows: [] };
        run.rows.push(row);
      }
      await flush();
    },
    async reset(tx) {
      for (const t of tables) await tx`TRUNCATE ${tx(t.table)}`;
    },
  };
}
