import type { TransactionSql } from 'postgres';
import { BUSINESS_TODAY_SQL } from '@shared/time';
import type { RequestKind } from '@shared/purchase-request-codes';
import type { PartLine, WorkOrderState } from '../../../events/work-order/types';

/** A site's 'Plazo de necesidad (días)' until someone sets it (rm_obras.plazo_necesidad_dias,
 * migrations/0089): the need date of a request generated from one of its work orders is this many
 * days after the day it is generated (Lima). */
export const DEFAULT_NEED_DAYS = 7;

/**
 * Issue 28: a request generated from a work order (crearPreSolicitud, crearPreSolicitudServicio)
 * arrives ready to send. It carries what the order and its site know: the equipment, a direct cost
 * centre (1) when there is equipment, the functional group when every part shares one, the work
 * described, the need date; and the request type and resource when
 * the catalogue has only one active row to choose. Otherwise the requester chooses them on the
 * borrador (they stay editable until a type was chosen and saved: the purchase-request decider).
 * The site and the order are the request's own columns; the maintenance type and the equipment's
 * cost centre are read through the order and the equipment.
 *
 * The need date: neither the work order nor its Pedido records one (seeds 001 §3 and 002 §3 name
 * fecha_requerimiento on the request and its products only), so it is the generation day (Lima)
 * plus the site's 'Plazo de necesidad (días)' (DEFAULT_NEED_DAYS for an order without a site).
 */
export async function generatedRequestFields(tx: TransactionSql, order: Pick<WorkOrderState, 'codigo' | 'header'>, kind: RequestKind, parts: Pick<PartLine, 'id_grupo_funcional'>[] = []): Promise<Record<string, unknown>> {
  const only = async (table: string) => {
    const rows = await tx<{ id: number }[]>`SELECT id::int FROM ${tx(table)} WHERE estado = 1 LIMIT 2`;
    return rows.length === 1 ? rows[0].id : null;
  };
  const obra = order.header.id_obra ?? null;
  const [{ fecha }] = await tx.unsafe<{ fecha: string }[]>(
    `SELECT to_char(${BUSINESS_TODAY_SQL} + coalesce((SELECT plazo_necesidad_dias FROM rm_obras WHERE id = $1), ${DEFAULT_NEED_DAYS}), 'YYYY-MM-DD') AS fecha`,
    [obra],
  );
  const groups = [...new Set(parts.map((p) => p.id_grupo_funcional).filter((g): g is number => !!g))];
  const equipo = order.header.id_equipo ?? null;
  return {
    id_equipo: equipo,
    id_centro_costo_tipo: equipo ? 1 : null,
    id_grupo_funcional: groups.length === 1 ? groups[0] : null,
    descripcion_trabajo: kind === 'servicio' ? `Servicio de la ${order.codigo}` : `Repuestos de la ${order.codigo}`,
    fecha_requerimiento: fecha,
    id_solicitudes_tipo: await only('rm_solicitudes_tipos'),
    id_solicitudes_movilizacion_recursos: await only('rm_recursos'),
  };
}
