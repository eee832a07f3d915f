// The rules of the transfer-request screen (/traslado_materiales), kept pure.

/** What a request sends of a group: its purchase order and resource code. */
export type TransferKey = { numero_orden_compra: string; codigo_recurso: string };

/** A group's key in the table and the selection (order and code). */
export function transferKey(row: TransferKey): string {
  return `${row.numero_orden_compra}|${row.codigo_recurso}`;
}

/** The action's label: 'Solicitar traslado' for none or one group, 'Solicitar 3 traslados'. */
export function requestLabel(count: number): string {
  return count > 1 ? `Solicitar ${count} traslados` : 'Solicitar traslado';
}

/** The confirmation's question. */
export function requestQuestion(count: number): string {
  return count === 1
    ? 'Se solicitará el traslado a obra del ingreso seleccionado. ¿Desea continuar?'
    : `Se solicitará el traslado a obra de los ${count} ingresos seleccionados. ¿Desea continuar?`;
}
