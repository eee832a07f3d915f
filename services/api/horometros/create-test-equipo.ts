import { createRecord } from '../../../events/record/commands';
import type { EventStore } from '../../../events/store';

let counter = 0;

/** A machine for tests (until and besides the demo fleet): every NOT NULL column of rm_equipos
 * (migrations/0010_equipos.sql), on the first site unless told, with a unique code. */
export async function createTestEquipo(store: EventStore, over: Record<string, unknown> = {}): Promise<{ id: number; codigo: string; id_obra: number }> {
  const [obra] = await store.sql<{ id: number }[]>`SELECT id FROM rm_obras ORDER BY id LIMIT 1`;
  counter += 1;
  const codigo = String(over.codigo ?? `HT-${process.pid % 1000}-${counter}`);
  const fields = {
    id_obra: obra?.id ?? 1, codigo_sub_obra: 'SUB-1', cc: '', codigo, id_equipo_grupo: 1, id_equipo_subgrupo: 1, id_equipo_producto: 1,
    id_marca: 1, id_modelo: 1, id_marca_motor: 1, id_modelo_motor: 1, serie: `S-${codigo}`, anio: 2020, horometro: 1000,
    tipo_tarifa: 'HORA', estado: 1, ...over,
  };
  const r = await createRecord(store, 'equipo', fields, { metadata: { userId: null, requestId: 'test' } });
  return { id: r.id, codigo, id_obra: Number(fields.id_obra) };
}
