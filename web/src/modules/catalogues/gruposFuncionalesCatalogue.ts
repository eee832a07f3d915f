import type { CatalogueConfig } from '../../ui/crud/catalogueConfig';

/** /grupos_funcionales (seed 001 §3 Functional group: sigla, nombre; §5: both required). */
export const gruposFuncionalesCatalogue: CatalogueConfig = {
  endpoint: '/grupos_funcionales',
  title: 'Grupos funcionales',
  newTitle: 'Nuevo grupo funcional',
  editTitle: 'Editar grupo funcional',
  topics: ['grupo_funcional'],
  searchPlaceholder: 'Buscar sigla o nombre',
  columns: [
    { key: 'id', label: 'ID', sortable: true, width: '5rem' },
    { key: 'sigla', label: 'Sigla', sortable: true },
    { key: 'nombre', label: 'Nombre', sortable: true },
    { key: 'elementos', label: 'Elementos', sortable: true, format: 'integer' },
    { key: 'estado', label: 'Estado', sortable: true, format: 'estado' },
    { key: 'date_created', label: 'Creado', sortable: true, format: 'datetime' },
  ],
  fields: [
    { kind: 'text', name: 'sigla', label: 'Sigla', required: true, maxLength: 20 },
    { kind: 'text', name: 'nombre', label: 'Nombre', required: true, maxLength: 200 },
  ],
};
