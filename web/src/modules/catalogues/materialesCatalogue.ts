import { col, selectField, textField, type CatalogueConfig } from '../../ui/crud/catalogueConfig';
import { materiales } from './catalogueResources';

/** /materiales (seed 001 §3 Material: id_material_tipo, codigo, nombre; §5: all required). */
export const materialesCatalogue: CatalogueConfig = {
  resource: materiales, title: 'Materiales', noun: 'material', searchPlaceholder: 'Buscar código o nombre',
  columns: [col('codigo', 'Código'), col('nombre', 'Nombre'), col('material_tipo', 'Tipo de material')],
  fields: [
    selectField('id_material_tipo', 'Tipo de material', '/fil_datas/material_tipos', { filter: true }),
    textField('codigo', 'Código', 50, { required: true, hint: 'Número de parte o código interno; único.' }),
    textField('nombre', 'Nombre', 500, { required: true }),
  ],
};
