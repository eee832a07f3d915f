import type * as v from 'valibot';
import type { ListRow } from '../platform/define-list';
import type { issueHistoryItem, issueHistoryRow, issueRow, stockLoanItem } from './site-issues';
import type { receiptRow } from './site-receipts';

// The reply types of the site warehouse's receipts and issues (seed 002 §7 "Site warehouse") as
// the web reads them; the schemas live beside their routes.

export type SiteIssueRow = ListRow<typeof issueRow>;
export type SiteReceiptRow = ListRow<typeof receiptRow>;
export type IssueHistoryRow = ListRow<typeof issueHistoryRow>;
export type IssueHistoryItem = v.InferOutput<typeof issueHistoryItem>;
export type StockLoanItem = v.InferOutput<typeof stockLoanItem>;
