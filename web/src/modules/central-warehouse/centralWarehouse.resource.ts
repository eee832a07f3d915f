import { listSearch, optionalId, optionalKey } from '../../ui/list/listSearch';
import { defineResource } from '../../ui/resource/defineResource';
import type { EntryFileRow, EntryRow, TransferGroupRow } from './centralWarehouseTypes';

/** The Excel files of central entries (seed 002 §2 /almacen_central_entradas_archivos): imported
 * from the 'Importar' dialog; live when another storekeeper imports one. */
export const entryFiles = defineResource<EntryFileRow>()({
  path: '/almacen_central_entradas_archivos',
  topics: ['central_entry_file'],
  live: 'auto',
  search: listSearch({}),
});

/** The central entries (seed 002 §2 /almacen_central_entradas), filtered by purchase-order number
 * (its text) or by the file they came from. */
export const centralEntries = defineResource<EntryRow>()({
  path: '/almacen_central_entradas',
  topics: ['central_entry_file'],
  live: 'auto',
  search: listSearch({ numero_orden_compra: optionalKey, id_archivo: optionalId }),
});

/** The transfer groups (seed 002 §7 /almacen_central_traslado_materiales): each purchase order's
 * entries of a code, and the central stock ('STOCK'), with what is left to transfer. */
export const transferGroups = defineResource<TransferGroupRow>()({
  path: '/almacen_central_traslado_materiales',
  topics: ['central_entry_file', 'purchase_request'],
  live: 'auto',
  search: listSearch({ numero_orden_compra: optionalKey, codigo_recurso: optionalKey }),
});
