import { recordsProjection } from '../records';
import type { InlineProjection } from '../types';

/** Inline (read-your-writes): the equipment register's extras (migrations/0011_equipos_extras.sql),
 * kept by the same rules as every record table:
 * - rm_equipo_amortizaciones from the machine's own stream (`equipo-{id}`): the amortization
 *   plan's first month (`amortizacion_inicio`) and state (`amortizacion_estado`), one row per machine;
 * - rm_equipo_documentos from `equipo_documento-{id}` streams.
 * Its own name, so it rebuilds alone (rm_equipos itself belongs to the `records` projection). */
export const equipmentProjection: InlineProjection = {
  ...recordsProjection([
    { streamType: 'equipo', table: 'rm_equipo_amortizaciones', columns: ['amortizacion_inicio', 'amortizacion_estado'] },
    {
      streamType: 'equipo_documento',
      table: 'rm_equipo_documentos',
      columns: ['id_equipo', 'titulo', 'comentario', 'documento', 'documento_nombre', 'documento_bytes'],
    },
  ]),
  name: 'equipment',
};
