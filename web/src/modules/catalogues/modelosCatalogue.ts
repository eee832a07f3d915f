import { col, selectField, textField, type CatalogueConfig } from '../../ui/crud/catalogueConfig';
import { modelos } from './catalogueResources';

/** /modelos (seed 001 §3 Model: id_marca, nombre). */
export const modelosCatalogue: CatalogueConfig = {
  resource: modelos, title: 'Modelos', noun: 'modelo', searchPlaceholder: 'Buscar modelo o marca',
  columns: [col('marca', 'Marca'), col('nombre', 'Modelo')],
  fields: [selectField('id_marca', 'Marca', '/fil_datas/marcas', { filter: true }), textField('nombre', 'Nombre', 100, { required: true })],
};
