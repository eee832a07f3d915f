import { col, selectField, textField, type CatalogueConfig } from '../../ui/crud/catalogueConfig';
import { grupoFuncionalElementos } from './catalogueResources';

/** /grupo_funcional_elementos (seed 001 §3 Functional group element: numero, nombre,
 * id_grupo_funcional, id_padre; §5: numero, nombre and group required, the parent belongs to the
 * chosen group and changing the group clears it). */
export const grupoFuncionalElementosCatalogue: CatalogueConfig = {
  resource: grupoFuncionalElementos, title: 'Elementos de grupo funcional', noun: 'elemento', searchPlaceholder: 'Buscar elemento o grupo',
  columns: [col('grupo_funcional', 'Grupo funcional'), col('numero', 'Número'), col('nombre', 'Nombre'), col('padre', 'Elemento padre')],
  fields: [
    selectField('id_grupo_funcional', 'Grupo funcional', '/fil_datas/grupos_funcionales', { filter: true }),
    textField('numero', 'Número', 30, { required: true, hint: 'Por ejemplo 01 o 01.02 (único en el grupo).' }),
    textField('nombre', 'Nombre', 200, { required: true }),
    selectField('id_padre', 'Elemento padre', '/fil_datas/elementos_padre', { dependsOn: 'id_grupo_funcional' }),
  ],
};
