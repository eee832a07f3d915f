import type { AnyRoute } from '../platform/route';
import { gastosRoutes } from './gastos-routes';
import { montoTotalRoutes } from './monto-total-routes';
import { obrasListRoutes } from './sites-list';
import { peopleLookupRoutes } from './people-lookups';
import { empresasRoutes } from './empresas-routes';
import { obraCrudRoutes } from './site-crud-routes';

/** Work sites (seed 001 §2 /obras, /obras/{id}/editar): the list, their create/edit/disable and
 * their companies (/empresas), the total amount, the general expenses, and the people lookups the work orders need (§7 'Lookups'). */
export function obrasRoutes(): AnyRoute[] {
  return [...obrasListRoutes(), ...obraCrudRoutes(), ...empresasRoutes(), ...montoTotalRoutes(), ...gastosRoutes(), ...peopleLookupRoutes()];
}
