import type { CentralEntryFileEvent } from '../../events/central-entry-file/types';
import { centralEntryFileCatalogue } from '../../events/central-entry-file/catalogue';
import { streamProjection } from '../stream-projection';

/** Inline (read-your-writes): the imported files (rm_almacen_central_entradas_archivos) and their
 * central entries (rm_almacen_central_entradas), from the `central_entry_file-{id}` streams. The
 * entries go in as one statement whatever their number (a 10,000-row file is one JSON parameter). */
export const centralEntriesProjection = streamProjection<CentralEntryFileEvent>({
  name: 'central_entries',
  streamType: 'central_entry_file',
  catalogue: centralEntryFileCatalogue,
  async apply(tx, e) {
    if (e.type !== 'CentralEntriesImported') return;
    const d = e.data;
    await tx`INSERT INTO rm_almacen_central_entradas_archivos ${tx({
      id: d.id, nombre: d.nombre, pic: d.pic, hash: d.hash, objeto_procesado: 1, validos: d.validos, nuevos: d.entradas.length,
      invalidos: d.invalidos, id_usuario: d.by, fecha_creado: e.occurredAt,
    })}`;
    if (!d.entradas.length) return;
    await tx`
      INSERT INTO rm_almacen_central_entradas (id, id_archivo, fila, codigo_obra, descripcion_obra, codigo_recurso, descripcion_recurso, unidad, moneda,
        cantidad, importe, numero_orden_compra, albaran, procedencia, fecha_movimiento, fecha_creado)
      SELECT r.id, ${d.id}::bigint, r.fila, r.codigo_obra, r.descripcion_obra, r.codigo_recurso, r.descripcion_recurso, r.unidad, r.moneda,
        r.cantidad, r.importe, r.numero_orden_compra, r.albaran, r.procedencia, r.fecha_movimiento, ${e.occurredAt}::timestamptz
      FROM jsonb_to_recordset(${tx.json(d.entradas)}) AS r(id bigint, fila integer, codigo_obra text, descripcion_obra text, codigo_recurso text,
        descripcion_recurso text, unidad text, moneda text, cantidad numeric, importe numeric, numero_orden_compra text, albaran text, procedencia text,
        fecha_movimiento date)`;
  },
  async reset(tx) {
    await tx`TRUNCATE rm_almacen_central_entradas_archivos, rm_almacen_central_entradas`;
  },
});
