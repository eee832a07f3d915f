import type { TransferRequestRow as Row } from '@shared/contracts/central-warehouse';

// The shapes of the transfer-request calls as the screen reads them: the server's reply types
// (shared/contracts/central-warehouse.ts), never copies.
export type { TransferRequestProduct } from '@shared/contracts/central-warehouse';

/** A group row as the list kit reads it: it has no `id` of its own (its key is the purchase order
 * and the code). */
export type TransferRequestListRow = Row & { id?: undefined };
