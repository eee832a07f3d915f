import { col, textField, type CatalogueConfig } from '../../ui/crud/catalogueConfig';
import { tiposMantenimiento } from './catalogueResources';

/** /tipos_mantenimiento (issue 19): the names of the work order's maintenance types. The ids are
 * fixed (1 MP, 2 MC, 3 MCD) because the KPI and profitability reports split by them. */
export const tiposMantenimientoCatalogue: CatalogueConfig = {
  resource: tiposMantenimiento, title: 'Tipos de mantenimiento', noun: 'tipo de mantenimiento', searchPlaceholder: 'Buscar sigla o nombre',
  columns: [col('sigla', 'Sigla'), col('nombre', 'Nombre'), col('ordenes', 'Órdenes de trabajo', 'integer')],
  fields: [
    textField('sigla', 'Sigla', 10, { required: true, hint: 'Única. Los reportes separan costos por estos tres tipos: 1 MP, 2 MC y 3 MCD.' }),
    textField('nombre', 'Nombre', 100, { required: true }),
  ],
};
