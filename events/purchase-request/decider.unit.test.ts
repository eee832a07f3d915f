import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../testing/decider-spec';
import { MSG_REQUEST_EXISTS, purchaseRequestDecider } from './decider';
import type { PurchaseRequestCommand } from './types';

const given = deciderSpec(purchaseRequestDecider);
const draft: PurchaseRequestCommand = { type: 'DraftServiceRequest', id: 31, idOrdenTrabajo: 12, idObra: 3, by: 5 };

describe('purchase request decider', () => {
  it('a work order drafts a service request', () => {
    const [drafted] = given([]).when(draft).then([
      { type: 'PurchaseRequestDrafted', data: { id: 31, tipo: 'servicio', id_orden_trabajo: 12, id_obra: 3, by: 5 } },
    ]);
    expect(given([drafted]).state).toEqual({ status: 'borrador', id: 31, tipo: 'servicio', idOrdenTrabajo: 12, idObra: 3 });
  });

  it('a request id is drafted once', () => {
    const drafted = given([]).when(draft).events();
    given(drafted).when({ ...draft, idOrdenTrabajo: 13 }).thenRefused(MSG_REQUEST_EXISTS, 409);
  });
});
