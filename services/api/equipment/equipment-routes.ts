import type { AnyRoute } from '../platform/route';
import { amortizationRoutes } from './amortization/amortization-routes';
import { documentRoutes } from './documents/document-routes';
import { equipoCrudRoutes } from './equipment-crud-routes';
import { equipoListRoutes } from './equipment-list-routes';
import { equipoLookupRoutes } from './equipment-lookup-routes';
import { insuranceRoutes } from './insurance/insurance-routes';
import { movementRoutes } from './movements/movement-routes';

/** The equipment register (seed 001 §2 /equipos, §3, §5, §7): list and export, modal CRUD,
 * movement history, insurance monthly cost, amortization, documents and the equipment lookups. */
export function equipoRoutes(): AnyRoute[] {
  return [
    ...equipoListRoutes(),
    ...equipoCrudRoutes(),
    ...movementRoutes(),
    ...insuranceRoutes(),
    ...amortizationRoutes(),
    ...documentRoutes(),
    ...equipoLookupRoutes(),
  ];
}
