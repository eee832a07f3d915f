import { col, textField, type CatalogueConfig } from '../../ui/crud/catalogueConfig';
import { gruposFuncionales } from './catalogueResources';

/** /grupos_funcionales (seed 001 §3 Functional group: sigla, nombre; §5: both required). */
export const gruposFuncionalesCatalogue: CatalogueConfig = {
  resource: gruposFuncionales, title: 'Grupos funcionales', noun: 'grupo funcional', searchPlaceholder: 'Buscar sigla o nombre',
  columns: [col('sigla', 'Sigla'), col('nombre', 'Nombre'), col('elementos', 'Elementos', 'integer')],
  fields: [textField('sigla', 'Sigla', 20, { required: true }), textField('nombre', 'Nombre', 200, { required: true })],
};
