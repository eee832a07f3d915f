// The shapes of the stock calls as the screens read them: the server's reply types
// (services/api/stock/stock-routes.ts), never copies.
export type { AsOfRow, LedgerRow, StockRow } from '@shared/contracts/stock';
