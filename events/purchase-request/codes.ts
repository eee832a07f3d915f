/** The codes of seed 002 for purchase requests and their products, with their Spanish names: one
 * module read by the decider, the projections and the web (docs/DECISIONS.md, "Purchase requests"). */

/** Request `estado`. 9 cerrado is reserved: no command reaches it yet. */
export const RequestState = {
  borrador: 1,
  cancelado: 2,
  pendienteAtencionAlmacenCentral: 3,
  pendienteAprobacion: 4,
  solicitado: 5,
  rechazado: 6,
  finalizado: 7,
  observado: 8,
  cerrado: 9,
} as const;
export type RequestStateCode = (typeof RequestState)[keyof typeof RequestState];

export const REQUEST_STATE_NAMES: Record<RequestStateCode, string> = {
  1: 'Borrador',
  2: 'Cancelado',
  3: 'Pendiente atención almacén central',
  4: 'Pendiente aprobación',
  5: 'Solicitado',
  6: 'Rechazado',
  7: 'Finalizado',
  8: 'Observado',
  9: 'Cerrado',
};

/** The state as the work order records and compares it (`RequestLink.estado`: lower case). */
export const requestStateText = (code: RequestStateCode): string => REQUEST_STATE_NAMES[code].toLowerCase();

/** Requested-product `estado` (seed 002, the 14 codes). */
export const ProductState = {
  borrador: 1,
  cancelado: 2,
  pendienteAtencionAlmacen: 3,
  pendienteAprobacion: 4,
  solicitado: 5,
  rechazado: 6,
  enOC: 7,
  enAlmacenCentral: 8,
  enAlmacenObra: 9,
  recibidoEnAlmacenObra: 10,
  salidaDeAlmacen: 11,
  pendienteAprobacionOC: 12,
  enOCAnulado: 13,
  observado: 14,
} as const;
export type ProductStateCode = (typeof ProductState)[keyof typeof ProductState];

export const PRODUCT_STATE_NAMES: Record<ProductStateCode, string> = {
  1: 'Borrador',
  2: 'Cancelado',
  3: 'Pendiente atención almacén',
  4: 'Pendiente aprobación',
  5: 'Solicitado',
  6: 'Rechazado',
  7: 'En OC',
  8: 'En almacén central',
  9: 'En almacén obra',
  10: 'Recibido en almacén obra',
  11: 'Salida de almacén',
  12: 'Pendiente aprobación OC',
  13: 'En OC anulado',
  14: 'Observado',
};

/** Request kinds (`tipo`): 1 compra, 2 servicio, 3 despacho; the new-request route names them. */
export const REQUEST_KINDS = { 1: 'compra', 2: 'servicio', 3: 'despacho' } as const;
export type RequestKind = (typeof REQUEST_KINDS)[keyof typeof REQUEST_KINDS];

/** The code of a request: `{site code}-SC-000001` (compra), `-SS-` (servicio), `-SD-` (despacho),
 * numbered per site. */
export function requestCode(siteCode: string, kind: RequestKind, number: number): string {
  const letter = kind === 'compra' ? 'C' : kind === 'servicio' ? 'S' : 'D';
  return `${siteCode}-S${letter}-${String(number).padStart(6, '0')}`;
}
