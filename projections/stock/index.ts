import type { StockEvent } from '../../events/stock/types';
import type { RecordedEvent } from '../../events/types';
import type { InlineProjection } from '../types';

const ROWS_PER_INSERT = 2_000;

/** The id of a `stock-{id}` stream. */
export const stockIdOf = (streamId: string) => Number(streamId.slice(streamId.lastIndexOf('-') + 1));

/** Inline (read-your-writes): the stock ledger (rm_stock_movimientos, one row per movement with
 * the balance before and after it and the document that caused it) and the balances on hand
 * (rm_stock), from the `stock-{id}` streams. */
export const stockProjection: InlineProjection = {
  name: 'stock',
  handles: (e) => e.streamType === 'stock',
  async apply(tx, events) {
    const moves = events.filter((e): e is RecordedEvent<StockEvent> => e.type === 'StockMoved');
    if (!moves.length) return;
    const rows = moves.map((e) => {
      const d = e.data;
      return {
        global_position: e.globalPosition, id_stock: stockIdOf(e.streamId), almacen: d.almacen, id_obra: d.id_obra, codigo: d.codigo, id_material: d.id_material,
        descripcion: d.descripcion, motivo: d.motivo, cantidad: d.cantidad, saldo_anterior: d.saldo_anterior, saldo: d.saldo, costo_unitario: d.costo_unitario,
        costo_promedio: d.costo_promedio, documento_tipo: d.documento.tipo, documento_id: d.documento.id, referencia: d.documento.referencia,
        id_producto: d.id_producto, id_linea: d.id_linea, id_orden_trabajo: d.id_orden_trabajo, id_user: d.by, fecha: e.occurredAt,
        cambio: d.cambio ? tx.json(d.cambio) : null, sin_tipo_cambio: d.sin_tipo_cambio ? tx.json(d.sin_tipo_cambio) : null,
      };
    });
    // In slices: a statement takes at most 65,535 parameters (23 a row), and one import of a
    // 10,000-row file records 10,000 movements in one command.
    for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
      await tx`INSERT INTO rm_stock_movimientos ${tx(rows.slice(i, i + ROWS_PER_INSERT))} ON CONFLICT (global_position) DO NOTHING`;
    }
    // The last movement of each balance in this batch is its state now, but for its material and
    // description: a movement without them (an entry from the purchasing system's Excel names no
    // material) keeps the earlier one's, within a batch as the upsert does across batches. A
    // rebuild reads many movements of one balance in one batch where the live path read them one
    // command at a time: taking the last movement's alone lost the material (the simulated month's
    // rebuild check, issue 28).
    const last = new Map<number, (typeof rows)[number]>();
    const material = new Map<number, number>();
    const text = new Map<number, string>();
    for (const r of rows) {
      last.set(r.id_stock, r);
      if (r.id_material !== null && r.id_material !== undefined) material.set(r.id_stock, r.id_material);
      if (r.descripcion) text.set(r.id_stock, r.descripcion);
    }
    const count = new Map<number, number>();
    for (const r of rows) count.set(r.id_stock, (count.get(r.id_stock) ?? 0) + 1);
    const balances = [...last.values()].map((r) => ({
      id_stock: r.id_stock, almacen: r.almacen, id_obra: r.id_obra, codigo: r.codigo, id_material: material.get(r.id_stock) ?? r.id_material, descripcion: text.get(r.id_stock) ?? r.descripcion,
      saldo: r.saldo, costo_promedio: r.costo_promedio, movimientos: count.get(r.id_stock)!, fecha_ultimo: r.fecha,
    }));
    for (let i = 0; i < balances.length; i += ROWS_PER_INSERT) await upsertBalances(tx, balances.slice(i, i + ROWS_PER_INSERT));
  },
  async reset(tx) {
    await tx`TRUNCATE rm_stock_movimientos, rm_stock`;
  },
};

async function upsertBalances(tx: Parameters<InlineProjection['apply']>[0], balances: object[]) {
  await tx`
    INSERT INTO rm_stock ${tx(balances)}
    ON CONFLICT (id_stock) DO UPDATE SET saldo = excluded.saldo, costo_promedio = excluded.costo_promedio, movimientos = rm_stock.movimientos + excluded.movimientos,
      fecha_ultimo = excluded.fecha_ultimo, id_material = coalesce(excluded.id_material, rm_stock.id_material),
      descripcion = CASE WHEN excluded.descripcion <> '' THEN excluded.descripcion ELSE rm_stock.descripcion END`;
}
