import type { Event } from '../types';

/** A group of processed central entries the transfer is asked for: a purchase order's resource code. */
export type RequestedTransfer = { codigo_recurso: string; numero_orden_compra: string };

/** A transfer request (seed 002 §7 `/traslado_materiales`, milestone 14): someone asks the central
 * warehouse to send these groups of entries to their sites (`transfer_request-{id}`). */
export type TransferRequestEvent = Event<'TransferRequested', { id: number; traslados: RequestedTransfer[]; by: number }>;

/** `procesado`: the read models hold processed entries of that order and code. */
export type TransferRequestCommand = { type: 'RequestTransfer'; id: number; traslados: (RequestedTransfer & { procesado: boolean })[]; by: number };

export type TransferRequestState = { status: 'absent' } | { status: 'present'; id: number; traslados: number };
