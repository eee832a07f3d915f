// Seed 002's questions and labels for the purchase-request screens (SEED-002-ANALYSIS §1.5), with
// the seed's punctuation.

export const CONFIRM_APPROVE = '¿Estás seguro de aprobar esta solicitud?';
export const CONFIRM_REJECT = '¿Estás seguro de rechazar esta solicitud?';
export const CONFIRM_OBSERVE = '¿Estás seguro de observar esta solicitud?';
/** The seed gives no closing '?'. */
export const CONFIRM_RESEND = '¿Estás seguro de reenviar a SICAM';
/** Sending, annulling and attending: the title, then the warning. */
export const CONFIRM_OPERATION = '¿Seguro que quieres realizar esta operación?';
export const CONFIRM_IRREVERSIBLE = 'Las acciones realizadas no se podrán revertir.';
/** A document row of the request form; the seed gives no opening '¿' (seed 001's screens keep
 * '¿Seguro que quieres eliminar esta fila?'). */
export const CONFIRM_REMOVE_ROW = 'Seguro que quieres eliminar esta fila?';
/** A product line of the request form; the seed writes 'atras' without its accent. */
export const CONFIRM_REMOVE_PRODUCT = '¿Estás seguro de eliminar este producto? No hay marcha atras';
/** The reason a request is observed or rejected for. */
export { REASON_PLACEHOLDER } from '../../../ui/dialogs/useConfirm';

/** The kinds of request (`tipo` 1, 2, 3) as the screens name them. */
export const KIND_LABELS = { 1: 'Compra', 2: 'Servicio', 3: 'Despacho' } as const;
