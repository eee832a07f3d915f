import * as v from 'valibot';
import { defineList, idFilter, estadoFilter } from '../platform/define-list';
import type { AnyRoute } from '../platform/route';
import { timeModelSql } from './time-model-sql';
import { TIPOS_TURNO, turnoSql } from './tipos-turno';
import { horometroRow } from '@shared/contracts/hour-meters';

const m = timeModelSql('h');

/** GET /horometros and its export (seed 001 §2, §3): one row per log with the machine's code, the
 * site, date, shift, meter readings and the time model's columns computed in SQL (so they sort). */
export function horometroList(): AnyRoute[] {
  return defineList({
    row: horometroRow,
    path: '/horometros',
    title: 'Horómetros',
    fileBase: 'horometros',
    from: 'rm_horometros h LEFT JOIN rm_equipos e ON e.id = h.id_equipo LEFT JOIN rm_obras o ON o.id = h.id_obra',
    columns: [
      { key: 'codigo', label: 'Equipo', sql: 'e.codigo', sortable: true },
      { key: 'obra', label: 'Obra', sql: 'o.nombre', sortable: true },
      { key: 'fecha', label: 'Fecha', kind: 'date', sql: "to_char(h.fecha, 'YYYY-MM-DD')", sortable: true },
      { key: 'turno', label: 'Turno', sql: turnoSql('h.id_tipo_turno', 'nombre'), sortable: true },
      // Meter readings are whole hours, shown without thousands separator or decimals.
      { key: 'h_inicio', label: 'Horómetro inicial', kind: 'integer', sql: 'h.h_inicio', sortable: true },
      { key: 'h_fin', label: 'Horómetro final', kind: 'integer', sql: 'h.h_fin', sortable: true },
      { key: 'horas_trabajadas', label: 'Horas trabajadas', kind: 'decimal', sql: m.horas_trabajadas, sortable: true },
      { key: 'fallas', label: 'Fallas (h)', kind: 'decimal', sql: m.fallas, sortable: true },
      { key: 'disponibilidad', label: 'Disponibilidad (%)', kind: 'decimal', sql: m.disponibilidad, sortable: true },
      { key: 'utilizacion', label: 'Utilización (%)', kind: 'decimal', sql: m.utilizacion, sortable: true },
    ],
    extra: {
      id: 'h.id',
      id_equipo: 'h.id_equipo',
      id_obra: 'h.id_obra',
      id_tipo_turno: 'h.id_tipo_turno::int',
      fecha_creacion: "to_char(h.fecha, 'YYYY-MM-DD')",
      horas_programadas: m.horas_programadas,
      falla_operacional: 'h.falla_operacional::float8',
      falla_neta: 'h.falla_neta::float8',
      falla_tajo: 'h.falla_tajo::float8',
      obs_operacional: 'h.obs_operacional',
      obs_neta: 'h.obs_neta',
      obs_tajo: 'h.obs_tajo',
      estado: 'h.estado',
    },
    search: ['e.codigo', 'e.placa', 'o.nombre'],
    dateColumn: 'h.fecha',
    key: 'h.id',
    defaultOrder: { col: 'fecha', dir: 'desc' },
    filters: {
      id_obra: idFilter('h.id_obra'),
      id_equipo: idFilter('h.id_equipo'),
      id_tipo_turno: {
        schema: v.pipe(
          v.union([v.number(), v.string()], 'Turno no válido'),
          v.transform(Number),
          v.check((x) => TIPOS_TURNO.some((t) => t.id === x), 'Turno no válido'),
        ),
        where: (sql, value: number) => sql`h.id_tipo_turno = ${value}`,
      },
      estado: estadoFilter('h.estado'),
    },
    siteColumn: 'h.id_obra',
  });
}
