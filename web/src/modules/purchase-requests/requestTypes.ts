import type { RequestFormReply } from '@shared/contracts/purchase-requests';
export type { ProductCentralEntry, ProductIssue, ProductSiteReceipt, ProductTransfer } from '@shared/contracts/purchase-requests';

// The shapes of the purchase-request calls as the screens read them: the server's reply types
// (services/api/purchase-requests/purchase-request-contracts.ts), never copies.
export type {
  CentralFormReply,
  CentralRow,
  ProductListRow,
  RequestFormReply,
  RequestItem,
  RequestProduct,
  RequestRow,
} from '@shared/contracts/purchase-requests';

/** The form's item: a saved request, or a new one's initial values (id 0). */
export type FormItem = RequestFormReply['item'];
