import { defineCatalogue } from '../catalogue';
import type { StockEvent } from './types';

/** Stock balances (`stock-{id}`, one per warehouse × material): the ledger reads `stock`. */
export const stockCatalogue = defineCatalogue<StockEvent>()({
  StockMoved: { label: 'Movimiento de stock', name: 'movió stock de', icon: 'inventory', color: 'primary' },
});
