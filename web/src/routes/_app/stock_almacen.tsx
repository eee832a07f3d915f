import { createFileRoute } from '@tanstack/react-router';
import { stockBalances } from '../../modules/stock/stock.resource';
import { StockPage } from '../../modules/stock/components/StockPage';
import { listRoute } from '../../ui/resource/listRoute';

/** /stock_almacen ('Stock por almacén'): balances on hand, and as of a past day. */
export const Route = createFileRoute('/_app/stock_almacen')({
  ...listRoute(stockBalances),
  component: function StockByWarehouse() {
    return <StockPage search={Route.useSearch()} />;
  },
});
