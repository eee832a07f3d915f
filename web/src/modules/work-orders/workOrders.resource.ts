import { queryOptions } from '@tanstack/react-query';
import { listSearch, optionalCode, optionalId } from '../../ui/list/listSearch';
import { defineResource, type SearchOf } from '../../ui/resource/defineResource';
import type { WorkOrderRow } from './workOrderTypes';
import { fetchOk } from '../../api/client';
import type { ReplyOf } from '../../api/typed';

/** The work orders of the user's sites (seed 001 §2 /ordenes_trabajo): filtered by site and state
 * (1 abierto, 2 cancelado, 3 cerrado). A supervisor watches the list for orders to appear and
 * close, so it refreshes in place (`auto`) rather than offering a banner; the site filter follows
 * the user between the list and the board. */
export const workOrders = defineResource<WorkOrderRow>()({
  path: '/ordenes_trabajo',
  topics: ['work_order'],
  live: 'auto',
  // id_equipo and id_tipo_mantenimiento: the KPI screens link to the orders behind a figure (issue 19).
  search: listSearch({ id_obra: optionalId, estado: optionalCode([1, 2, 3]), id_equipo: optionalId, id_tipo_mantenimiento: optionalCode([1, 2, 3]) }),
  retain: ['id_obra'],
});

/** The live board of open orders per site (/ordenes_trabajo/tablero), with the list's site filter
 * (the rest of the list protocol has no use there). */
export const workOrderBoard = defineResource<never>()({
  path: '/ordenes_trabajo/tablero',
  topics: ['work_order'],
  live: 'auto',
  search: listSearch({ id_obra: optionalId }),
  retain: ['id_obra'],
  exportable: false,
});

/** The board's read: its ages are recomputed by the server every minute. */
export const boardQuery = (search: SearchOf<typeof workOrderBoard>) =>
  queryOptions({
    queryKey: [...workOrderBoard.keys.all, search.id_obra ?? null],
    // fetchOk rather than the typed read: this module rides in the entry chunk (docs/PERFORMANCE.md).
    queryFn: () => fetchOk<ReplyOf<'GET', '/ordenes_trabajo/tablero'> & Record<string, unknown>>('GET', '/ordenes_trabajo/tablero', { id_obra: search.id_obra }),
    refetchInterval: 60_000,
  });
