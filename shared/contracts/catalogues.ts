import * as v from 'valibot';
import { crudItem } from './platform';
import type { ListRow } from './platform';
import { decimalText, estado, instant, optText, ref, rowId } from './platform';

// The reply schemas of the catalogues (seed 001 §3): each list's row, each CRUD item's fields
// (crudItem adds id and the bookkeeping; a new record's form, id 0, has its references empty) and
// the extra fields of their selects. The web reads the
// types below; the contract tests check every reply against these schemas.

/** The last two columns of every catalogue list (list-parts.ts stateColumns). */
const stateFields = { estado: estado(), date_created: instant() };

export const unidadRow = v.object({ id: rowId(), nombre: v.string(), decimales: v.number(), etiquetas: v.string(), ...stateFields });
export const unidadItem = { nombre: v.string(), decimales: v.number(), etiquetas: v.string() };

export const conversionUnidadRow = v.object({
  id: rowId(), material_tipo: v.string(), unidad: v.string(), valor: decimalText(), ...stateFields, id_material_tipo: rowId(), id_unidad: rowId(),
});
/** A new conversion's form (id 0) proposes valor 1 as a number; stored ones read as decimal text. */
export const conversionUnidadItem = { id_material_tipo: ref(), id_unidad: ref(), valor: v.union([decimalText(), v.number()]) };
export const conversionUnidadOption = { valor: decimalText(), id_material_tipo: rowId() };
/** An active unit conversion as the Pedido forms carry them (`conversion_unidades`, seed 002 §7):
 * the units a material type may be counted in, with the factor. */
export const unitConversion = v.object({ id_material_tipo: rowId(), id_unidad: rowId(), valor: decimalText() });

export const marcaRow = v.object({ id: rowId(), nombre: v.string(), modelos: v.number(), ...stateFields });
export const marcaItem = { nombre: v.string() };

export const modeloRow = v.object({ id: rowId(), marca: v.string(), nombre: v.string(), ...stateFields, id_marca: rowId() });
export const modeloItem = { id_marca: ref(), nombre: v.string() };
export const modeloOption = { id_marca: rowId() };

export const grupoFuncionalRow = v.object({ id: rowId(), sigla: v.string(), nombre: v.string(), elementos: v.number(), ...stateFields });
export const grupoFuncionalItem = { sigla: v.string(), nombre: v.string() };
export const grupoFuncionalOption = { sigla: v.string(), nombre: v.string() };

export const elementoRow = v.object({
  id: rowId(), grupo_funcional: v.string(), numero: v.string(), nombre: v.string(), padre: optText(), ...stateFields,
  id_grupo_funcional: rowId(), id_padre: ref(), sigla: v.string(),
});
export const elementoItem = { numero: v.string(), nombre: v.string(), id_grupo_funcional: ref(), id_padre: ref() };
export const elementoOption = { id_grupo_funcional: rowId(), id_padre: ref() };

export const equipoGrupoRow = v.object({ id: rowId(), nombre: v.string(), subgrupos: v.number(), productos: v.number(), ...stateFields });
export const equipoGrupoItem = { nombre: v.string() };

export const equipoSubgrupoRow = v.object({
  id: rowId(), grupo: v.string(), nombre: v.string(), mantenimiento_valor: v.nullable(decimalText()), mantenimiento_unidad: optText(), ...stateFields,
  id_equipo_grupo: rowId(), id_mantenimiento_unidad: ref(),
});
export const equipoSubgrupoItem = { id_equipo_grupo: ref(), nombre: v.string(), id_mantenimiento_unidad: ref(), mantenimiento_valor: v.nullable(decimalText()) };
export const equipoSubgrupoOption = { id_equipo_grupo: rowId() };

export const equipoProductoRow = v.object({
  id: rowId(), grupo: v.string(), subgrupo: v.string(), nombre: v.string(), equipos: v.number(), ...stateFields, id_equipo_grupo: rowId(), id_equipo_subgrupo: rowId(),
});
export const equipoProductoItem = { id_equipo_grupo: ref(), id_equipo_subgrupo: ref(), nombre: v.string() };
export const equipoProductoOption = { id_equipo_grupo: rowId(), id_equipo_subgrupo: rowId() };

export const materialRow = v.object({
  id: rowId(), codigo: v.string(), nombre: v.string(), material_tipo: v.string(), unidad_medida: optText(), precio_medio: v.nullable(decimalText()),
  type_generation: v.picklist([1, 2]), fecha_creado: instant(), ...stateFields, id_material_tipo: rowId(),
});
export const materialItem = { id_material_tipo: ref(), codigo: v.string(), nombre: v.string() };
export const materialOption = { codigo: v.string(), nombre: v.string(), id_material_tipo: rowId() };

export const materialTipoRow = v.object({ id: rowId(), codigo: v.string(), nombre: v.string(), materiales: v.number(), unidades: optText(), ...stateFields });
export const materialTipoItem = { codigo: v.string(), nombre: v.string() };
export const materialTipoOption = { codigo: v.string() };

// The purchase-request catalogues (seed 002 ambiguity 8: ids only in the seed, names admin-editable).
export const recursoRow = v.object({ id: rowId(), codigo: v.string(), nombre: v.string(), ...stateFields });
export const recursoItem = { codigo: v.string(), nombre: v.string() };
export const recursoOption = { codigo: v.string(), nombre: v.string() };

export const solicitudClasificacionRow = v.object({ id: rowId(), nombre: v.string(), solicitudes: v.number(), ...stateFields });
export const solicitudClasificacionItem = { nombre: v.string() };

export const solicitudTipoRow = v.object({ id: rowId(), nombre: v.string(), solicitudes: v.number(), ...stateFields });
export const solicitudTipoItem = { nombre: v.string() };

export const tipoMantenimientoRow = v.object({ id: rowId(), sigla: v.string(), nombre: v.string(), ordenes: v.number(), ...stateFields });
export const tipoMantenimientoItem = { sigla: v.string(), nombre: v.string() };

export const centroCostoIndirectoRow = v.object({ id: rowId(), codigo: v.string(), nombre: v.string(), elementos: v.number(), ...stateFields });
export const centroCostoIndirectoItem = { codigo: v.string(), nombre: v.string() };
export const centroCostoIndirectoOption = { codigo: v.string(), nombre: v.string() };

export const centroCostoIndirectoElementoRow = v.object({
  id: rowId(), centro_costo_indirecto: v.string(), codigo: v.string(), nombre: v.string(), ...stateFields, id_centro_costo_indirecto: rowId(),
});
export const centroCostoIndirectoElementoItem = { id_centro_costo_indirecto: ref(), codigo: v.string(), nombre: v.string() };
export const centroCostoIndirectoElementoOption = { codigo: v.string(), nombre: v.string(), id_centro_costo_indirecto: rowId() };

/** A work site's front (issue 29, seed 002 §2 'work-site front'). */
export const frenteObraRow = v.object({
  id: rowId(), obra: v.string(), codigo: v.string(), nombre: v.string(), solicitudes: v.number(), ...stateFields, id_obra: rowId(),
});
export const frenteObraItem = { id_obra: ref(), codigo: v.string(), nombre: v.string() };
export const frenteObraOption = { codigo: v.string(), nombre: v.string(), id_obra: rowId() };

export const movilizacionTipoRow = v.object({ id: rowId(), nombre: v.string(), codigo_recurso: v.string(), recurso: optText(), ...stateFields });
export const movilizacionTipoItem = { nombre: v.string(), codigo_recurso: v.string() };
export const movilizacionTipoOption = { codigo_recurso: v.string() };

export type UnidadRow = ListRow<typeof unidadRow>;
export type ConversionUnidadRow = ListRow<typeof conversionUnidadRow>;
export type MarcaRow = ListRow<typeof marcaRow>;
export type ModeloRow = ListRow<typeof modeloRow>;
export type GrupoFuncionalRow = ListRow<typeof grupoFuncionalRow>;
export type ElementoRow = ListRow<typeof elementoRow>;
export type EquipoGrupoRow = ListRow<typeof equipoGrupoRow>;
export type EquipoSubgrupoRow = ListRow<typeof equipoSubgrupoRow>;
export type EquipoProductoRow = ListRow<typeof equipoProductoRow>;
export type MaterialRow = ListRow<typeof materialRow>;
export type MaterialTipoRow = ListRow<typeof materialTipoRow>;
export type MaterialItem = v.InferOutput<ReturnType<typeof crudItem<typeof materialItem>>>;
export type RecursoRow = ListRow<typeof recursoRow>;
export type SolicitudClasificacionRow = ListRow<typeof solicitudClasificacionRow>;
export type SolicitudTipoRow = ListRow<typeof solicitudTipoRow>;
export type TipoMantenimientoRow = ListRow<typeof tipoMantenimientoRow>;
export type CentroCostoIndirectoRow = ListRow<typeof centroCostoIndirectoRow>;
export type CentroCostoIndirectoElementoRow = ListRow<typeof centroCostoIndirectoElementoRow>;
export type FrenteObraRow = ListRow<typeof frenteObraRow>;
export type MovilizacionTipoRow = ListRow<typeof movilizacionTipoRow>;
