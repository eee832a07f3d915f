// The fixed choices of the request form. The request types, classifications, resources, indirect
// cost centres and their elements and the third-party cost-centre types are admin-editable
// catalogues (services/api/catalogues, read through /fil_datas/...: seed 002 names them by id only,
// SEED-002-ANALYSIS ambiguity 8); only the cost-centre types stay fixed here.

export type Choice = { value: number; label: string };

/** `id_centro_costo_tipo`: 1 direct (the equipment's cost centre), 2 indirect. */
export const COST_CENTRE_TYPES: Choice[] = [
  { value: 1, label: 'Directo (equipo)' },
  { value: 2, label: 'Indirecto' },
];

/** The resource code a mobilisation type fixes, from its lookup item (`codigo_recurso`: seed 002
 * L55, type 2 → 2-044, type 3 → 4-046), or null when it fixes none. */
export function fixedResource(raw: Record<string, unknown> | undefined): string | null {
  const code = raw?.codigo_recurso;
  return typeof code === 'string' && code.trim() !== '' ? code.trim() : null;
}

/** The label of a code, '—' when it is empty, the bare number when it is unknown. */
export function choiceLabel(choices: Choice[], value: number | null | undefined): string {
  if (value === null || value === undefined) return '—';
  return choices.find((c) => c.value === value)?.label ?? String(value);
}

/** The request catalogues' lookups (services/api/catalogues: admin-editable, seed 002 ambiguity 8). */
export const LOOKUP = {
  tipos: '/fil_datas/solicitudes_tipos',
  clasificaciones: '/fil_datas/solicitudes_clasificaciones',
  recursos: '/fil_datas/recursos',
  centros: '/fil_datas/centros_costo_indirectos',
  elementos: '/fil_datas/centro_costo_indirecto_elementos',
  movilizacion: '/fil_datas/movilizacion_tipos',
  frentes: '/fil_datas/frentes_obra',
} as const;

/** A read-only text box of the form (code, requester, work order): shaded, its text in medium weight. */
export const READ_ONLY_INPUT = '[&_input]:bg-slate-50 [&_input]:font-medium';

/** The rows of the request's site (its work orders, fronts, equipment): asked for with its id;
 * before a site is chosen their field waits for it. */
export function siteRows(idObra: number | null) {
  return { params: idObra ? { id_obra: idObra } : undefined, waiting: 'Elija primero la obra' };
}
