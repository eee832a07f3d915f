import type { TestApi } from './api';
import { firstUnit } from './purchase-chain';

/** The body of a compra raised without an OT (`create_not_ot`) for the rollers of a D6's
 * undercarriage, sent (terminado 1), on the first active site: one product per [descripcion,
 * cantidad], in the first unit of measure. */
export async function rollerCompra(api: TestApi, products: [descripcion: string, cantidad: number][]): Promise<Record<string, unknown>> {
  const [obra] = await api.sql<{ id: number }[]>`SELECT id::int FROM rm_obras WHERE estado = 1 ORDER BY id LIMIT 1`;
  const unidad = await firstUnit(api);
  return {
    id: 0, tipo: 'compra', id_obra: obra.id, id_solicitudes_tipo: 2, fecha_requerimiento: '2026-12-20', descripcion_trabajo: 'Rodillos de tren de rodaje',
    productos_solicitados: products.map(([descripcion, cantidad]) => ({ id: 0, descripcion, id_unidad: unidad, cantidad_solicitada_por_almacen_obra: cantidad })),
    terminado: 1,
  };
}
