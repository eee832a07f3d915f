/** The functional-group element lookup of a work-order line. */
export const ELEMENT_LOOKUP = '/fil_datas/grupo_funcional_elementos';

/** Seed 001 §5: the element search needs 4 characters (the server's lookup answers nothing below). */
export const ELEMENT_SEARCH_MIN = 4;

/** How a line's element is searched (seed 001 §5 "element search needs 4 characters"): always
 * from 4 characters, over number and name; a chosen group narrows the search to its elements but
 * does not lift the minimum. */
export function elementSearch(idGrupo: number | null): { endpoint: string; params: Record<string, number> | undefined; minLength: number; placeholder: string } {
  return {
    endpoint: ELEMENT_LOOKUP,
    params: idGrupo ? { id_grupo_funcional: idGrupo } : undefined,
    minLength: ELEMENT_SEARCH_MIN,
    placeholder: idGrupo ? 'Elemento del grupo (4 caracteres)…' : 'Elemento (4 caracteres)…',
  };
}
