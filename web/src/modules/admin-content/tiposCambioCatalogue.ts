import { catalogueResource } from '../../ui/crud/catalogueResource';
import { col, numberField, textField, type CatalogueConfig } from '../../ui/crud/catalogueConfig';

/** /settings/tipos_cambio (issue 19): the monthly currency rates, under the settings' rights. */
export const tiposCambio = { ...catalogueResource('/settings/tipos_cambio', ['tipo_cambio']), module: '/settings' };

/** The rates' screen on the generic catalogue page: soles per unit of another currency for one
 * month; the central entries of that month in that currency are valued with it, and the reports
 * leave out (with a note) what a month without a rate would cost. */
export const tiposCambioCatalogue: CatalogueConfig = {
  resource: tiposCambio, title: 'Tipos de cambio', noun: 'tipo de cambio', searchPlaceholder: 'Buscar moneda o mes',
  columns: [
    col('moneda', 'Moneda'),
    col('mes', 'Mes'),
    col('tasa', 'Tipo de cambio (S/)', 'decimal', { decimals: 4 }),
    col('movimientos', 'Movimientos valorizados', 'integer'),
  ],
  fields: [
    textField('moneda', 'Moneda', 3, { required: true, hint: 'Código de 3 letras, p. ej. USD.' }),
    textField('mes', 'Mes', 7, { required: true, hint: 'AAAA-MM, p. ej. 2026-03: el mes de los ingresos que valoriza.' }),
    numberField('tasa', 'Tipo de cambio (S/)', 6, { required: true, hint: 'Soles por una unidad de la moneda (hasta 6 decimales).' }),
  ],
};
