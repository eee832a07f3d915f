import type { UnitOption } from '../workOrderTypes';

/** The units a part line may use. Seed 001 §5: filtered by the material type's allowed units (the
 * unit conversions); seed 001 §8: the full unit list when the conversion list is not an array. A
 * type without conversions, or no type (a new material asked for), accepts every unit — as the
 * server does (save-work-order.ts allowedUnits). */
export function unitChoices(unidades: UnitOption[], conversiones: unknown, idMaterialTipo: number | null): UnitOption[] {
  if (!Array.isArray(conversiones) || !idMaterialTipo) return unidades;
  const allowed = new Set(
    conversiones
      .filter(
        (c): c is { id_material_tipo: number; id_unidad: number } =>
          typeof c === 'object' && c !== null && Number((c as { id_material_tipo: unknown }).id_material_tipo) === idMaterialTipo,
      )
      .map((c) => Number(c.id_unidad)),
  );
  if (allowed.size === 0) return unidades;
  return unidades.filter((u) => allowed.has(Number(u.value)));
}
