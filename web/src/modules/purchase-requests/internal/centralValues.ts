import type { RequestItem } from '../requestTypes';
import { quantityValue } from './quantity';

/** One product of the central Pedido as the form edits it: the stock found as typed text, the
 * warehouse's observation; the rest is read-only and shown beside them. */
export type CentralLine = {
  id: number;
  codigo: string;
  descripcion: string;
  unidad: string;
  /** What the site asked for (cantidad_solicitada_por_almacen_obra): the cap of the stock. */
  solicitada: number;
  stock: string;
  observacion: string;
};

export type CentralValues = { productos_solicitados: CentralLine[] };

/** Products cancelled (2) or annulled in a purchase order (13) are out of the Pedido (the server
 * refuses them: central-order.ts). */
const OUT = new Set([2, 13]);

/** The Pedido's values from the form's item. */
export function toCentralValues(item: RequestItem): CentralValues {
  return {
    productos_solicitados: (item.productos_solicitados ?? [])
      .filter((p) => !OUT.has(p.estado))
      .map((p) => ({
        id: p.id,
        codigo: p.codigo,
        descripcion: p.descripcion,
        unidad: p.nombre_unidad ?? '',
        solicitada: p.cantidad_solicitada_por_almacen_obra,
        stock: String(p.cantidad_en_almacen_central ?? 0),
        observacion: p.observacion_almacen_central ?? '',
      })),
  };
}

/** POST /almacen_central_ots/create's body (seed 002 L179): every line in the order shown, so the
 * server's line errors ('productos_solicitados.0.…') point at the rows on screen; `terminado=1`
 * is 'Atendido'. The rest to buy and the en-almacén flag are the server's to compute. */
export function centralPayload(values: CentralValues, id: number, terminado: 0 | 1) {
  return {
    id,
    terminado,
    productos_solicitados: values.productos_solicitados.map((l) => ({
      id: l.id,
      cantidad_en_almacen_central: quantityValue(l.stock),
      observacion_almacen_central: l.observacion.trim(),
    })),
  };
}
