// The shapes of the central-warehouse entry calls as the screens read them: the server's reply
// types (services/api/central-warehouse/central-warehouse-contracts.ts), never copies.
export type { EntryFileRow, EntryProduct, EntryRow, ImportReply, InvalidEntryRow } from '@shared/contracts/central-warehouse';
export type { TransferGroupRow, TransferProduct } from '@shared/contracts/central-warehouse';
