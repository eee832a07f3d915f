import type { CatalogueConfig } from '../../ui/crud/catalogueConfig';

/** /empresas (issue 13, item 22; seed 000 §3 Company: nombre, ruc): the companies of the sites. */
export const empresasCatalogue: CatalogueConfig = {
  endpoint: '/empresas',
  title: 'Empresas',
  newTitle: 'Nueva empresa',
  editTitle: 'Editar empresa',
  topics: ['empresa', 'obra'],
  searchPlaceholder: 'Buscar nombre o RUC',
  columns: [
    { key: 'id', label: 'ID', sortable: true, width: '5rem' },
    { key: 'nombre', label: 'Nombre', sortable: true },
    { key: 'ruc', label: 'RUC', sortable: true },
    { key: 'obras', label: 'Obras', sortable: true, format: 'integer' },
    { key: 'estado', label: 'Estado', sortable: true, format: 'estado' },
    { key: 'date_created', label: 'Creado', sortable: true, format: 'datetime' },
  ],
  fields: [
    { kind: 'text', name: 'nombre', label: 'Nombre', required: true, maxLength: 150 },
    { kind: 'text', name: 'ruc', label: 'RUC', maxLength: 11, hint: '11 dígitos; opcional' },
  ],
};

/** The site form of /obras (issue 13, item 22; seed 000 §3 Site): the list itself is ObrasPage. */
export const obrasCatalogue: CatalogueConfig = {
  endpoint: '/obras',
  title: 'Obras',
  newTitle: 'Nueva obra',
  editTitle: 'Editar obra',
  topics: ['obra'],
  searchPlaceholder: 'Buscar código, nombre o ciudad',
  columns: [],
  fields: [
    { kind: 'select', name: 'id_empresa', label: 'Empresa', endpoint: '/fil_datas/empresas', required: true },
    { kind: 'text', name: 'codigo', label: 'Código', required: true, maxLength: 20, hint: 'p. ej. OB-LIM-01; las órdenes de trabajo empiezan con él' },
    { kind: 'text', name: 'nombre', label: 'Nombre', required: true, maxLength: 150 },
    { kind: 'text', name: 'direccion', label: 'Dirección', maxLength: 250 },
    { kind: 'text', name: 'ciudad', label: 'Ciudad', maxLength: 100 },
  ],
};
