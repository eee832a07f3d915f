import { loadGeneratorSections, type GeneratorRequest } from '../services/app/profitability/generator-data';
import { writeProfitPdf } from '../services/app/profitability/generator-pdf';
import type { SiteActor } from '../services/app/sites/user-sites';
import type { Sql } from '../services/shared/db';
import { isRootRole } from '../shared/roles';
import { businessToday } from '../shared/time';
import { withScaleData } from './reports';
import { percentile, type BenchResult } from './stats';

/** Every section with every result over the 12 months up to `now`'s: the largest report the
 * generator draws (issue 19). */
export function fullYearRequest(now: Date): GeneratorRequest {
  const [y, m] = businessToday(now).split('-').map(Number);
  const selectedMeses = Array.from({ length: 12 }, (_, i) => {
    const d = new Date(Date.UTC(y, m - 12 + i, 1));
    return d.toISOString().slice(0, 7);
  });
  return { dataBody: [0, 1, 2, 3].map((id) => ({ id: id as 0 | 1 | 2 | 3, children: [1, 2, 3, 4] })), selectedFilter: [], selectedMeses };
}

/**
 * Times the profitability generator's job without the queue: the figures of one year, all sites
 * (the administrator sees every site), all four sections with their four results, and the PDF
 * drawn (the worker's generateProfitReport minus its writes to the report row and the file).
 * `runs` reports in a row on the database as it is.
 */
export async function measureProfitPdf(sql: Sql, runs = 5, now = new Date()): Promise<BenchResult> {
  const [u] = await sql<{ id: number; id_role: number }[]>`SELECT id::int, id_role::int FROM rm_users WHERE email = 'admin@faena.pe'`;
  const actor: SiteActor = { userId: u.id, roleId: u.id_role, isRoot: isRootRole(u.id_role) };
  const request = fullYearRequest(now);
  const times: number[] = [];
  let pages = 0;
  let rows = 0;
  let bytes = 0;
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    const sections = await loadGeneratorSections({ sql }, actor, request);
    const out = await writeProfitPdf({ usuario: 'bench', meses: request.selectedMeses, generado: now }, sections);
    times.push(performance.now() - t);
    pages = out.pages;
    bytes = out.pdf.length;
    rows = sections.reduce((n, s) => n + s.tables.reduce((m, tb) => m + tb.rows.length, 0), 0);
  }
  const [{ n }] = await sql<{ n: number }[]>`SELECT count(DISTINCT id_equipo)::int AS n FROM rm_kpi_equipo_mes WHERE mes >= ${`${request.selectedMeses[0]}-01`}::date`;
  return {
    name: `Profitability generator PDF: one year, all sites, 4 sections × 4 results, ${n} machines with figures`,
    figures: { runs, 'p50 ms': percentile(times, 50), 'p95 ms': percentile(times, 95), 'max ms': percentile(times, 100), pages, 'table rows': rows, 'PDF kB': Math.round(bytes / 1024) },
  };
}

/** `npm run bench -- rentabilidad-pdf`: `measureProfitPdf` on the reports' scale data
 * (bench/reports.ts `withScaleData`: 2,000 machines with a year of logs, 100,000 OTs, their parts). */
export async function profitPdfBench(serverUrl: string, runs = Number(process.env.BENCH_PROFIT_RUNS ?? 5)): Promise<BenchResult[]> {
  return withScaleData(serverUrl, async (sql) => [await measureProfitPdf(sql, runs)]);
}
