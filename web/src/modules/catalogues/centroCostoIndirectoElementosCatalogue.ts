import { col, selectField, textField, type CatalogueConfig } from '../../ui/crud/catalogueConfig';
import { centroCostoIndirectoElementos } from './catalogueResources';

/** /centro_costo_indirecto_elementos: the elements of an indirect cost centre (the request's
 * element belongs to its chosen centre). */
export const centroCostoIndirectoElementosCatalogue: CatalogueConfig = {
  resource: centroCostoIndirectoElementos, title: 'Elementos de centro de costo indirecto', noun: 'elemento', searchPlaceholder: 'Buscar elemento o centro',
  columns: [col('centro_costo_indirecto', 'Centro de costo indirecto'), col('codigo', 'Código'), col('nombre', 'Nombre')],
  fields: [
    selectField('id_centro_costo_indirecto', 'Centro de costo indirecto', '/fil_datas/centros_costo_indirectos', { filter: true }),
    textField('codigo', 'Código', 20, { required: true, hint: 'Único en el centro de costo.' }),
    textField('nombre', 'Nombre', 200, { required: true }),
  ],
};
