import { catalogueResource } from '../../ui/crud/catalogueResource';

// The master-data catalogues (seed 001 §2, §3): path, the live topics of the records a row shows
// (its own and its parents' names), and the parent filters of the list.
export const marcas = catalogueResource('/marcas', ['marca']);
export const modelos = catalogueResource('/modelos', ['modelo', 'marca'], ['id_marca']);
export const equipoGrupos = catalogueResource('/equipo_grupos', ['equipo_grupo']);
export const equipoSubgrupos = catalogueResource('/equipo_subgrupos', ['equipo_subgrupo', 'equipo_grupo'], ['id_equipo_grupo']);
export const equipoProductos = catalogueResource('/equipo_productos', ['equipo_producto', 'equipo_subgrupo', 'equipo_grupo'], ['id_equipo_grupo', 'id_equipo_subgrupo']);
export const gruposFuncionales = catalogueResource('/grupos_funcionales', ['grupo_funcional']);
export const grupoFuncionalElementos = catalogueResource('/grupo_funcional_elementos', ['grupo_funcional_elemento', 'grupo_funcional'], ['id_grupo_funcional']);
export const materialTipos = catalogueResource('/material_tipos', ['material_tipo', 'conversion_unidad']);
export const materiales = catalogueResource('/materiales', ['material', 'material_tipo', 'unidad'], ['id_material_tipo'], { type_generation: [1, 2] });
export const unidades = catalogueResource('/unidades', ['unidad']);
export const conversionUnidades = catalogueResource('/conversion_unidades', ['conversion_unidad', 'material_tipo', 'unidad'], ['id_material_tipo', 'id_unidad']);

// The purchase-request catalogues (seed 002 names them by id only: SEED-002-ANALYSIS ambiguity 8).
export const recursos = catalogueResource('/recursos', ['recurso']);
export const solicitudesTipos = catalogueResource('/solicitudes_tipos', ['solicitud_tipo']);
export const solicitudesClasificaciones = catalogueResource('/solicitudes_clasificaciones', ['solicitud_clasificacion']);
export const centrosCostoIndirectos = catalogueResource('/centros_costo_indirectos', ['centro_costo_indirecto', 'centro_costo_indirecto_elemento']);
export const centroCostoIndirectoElementos = catalogueResource('/centro_costo_indirecto_elementos', ['centro_costo_indirecto_elemento', 'centro_costo_indirecto'], ['id_centro_costo_indirecto']);
export const movilizacionTipos = catalogueResource('/movilizacion_tipos', ['movilizacion_tipo', 'recurso']);

// The work order's maintenance type (issue 19): three fixed ids the reports split by, named here.
export const tiposMantenimiento = catalogueResource('/tipos_mantenimiento', ['tipo_mantenimiento']);

// The fronts of a work site (issue 29): a request names one of its site's.
export const frentesObra = catalogueResource('/frentes_obra', ['frente_obra', 'obra'], ['id_obra']);
