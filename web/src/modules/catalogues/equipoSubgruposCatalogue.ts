import type { CatalogueConfig } from '../../ui/crud/catalogueConfig';

/** /equipo_subgrupos (seed 001 §3 Equipment subgroup: id_equipo_grupo, nombre,
 * id_mantenimiento_unidad, mantenimiento_valor; §5: all required). */
export const equipoSubgruposCatalogue: CatalogueConfig = {
  endpoint: '/equipo_subgrupos',
  title: 'Subgrupos de equipo',
  newTitle: 'Nuevo subgrupo de equipo',
  editTitle: 'Editar subgrupo de equipo',
  topics: ['equipo_subgrupo', 'equipo_grupo'],
  searchPlaceholder: 'Buscar subgrupo o grupo',
  columns: [
    { key: 'id', label: 'ID', sortable: true, width: '5rem' },
    { key: 'grupo', label: 'Grupo', sortable: true },
    { key: 'nombre', label: 'Subgrupo', sortable: true },
    { key: 'mantenimiento_valor', label: 'Mantenimiento cada', sortable: true, format: 'decimal', decimals: 2 },
    { key: 'mantenimiento_unidad', label: 'Unidad', sortable: true },
    { key: 'estado', label: 'Estado', sortable: true, format: 'estado' },
    { key: 'date_created', label: 'Creado', sortable: true, format: 'datetime' },
  ],
  filters: [{ name: 'id_equipo_grupo', label: 'Grupo', endpoint: '/fil_datas/equipo_grupos' }],
  fields: [
    { kind: 'select', name: 'id_equipo_grupo', label: 'Grupo', endpoint: '/fil_datas/equipo_grupos' },
    { kind: 'text', name: 'nombre', label: 'Nombre', required: true, maxLength: 200 },
    { kind: 'select', name: 'id_mantenimiento_unidad', label: 'Unidad de mantenimiento', endpoint: '/fil_datas/unidades' },
    { kind: 'number', name: 'mantenimiento_valor', label: 'Mantenimiento cada', required: true, decimals: 2, hint: 'Intervalo en la unidad elegida, p. ej. 250 (HRS) o 10000 (KM).' },
  ],
};
