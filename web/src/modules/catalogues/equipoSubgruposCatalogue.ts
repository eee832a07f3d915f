import { col, numberField, selectField, textField, type CatalogueConfig } from '../../ui/crud/catalogueConfig';
import { equipoSubgrupos } from './catalogueResources';

/** /equipo_subgrupos (seed 001 §3 Equipment subgroup: id_equipo_grupo, nombre,
 * id_mantenimiento_unidad, mantenimiento_valor; §5: all required). */
export const equipoSubgruposCatalogue: CatalogueConfig = {
  resource: equipoSubgrupos, title: 'Subgrupos de equipo', noun: 'subgrupo de equipo', searchPlaceholder: 'Buscar subgrupo o grupo',
  columns: [col('grupo', 'Grupo'), col('nombre', 'Subgrupo'), col('mantenimiento_valor', 'Mantenimiento cada', 'decimal'), col('mantenimiento_unidad', 'Unidad')],
  fields: [
    selectField('id_equipo_grupo', 'Grupo', '/fil_datas/equipo_grupos', { filter: true }),
    textField('nombre', 'Nombre', 200, { required: true }),
    selectField('id_mantenimiento_unidad', 'Unidad de mantenimiento', '/fil_datas/unidades'),
    numberField('mantenimiento_valor', 'Mantenimiento cada', 2, { required: true, hint: 'Intervalo en la unidad elegida, p. ej. 250 (HRS) o 10000 (KM).' }),
  ],
};
