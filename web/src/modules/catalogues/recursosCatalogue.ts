import { col, textField, type CatalogueConfig } from '../../ui/crud/catalogueConfig';
import { recursos } from './catalogueResources';

/** /recursos: the resources a purchase request is charged to (seed 002 names them by id only; the
 * codes 2-044 and 4-046 are the ones mobilisation types 2 and 3 fix). */
export const recursosCatalogue: CatalogueConfig = {
  resource: recursos, title: 'Recursos', noun: 'recurso', searchPlaceholder: 'Buscar código o nombre',
  columns: [col('codigo', 'Código'), col('nombre', 'Nombre')],
  fields: [textField('codigo', 'Código', 20, { required: true, hint: 'Por ejemplo 2-044; único.' }), textField('nombre', 'Nombre', 200, { required: true })],
};
