import type { IssueHistoryRow } from '@shared/contracts/site-warehouse';

// The shapes of the site warehouse's receipt and issue calls as the screens read them: the
// server's reply types (services/api/site-warehouse/site-movement-contracts.ts), never copies.
export type { IssueHistoryItem, IssueHistoryRow, SiteIssueRow, SiteReceiptRow, StockLoanItem } from '@shared/contracts/site-warehouse';

/** A history row as the list kit reads it: it has no `id` of its own (one issue, many lines), so
 * its key is the issue and the line. */
export type IssueHistoryListRow = IssueHistoryRow & { id?: undefined };
