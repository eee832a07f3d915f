import type { Sql } from 'postgres';
import { EQUIPO_RULES } from '@shared/equipment-rules';

type Values = Record<string, unknown>;

const num = (x: unknown) => (x === null || x === undefined || x === '' ? null : Number(x));
const str = (x: unknown) => (x === null || x === undefined ? '' : String(x));

/** Seed 001 §5, Equipment form, the rules over several fields or other records (the single-field
 * rules are the schemas of equipo-fields.ts). `fields` are the values sent; on an edit the
 * stored row fills the fields left out, so cross-field rules see the record as it will be saved.
 * - the site, group, brand and engine brand exist;
 * - the subgroup belongs to the group, the description (product) to the subgroup, the model to the
 *   brand, the engine model to the engine brand (dependent selects);
 * - codigo is unique (ignoring case) among the machines;
 * - arrival and write-off dates are not before the purchase date;
 * - horas fits the tariff: 1-12 months for MES, 1-744 hours for HORA (0: not chosen).
 * Returns field → Spanish message. */
export async function validateEquipo(sql: Sql, id: number, fields: Values): Promise<Record<string, string>> {
  const errors: Record<string, string> = {};
  const [stored] = id > 0 ? await sql<Values[]>`SELECT * FROM rm_equipos WHERE id = ${id}` : [];
  const f: Values = { ...(stored ?? {}), ...fields };
  const ids = {
    obra: num(f.id_obra),
    grupo: num(f.id_equipo_grupo),
    subgrupo: num(f.id_equipo_subgrupo),
    producto: num(f.id_equipo_producto),
    marca: num(f.id_marca),
    modelo: num(f.id_modelo),
    marcaMotor: num(f.id_marca_motor),
    modeloMotor: num(f.id_modelo_motor),
  };
  const [refs] = await sql<
    {
      obra: boolean;
      grupo: boolean;
      subgrupo_grupo: number | null;
      producto_subgrupo: number | null;
      marca: boolean;
      modelo_marca: number | null;
      marca_motor: boolean;
      modelo_motor_marca: number | null;
      codigo_dup: boolean;
    }[]
  >`SELECT
      EXISTS (SELECT 1 FROM rm_obras WHERE id = ${ids.obra}) AS obra,
      EXISTS (SELECT 1 FROM rm_equipo_grupos WHERE id = ${ids.grupo}) AS grupo,
      (SELECT id_equipo_grupo FROM rm_equipo_subgrupos WHERE id = ${ids.subgrupo}) AS subgrupo_grupo,
      (SELECT id_equipo_subgrupo FROM rm_equipo_productos WHERE id = ${ids.producto}) AS producto_subgrupo,
      EXISTS (SELECT 1 FROM rm_marcas WHERE id = ${ids.marca}) AS marca,
      (SELECT id_marca FROM rm_modelos WHERE id = ${ids.modelo}) AS modelo_marca,
      EXISTS (SELECT 1 FROM rm_marcas WHERE id = ${ids.marcaMotor}) AS marca_motor,
      (SELECT id_marca FROM rm_modelos WHERE id = ${ids.modeloMotor}) AS modelo_motor_marca,
      EXISTS (SELECT 1 FROM rm_equipos WHERE lower(codigo) = lower(${str(f.codigo)}) AND id <> ${id}) AS codigo_dup`;

  if (!refs.obra) errors.id_obra = 'La obra no existe';
  if (!refs.grupo) errors.id_equipo_grupo = 'El grupo no existe';
  if (refs.subgrupo_grupo === null) errors.id_equipo_subgrupo = 'El subgrupo no existe';
  else if (refs.subgrupo_grupo !== ids.grupo) errors.id_equipo_subgrupo = 'El subgrupo no pertenece al grupo seleccionado';
  if (refs.producto_subgrupo === null) errors.id_equipo_producto = 'La descripción no existe';
  else if (refs.producto_subgrupo !== ids.subgrupo) errors.id_equipo_producto = 'La descripción no pertenece al subgrupo seleccionado';
  if (!refs.marca) errors.id_marca = 'La marca no existe';
  if (refs.modelo_marca === null) errors.id_modelo = 'El modelo no existe';
  else if (refs.modelo_marca !== ids.marca) errors.id_modelo = 'El modelo no pertenece a la marca seleccionada';
  if (!refs.marca_motor) errors.id_marca_motor = 'La marca de motor no existe';
  if (refs.modelo_motor_marca === null) errors.id_modelo_motor = 'El modelo de motor no existe';
  else if (refs.modelo_motor_marca !== ids.marcaMotor) errors.id_modelo_motor = 'El modelo de motor no pertenece a la marca de motor seleccionada';
  if (refs.codigo_dup) errors.codigo = 'Ya existe un equipo con ese código';

  const day = (x: unknown) => (x instanceof Date ? x.toISOString().slice(0, 10) : x ? String(x) : null);
  const compra = day(f.fecha_compra);
  const llegada = day(f.fecha_llegada);
  const baja = day(f.fecha_baja);
  if (compra && llegada && llegada < compra) errors.fecha_llegada = 'La fecha de llegada no puede ser anterior a la fecha de compra';
  if (compra && baja && baja < compra) errors.fecha_baja = 'La fecha de baja no puede ser anterior a la fecha de compra';

  const horas = num(f.horas) ?? 0;
  const tarifa = str(f.tipo_tarifa) || 'HORA';
  const range = tarifa === 'MES' ? EQUIPO_RULES.meses : EQUIPO_RULES.horas;
  if (horas !== 0 && (horas < range.min || horas > range.max)) {
    errors.horas = tarifa === 'MES' ? `Elija de ${range.min} a ${range.max} meses` : `Elija de ${range.min} a ${range.max} horas`;
  }
  return errors;
}
