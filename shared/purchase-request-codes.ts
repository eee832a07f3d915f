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

/** The tone a state is shown in (a chip's colour): one list read by the server's `objeto_estado`
 * and the web's chips (web/src/modules/purchase-requests/components/Chips.tsx). */
export type StateColor = 'slate' | 'amber' | 'violet' | 'sky' | 'emerald' | 'rose';

export const REQUEST_STATE_COLORS: Record<RequestStateCode, StateColor> = {
  1: 'slate',
  2: 'slate',
  3: 'amber',
  4: 'violet',
  5: 'sky',
  6: 'rose',
  7: 'emerald',
  8: 'amber',
  9: 'emerald',
};

/** Attended or on its way in green, refused in red, cancelled grey, sent sky, the rest waiting (amber). */
export const PRODUCT_STATE_COLORS: Record<ProductStateCode, StateColor> = {
  1: 'amber',
  2: 'slate',
  3: 'amber',
  4: 'amber',
  5: 'sky',
  6: 'rose',
  7: 'sky',
  8: 'emerald',
  9: 'emerald',
  10: 'emerald',
  11: 'emerald',
  12: 'sky',
  13: 'slate',
  14: 'amber',
};

/** Seed 002 §3 `objeto_estado`: a state as an object, its code, Spanish name and tone. */
export type StateObject = { id: number; nombre: string; color: StateColor };

export const requestStateObject = (code: number): StateObject => ({
  id: code, nombre: REQUEST_STATE_NAMES[code as RequestStateCode] ?? '', color: REQUEST_STATE_COLORS[code as RequestStateCode] ?? 'slate',
});

export const productStateObject = (code: number): StateObject => ({
  id: code, nombre: PRODUCT_STATE_NAMES[code as ProductStateCode] ?? '', color: PRODUCT_STATE_COLORS[code as ProductStateCode] ?? 'slate',
});

/** The same object built in SQL from a state column (lists that select it per row). */
export function stateObjectSql(column: string, names: Record<number, string>, colors: Record<number, StateColor>): string {
  const cases = (values: Record<number, string>) => `CASE ${column} ${Object.entries(values).map(([k, n]) => `WHEN ${k} THEN '${n}'`).join(' ')} ELSE '' END`;
  return `jsonb_build_object('id', ${column}::int, 'nombre', ${cases(names)}, 'color', ${cases(colors).replace("ELSE ''", "ELSE 'slate'")})`;
}

/** Seed 002 §4 "Protected rows have no actions": a finished request (rejected, finalizado,
 * cerrado) is protected; nothing more is done with it. A cancelled one is not: "Borrador or
 * cancelado: view plus one more action" ('Ver actividad'). The list's rows and the form read this
 * one list. */
export const PROTECTED_REQUEST_STATES: readonly RequestStateCode[] = [RequestState.rechazado, RequestState.finalizado, RequestState.cerrado];

/** Request kinds (`tipo`): 1 compra, 2 servicio, 3 despacho; the new-request route names them. */
export const REQUEST_KINDS = { 1: 'compra', 2: 'servicio', 3: 'despacho' } as const;
export type RequestKind = (typeof REQUEST_KINDS)[keyof typeof REQUEST_KINDS];

/** The code of a request: `{site code}-SC-000001` (compra), `-SS-` (servicio), `-SD-` (despacho),
 * numbered per site. */
export function requestCode(siteCode: string, kind: RequestKind, number: number): string {
  const letter = kind === 'compra' ? 'C' : kind === 'servicio' ? 'S' : 'D';
  return `${siteCode}-S${letter}-${String(number).padStart(6, '0')}`;
}
