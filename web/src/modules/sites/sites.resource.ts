import { listSearch, optionalEstado, optionalId } from '../../ui/list/listSearch';
import { defineResource } from '../../ui/resource/defineResource';

/** The server's reply type (services/api/sites/obras-contracts.ts). */
import type { ObraRow } from '@shared/contracts/sites';

export type { ObraRow };

/** The work sites (seed 001 §2 /obras): filtered by company and state; the only record form is
 * the total amount (GET /obras/montoTotal, POST /obras/guardarMonto). */
export const obras = defineResource<ObraRow>()({
  path: '/obras',
  topics: ['obra'],
  live: 'banner',
  search: listSearch({ id_empresa: optionalId, estado: optionalEstado }),
  form: (id) => ({ method: 'GET', path: '/obras/montoTotal', query: { id } }),
  savePath: '/obras/guardarMonto',
});
