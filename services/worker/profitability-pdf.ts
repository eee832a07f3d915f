import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { PgBoss } from 'pg-boss';
import type { Sql } from 'postgres';
import { isRootRole } from '../../shared/roles';
import { loadGeneratorSections, type GeneratorRequest } from '../app/profitability/generator-data';
import { writeProfitPdf } from '../app/profitability/generator-pdf';
import type { SiteActor } from '../app/sites/user-sites';
import type { Logger } from '../shared/logger';
import { MSG_REPORT_FAILED, PROFIT_PDF_QUEUE, reportsDir } from '../app/jobs/profitability-pdf';

// Issue 19, the profitability generator's job: POST /reportes_generacion/generarReporte writes a
// rentabilidad_reportes row and this job in one transaction; the job reads the figures under the
// sites of the user who asked (as the report screen would show them to that user), draws the PDF
// and stores it under <dataDir>/reportes with an unguessable name, moving the row's progress
// (0-100) and pages as each table is drawn. A retried job starts the report again; a report that
// fails is marked 'error' with a Spanish message and not retried.

type Deps = { sql: Sql; dataDir: string; log: Logger; now?: () => Date };
type Row = { id: string; id_user: number; solicitud: GeneratorRequest; id_role: number; nombre: string };

/** Who asked, for the site scope of the figures: the user's profile and sites as they are when the
 * job runs. */
const actorOf = (r: Row): SiteActor => ({ userId: Number(r.id_user), roleId: Number(r.id_role), isRoot: isRootRole(Number(r.id_role)) });

/** Generates report `id`; returns the stored file's name (null: no such pending report). */
export async function generateProfitReport(deps: Deps, id: string): Promise<string | null> {
  const { sql } = deps;
  const now = deps.now ?? (() => new Date());
  const [row] = await sql<Row[]>`
    UPDATE rentabilidad_reportes r SET estado = 'generando', progreso = 1, paginas = 0
      FROM rm_users u
     WHERE r.id = ${id} AND u.id = r.id_user AND r.estado IN ('pendiente', 'generando')
    RETURNING r.id, r.id_user, r.solicitud, u.id_role, trim(u.name || ' ' || coalesce(u.surname, '')) AS nombre`;
  if (!row) return null;
  try {
    const sections = await loadGeneratorSections({ sql }, actorOf(row), row.solicitud);
    await sql`UPDATE rentabilidad_reportes SET progreso = 10 WHERE id = ${id}`;
    let shown = 10;
    const { pdf, pages } = await writeProfitPdf({ usuario: row.nombre, meses: row.solicitud.selectedMeses, generado: now() }, sections, async (done, total, pages) => {
      const progreso = Math.min(95, 10 + Math.floor((done / total) * 85));
      if (progreso === shown) return;
      shown = progreso;
      await sql`UPDATE rentabilidad_reportes SET progreso = ${progreso}, paginas = ${pages} WHERE id = ${id}`;
    });
    const dir = reportsDir(deps.dataDir);
    await mkdir(dir, { recursive: true, mode: 0o750 });
    const name = `${randomBytes(16).toString('hex')}.pdf`;
    await writeFile(join(dir, name), pdf, { flag: 'wx', mode: 0o640 });
    await sql`UPDATE rentabilidad_reportes SET estado = 'listo', progreso = 100, paginas = ${pages}, archivo = ${name}, finished_at = now() WHERE id = ${id}`;
    return name;
  } catch (error) {
    deps.log.error('profitability report failed', { id, error: (error as Error).message });
    await sql`UPDATE rentabilidad_reportes SET estado = 'error', mensaje = ${MSG_REPORT_FAILED}, finished_at = now() WHERE id = ${id}`;
    return null;
  }
}

export async function startProfitPdfWorker(boss: PgBoss, deps: Deps) {
  await boss.work<{ id: string }>(PROFIT_PDF_QUEUE, { pollingIntervalSeconds: 0.5, batchSize: 1 }, async (jobs) => {
    for (const job of jobs) await generateProfitReport(deps, job.data.id);
  });
}
