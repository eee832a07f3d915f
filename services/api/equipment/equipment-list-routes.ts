import * as v from 'valibot';
import { defineList, estadoFilter, idFilter } from '../platform/define-list';
import { text } from '../platform/fields';
import type { AnyRoute } from '../platform/route';
import { equipoRow } from '@shared/contracts/equipment';
import { EQUIPO_RULES } from '@shared/equipment-rules';
import { EQUIPO_SQL } from '../../app/equipment/equipment-sql';

/** GET /equipos (seed 001 §2, §7): the equipment register on the shared list protocol, with the
 * names of site, group, subgroup, description (product), brand and model; filters id_obra,
 * id_equipo_grupo, id_equipo_subgrupo, id_marca, estado and tipo_tarifa; search over codigo,
 * placa, serie and description; read-only costo_mes_actual (this month's insurance; not sortable:
 * computed for the returned rows only) and pendiente_por_mes (this month's amortization
 * instalment; sortable, the SQL function is inlined). The expandable detail row loads the whole
 * record from the form call. Every machine is listed, whatever the caller's sites (the register
 * is the fleet's, docs/modules/equipment.md). */
export function equipoListRoutes(): AnyRoute[] {
  return defineList({
    row: equipoRow,
    path: '/equipos',
    title: 'Equipos',
    fileBase: 'equipos',
    from: EQUIPO_SQL.from,
    columns: [
      { key: 'id', label: 'ID', kind: 'integer', sql: 'e.id', sortable: true },
      { key: 'codigo', label: 'Código', sql: 'e.codigo', sortable: true },
      { key: 'obra', label: 'Obra', sql: EQUIPO_SQL.names.obra, sortable: true },
      { key: 'codigo_sub_obra', label: 'Código sub obra', sql: 'e.codigo_sub_obra', sortable: true },
      { key: 'grupo', label: 'Grupo', sql: EQUIPO_SQL.names.grupo, sortable: true },
      { key: 'subgrupo', label: 'Subgrupo', sql: EQUIPO_SQL.names.subgrupo, sortable: true },
      { key: 'descripcion', label: 'Descripción', sql: EQUIPO_SQL.names.descripcion, sortable: true },
      { key: 'marca', label: 'Marca', sql: EQUIPO_SQL.names.marca, sortable: true },
      { key: 'modelo', label: 'Modelo', sql: EQUIPO_SQL.names.modelo, sortable: true },
      { key: 'serie', label: 'Serie', sql: 'e.serie', sortable: true },
      { key: 'placa', label: 'Placa', sql: 'e.placa', sortable: true },
      { key: 'anio', label: 'Año', kind: 'integer', sql: 'e.anio', sortable: true },
      // Issue 20: the current meter as the logs and work orders read it (rm_equipo_medidores,
      // inline), the registered reading when the machine has no row yet.
      { key: 'horometro', label: 'Horómetro', kind: 'integer', sql: EQUIPO_SQL.horometroActual, sortable: true },
      { key: 'tipo_tarifa', label: 'Tipo tarifa', sql: 'e.tipo_tarifa', sortable: true },
      { key: 'tarifa', label: 'Tarifa', kind: 'money', sql: 'e.tarifa', sortable: true },
      { key: 'costo_adquisicion', label: 'Costo adquisición', kind: 'money', sql: 'e.costo_adquisicion', sortable: true },
      // Computed per row by a PL/pgSQL function: not sortable, so it runs only for the page's rows.
      { key: 'costo_mes_actual', label: 'Costo mes actual', kind: 'money', sql: EQUIPO_SQL.costoMesActual },
      { key: 'pendiente_por_mes', label: 'Pendiente por mes', kind: 'money', sql: EQUIPO_SQL.pendientePorMes, sortable: true },
      { key: 'estado', label: 'Estado', kind: 'bool', sql: 'e.estado', sortable: true },
    ],
    // Ids for the row menu and the filters; the expanded row loads the whole record with
    // POST /equipos/form (carrying every field here doubled the cost of a 2,000-row sort).
    extra: {
      id_obra: 'e.id_obra',
      id_equipo_grupo: 'e.id_equipo_grupo',
      id_marca: 'e.id_marca',
    },
    // The search is the `query` filter below (on the pre-normalised column), not the generic one.
    search: [],
    dateColumn: 'e.date_created',
    key: 'e.id',
    defaultOrder: { col: 'codigo', dir: 'asc' },
    filters: {
      query: {
        schema: text(100),
        where: (sql, value: string) => {
          const q = value.trim();
          if (!q) return sql`TRUE`;
          const like = `%${q.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
          // codigo, placa, serie (rm_equipos.busqueda, migrations/0011) or the description.
          return sql`(e.busqueda LIKE unaccent_lower(${like})
            OR e.id_equipo_producto IN (SELECT id FROM rm_equipo_productos WHERE unaccent_lower(nombre) LIKE unaccent_lower(${like})))`;
        },
      },
      id_obra: idFilter('e.id_obra'),
      id_equipo_grupo: idFilter('e.id_equipo_grupo'),
      id_equipo_subgrupo: idFilter('e.id_equipo_subgrupo'),
      id_marca: idFilter('e.id_marca'),
      estado: estadoFilter('e.estado'),
      tipo_tarifa: {
        schema: v.picklist(EQUIPO_RULES.tarifas, 'Tipo de tarifa no válido'),
        where: (sql, value: string) => sql`e.tipo_tarifa = ${value}`,
      },
    },
  });
}
