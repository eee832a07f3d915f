import type { CatalogueConfig } from '../../ui/crud/catalogueConfig';

/** /grupo_funcional_elementos (seed 001 §3 Functional group element: numero, nombre,
 * id_grupo_funcional, id_padre; §5: numero, nombre and group required, the parent belongs to the
 * chosen group and changing the group clears it). */
export const grupoFuncionalElementosCatalogue: CatalogueConfig = {
  endpoint: '/grupo_funcional_elementos',
  title: 'Elementos de grupo funcional',
  newTitle: 'Nuevo elemento',
  editTitle: 'Editar elemento',
  topics: ['grupo_funcional_elemento', 'grupo_funcional'],
  searchPlaceholder: 'Buscar elemento o grupo',
  columns: [
    { key: 'id', label: 'ID', sortable: true, width: '5rem' },
    { key: 'grupo_funcional', label: 'Grupo funcional', sortable: true },
    { key: 'numero', label: 'Número', sortable: true },
    { key: 'nombre', label: 'Nombre', sortable: true },
    { key: 'padre', label: 'Elemento padre', sortable: true },
    { key: 'estado', label: 'Estado', sortable: true, format: 'estado' },
    { key: 'date_created', label: 'Creado', sortable: true, format: 'datetime' },
  ],
  filters: [{ name: 'id_grupo_funcional', label: 'Grupo funcional', endpoint: '/fil_datas/grupos_funcionales' }],
  fields: [
    { kind: 'select', name: 'id_grupo_funcional', label: 'Grupo funcional', endpoint: '/fil_datas/grupos_funcionales' },
    { kind: 'text', name: 'numero', label: 'Número', required: true, maxLength: 30, hint: 'Por ejemplo 01 o 01.02 (único en el grupo).' },
    { kind: 'text', name: 'nombre', label: 'Nombre', required: true, maxLength: 200 },
    { kind: 'select', name: 'id_padre', label: 'Elemento padre', endpoint: '/fil_datas/elementos_padre', dependsOn: 'id_grupo_funcional' },
  ],
};
