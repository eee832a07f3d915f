// Seed 002 §8's empty states of its lists, verbatim (issue 29).

/** An empty list of seed 002's screens: requests, warehouses, transfers, stock and reports. */
export const NO_DATA = 'No hay datos';

/** A list filled by a search, before the search is made. */
export const USE_SEARCH = 'Use el buscador';
