import { describe, it } from 'vitest';
import { MSG_VALIDATION } from '@shared/messages';
import { deciderSpec } from '../testing/decider-spec';
import { MSG_NO_ENTRIES, MSG_NO_TRANSFERS, MSG_TRANSFER_REQUEST_EXISTS, transferRequestDecider } from './decider';
import type { TransferRequestCommand } from './types';

// Given events / When command / Then events or refusal (the decider kit, events/testing/decider-spec.ts).
const given = deciderSpec(transferRequestDecider);
const request = (traslados: TransferRequestCommand['traslados']): TransferRequestCommand => ({ type: 'RequestTransfer', id: 5, traslados, by: 3 });
const group = (numero_orden_compra: string, procesado = true) => ({ codigo_recurso: 'MAT-1', numero_orden_compra, procesado });

describe('transfer request decider', () => {
  it('records each group with processed entries once', () => {
    given([]).when(request([group('OC-1'), group('OC-2'), group('OC-1')])).then([
      { type: 'TransferRequested', data: { id: 5, traslados: [{ codigo_recurso: 'MAT-1', numero_orden_compra: 'OC-1' }, { codigo_recurso: 'MAT-1', numero_orden_compra: 'OC-2' }], by: 3 } },
    ]);
  });

  it('refuses no group, and a group without processed entries (422, by row)', () => {
    given([]).when(request([])).thenRefused(MSG_VALIDATION, 422, { traslados: MSG_NO_TRANSFERS });
    given([]).when(request([group('OC-1'), group('OC-9', false)])).thenRefused(MSG_VALIDATION, 422, { 'traslados.1.numero_orden_compra': MSG_NO_ENTRIES });
  });

  it('refuses recording the same request twice (409)', () => {
    given([{ type: 'TransferRequested', data: { id: 5, traslados: [{ codigo_recurso: 'MAT-1', numero_orden_compra: 'OC-1' }], by: 3 } }])
      .when(request([group('OC-1')])).thenRefused(MSG_TRANSFER_REQUEST_EXISTS, 409);
  });
});
