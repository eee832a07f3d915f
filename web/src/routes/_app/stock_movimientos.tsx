import { createFileRoute } from '@tanstack/react-router';
import { stockLedger } from '../../modules/stock/stock.resource';
import { LedgerPage } from '../../modules/stock/components/LedgerPage';
import { listRoute } from '../../ui/resource/listRoute';

/** /stock_movimientos ('Kárdex'): every stock movement. */
export const Route = createFileRoute('/_app/stock_movimientos')({
  ...listRoute(stockLedger),
  component: function StockLedger() {
    return <LedgerPage search={Route.useSearch()} />;
  },
});
