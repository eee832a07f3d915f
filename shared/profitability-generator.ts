import { PROFIT_CHARTS, PROFIT_TABS, type ProfitChart, type ProfitTab } from './profitability';

// The profitability generator (/rentabilidad; seed 002 §2, §5, §9 "the generator's four
// segments"; SEED-002-ANALYSIS ambiguity 25): the sections a user picks are the four segments,
// one per profitability chart, and each section's children are the chart's four result tabs. The
// PDF prints the chosen sections in the chosen order, each chosen tab in the chosen order. Pure:
// the server (options, validation, the worker's PDF) and the screen share it.

export type GeneratorFilterKey = 'id_obra' | 'id_subgrupos' | 'id_equipos' | 'id_marcas' | 'id_modelos';

/** Seed 002 §9: segment 0 filters sites, description, equipment, brand and model; segments 1 and 2
 * sites and description; segment 3 description. 'Descripción' is the machine subgroup
 * (ambiguity 24). */
export const GENERATOR_SEGMENTS: readonly { id: 0 | 1 | 2 | 3; chart: ProfitChart; nombre: string; filtros: readonly GeneratorFilterKey[] }[] = [
  { id: 0, chart: 1, nombre: PROFIT_CHARTS[0].nombre, filtros: ['id_obra', 'id_subgrupos', 'id_equipos', 'id_marcas', 'id_modelos'] },
  { id: 1, chart: 2, nombre: PROFIT_CHARTS[1].nombre, filtros: ['id_obra', 'id_subgrupos'] },
  { id: 2, chart: 3, nombre: PROFIT_CHARTS[2].nombre, filtros: ['id_obra', 'id_subgrupos'] },
  { id: 3, chart: 4, nombre: PROFIT_CHARTS[3].nombre, filtros: ['id_subgrupos'] },
];

export const GENERATOR_FILTER_LABELS: Record<GeneratorFilterKey, string> = {
  id_obra: 'Obras',
  id_subgrupos: 'Descripción',
  id_equipos: 'Equipos',
  id_marcas: 'Marcas',
  id_modelos: 'Modelos',
};

/** The options' `items`: the sections with their children (the tabs). */
export function generatorItems() {
  return GENERATOR_SEGMENTS.map((s) => ({
    id: s.id,
    nombre: s.nombre,
    filtros: [...s.filtros],
    children: PROFIT_TABS.map((t) => ({ id: t.id, nombre: t.nombre })),
  }));
}

/** A chosen section (dataBody's entries): the segment and its chosen tabs, in order. */
export type GeneratorSection = { id: 0 | 1 | 2 | 3; children: ProfitTab[] };
export type GeneratorFilter = Partial<Record<GeneratorFilterKey, number[]>>;

/** The filter a segment applies: only the keys §9 gives it (others are dropped). */
export function segmentFilter(segment: 0 | 1 | 2 | 3, f: GeneratorFilter | null | undefined): GeneratorFilter {
  const out: GeneratorFilter = {};
  if (!f) return out;
  for (const k of GENERATOR_SEGMENTS[segment].filtros) if (f[k]?.length) out[k] = [...(f[k] ?? [])];
  return out;
}

/** A node of the picking tree: a section (`parent` null) or a tab of section `parent`. */
export type TreeKey = { parent: number | null; id: number };

/** Seed 002 §5: dragging is limited to depth 1 and stays within the same parent: a section moves
 * among the sections, a tab among its own section's tabs. Any other drop leaves the order as it
 * is. `order` holds every section with all its tabs in display order. */
export function moveInTree<S extends { id: number; children: { id: number }[] }>(order: S[], from: TreeKey, to: TreeKey): S[] {
  if (from.parent !== to.parent) return order;
  const move = <T extends { id: number }>(xs: T[]): T[] => {
    const a = xs.findIndex((x) => x.id === from.id);
    const b = xs.findIndex((x) => x.id === to.id);
    if (a < 0 || b < 0 || a === b) return xs;
    const out = [...xs];
    const [item] = out.splice(a, 1);
    out.splice(b, 0, item);
    return out;
  };
  if (from.parent === null) return move(order);
  return order.map((s) => (s.id === from.parent ? { ...s, children: move(s.children) } : s));
}

/** The months of the request, sorted: the period runs from the first's first day to the last's last. */
export function monthsPeriod(months: string[]): { date_from: string; date_to: string } {
  const sorted = [...months].sort();
  const last = sorted[sorted.length - 1];
  const [y, m] = [Number(last.slice(0, 4)), Number(last.slice(5, 7))];
  const end = new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
  return { date_from: `${sorted[0]}-01`, date_to: end };
}

/** Report states as the status call answers them. */
export type GeneratorState = 'pendiente' | 'generando' | 'listo' | 'error';
