import { defineCatalogue } from '../catalogue';
import type { ObraGastosEvent } from './types';

/** A site's general expenses (`obra_gastos-{id_obra}`): live topics are the record's own. */
export const obraGastosCatalogue = defineCatalogue<ObraGastosEvent>()({
  GeneralExpensesOpened: { label: 'Apertura de gastos generales', name: 'abrió los gastos generales de', icon: 'request_page', color: 'success' },
  GeneralExpensesSaved: { label: 'Gastos generales', name: 'guardó los gastos generales de', icon: 'payments', color: 'info' },
});
