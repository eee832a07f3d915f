import { PROFIT_TABS, chartRows, firstColumn, tabColumns, tabRows, totalRow, type ProfitChart, type ProfitTab, type TabRow } from '../../../shared/profitability';
import {
  GENERATOR_FILTER_LABELS, GENERATOR_SEGMENTS, monthsPeriod, segmentFilter, type GeneratorFilter, type GeneratorFilterKey, type GeneratorSection,
} from '../../../shared/profitability-generator';
import { MONTH_NAMES } from '../../../shared/time';
import type { Sql } from 'postgres';
import type { SiteActor } from '../sites/user-sites';
import { loadProfitMachines } from './profit-query';

// The figures of a generated report: for each chosen section, the profitability chart's rows under
// the segment's filters and the chosen months (loadProfitMachines, the screen's own query), and for
// each chosen tab its table and TOTAL row (shared/profitability.ts: the same figures as the
// report screen's tabs).

/** What POST /reportes_generacion/generarReporte stores and the worker's job reads. */
export type GeneratorRequest = {
  dataBody: GeneratorSection[];
  /** Index = segment (0-3); keys a segment does not filter by are dropped. */
  selectedFilter: (GeneratorFilter | null)[];
  /** 'YYYY-MM'. */
  selectedMeses: string[];
};

export type GeneratorTable = { tab: ProfitTab; nombre: string; columns: string[]; rows: TabRow[]; total: TabRow };
export type GeneratorSectionData = { segmento: number; chart: ProfitChart; nombre: string; filtros: string[]; tables: GeneratorTable[] };

export const monthLabel = (ym: string) => `${MONTH_NAMES[Number(ym.slice(5, 7)) - 1]} ${ym.slice(0, 4)}`;

/** The names of the chosen filter values, for the section's heading ('Obras: Obra Norte, Obra Sur'). */
async function filterTexts(deps: { sql: Sql }, f: GeneratorFilter): Promise<string[]> {
  const tables: Record<GeneratorFilterKey, [string, string]> = {
    id_obra: ['rm_obras', 'nombre'], id_subgrupos: ['rm_equipo_subgrupos', 'nombre'], id_equipos: ['rm_equipos', 'codigo'],
    id_marcas: ['rm_marcas', 'nombre'], id_modelos: ['rm_modelos', 'nombre'],
  };
  const out: string[] = [];
  for (const [key, ids] of Object.entries(f) as [GeneratorFilterKey, number[]][]) {
    const [table, col] = tables[key];
    const rows = await deps.sql<{ n: string }[]>`SELECT ${deps.sql(col)} AS n FROM ${deps.sql(table)} WHERE id IN ${deps.sql(ids)} ORDER BY 1`;
    out.push(`${GENERATOR_FILTER_LABELS[key]}: ${rows.map((r) => r.n).join(', ') || '—'}`);
  }
  return out;
}

/** Every chosen section's tables, in the chosen order, under the sites of the user who asked. */
export async function loadGeneratorSections(deps: { sql: Sql }, actor: SiteActor, req: GeneratorRequest): Promise<GeneratorSectionData[]> {
  const period = monthsPeriod(req.selectedMeses);
  const out: GeneratorSectionData[] = [];
  for (const section of req.dataBody) {
    const segment = GENERATOR_SEGMENTS[section.id];
    const filter = segmentFilter(section.id, req.selectedFilter[section.id]);
    const machines = await loadProfitMachines(deps, actor, period, { ...filter, id_meses: req.selectedMeses });
    const items = chartRows(machines, segment.chart);
    out.push({
      segmento: section.id,
      chart: segment.chart,
      nombre: segment.nombre,
      filtros: await filterTexts(deps, filter),
      tables: section.children.map((tab) => ({
        tab,
        nombre: PROFIT_TABS[tab - 1].nombre,
        columns: [firstColumn(segment.chart), ...tabColumns(segment.chart, tab)],
        rows: tabRows(items, segment.chart, tab),
        total: totalRow(items, segment.chart, tab),
      })),
    });
  }
  return out;
}
