// The fixed choices of the request form. Seed 002 names the ids but not what they mean
// (SEED-002-ANALYSIS §1.1 A codes and ambiguity 8): the request types and classifications are
// shown by number until their catalogues exist; the cost-centre types and the third-party
// cost-centre types with the resource codes the seed fixes for them.

export type Choice = { value: number; label: string };

/** `id_solicitudes_tipo`: 1 and 2 (names not given). */
export const REQUEST_TYPES: Choice[] = [
  { value: 1, label: 'Tipo 1' },
  { value: 2, label: 'Tipo 2' },
];

/** `id_solicitudes_clasificacion`: 1 and 2 (names not given). */
export const CLASSIFICATIONS: Choice[] = [
  { value: 1, label: 'Clasificación 1' },
  { value: 2, label: 'Clasificación 2' },
];

/** `id_centro_costo_tipo`: 1 direct (the equipment's cost centre), 2 indirect. */
export const COST_CENTRE_TYPES: Choice[] = [
  { value: 1, label: 'Directo (equipo)' },
  { value: 2, label: 'Indirecto' },
];

/** `id_solicitudes_movilizacion_terceros_tipocc`: 1, 2, 3; types 2 and 3 carry a fixed resource
 * code (seed 002 L55: 2-044 and 4-046). */
export const THIRD_PARTY_CC_TYPES: (Choice & { recurso: string | null })[] = [
  { value: 1, label: 'Tipo 1', recurso: null },
  { value: 2, label: 'Tipo 2 (recurso 2-044)', recurso: '2-044' },
  { value: 3, label: 'Tipo 3 (recurso 4-046)', recurso: '4-046' },
];

/** The label of a code, '—' when it is empty, the bare number when it is unknown. */
export function choiceLabel(choices: Choice[], value: number | null | undefined): string {
  if (value === null || value === undefined) return '—';
  return choices.find((c) => c.value === value)?.label ?? String(value);
}
