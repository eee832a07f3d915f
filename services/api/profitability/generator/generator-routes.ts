import { randomUUID } from 'node:crypto';
import * as v from 'valibot';
import { generatorItems, type GeneratorState } from '../../../../shared/profitability-generator';
import { businessToday } from '../../../../shared/time';
import { txDb } from '../../../shared/boss';
import { PROFIT_PDF_QUEUE, reportsDir } from '../../../app/jobs/profitability-pdf';
import { reportFile } from '../../../../events/profit-report/decider';
import { ApiError, NOT_FOUND } from '../../platform/api-error';
import { jobQueue } from '../../platform/deps';
import { idList } from '../../platform/id-list';
import { defineRoute, fileReply, moduleAccess, type AnyRoute } from '../../platform/route';
import { readUpload } from '../../platform/upload/readUpload';
import { MSG_MESES, parametros } from '../profit-routes';
import { monthLabel, type GeneratorRequest } from '../../../app/profitability/generator-data';
import { generatorOptionsReply, generatorStartReply, generatorStatusReply } from '@shared/contracts/profitability-generator';

// Seed 002 §7 "Materials and KPIs": reportes_generacion/optionesReporteGeneracion and
// generarReporte, the profitability generator of /rentabilidad (issue 19). generarReporte answers
// at once with the report's id and address; a worker job (services/worker/profitability-pdf.ts)
// draws the PDF while GET /reportes_generacion/estado reports its progress. The state and the file
// are the asking user's only: anyone else gets 404.

export const RENTABILIDAD = '/rentabilidad';
export const MSG_SECTIONS = 'Seleccione al menos una sección';
export const MSG_TABS = 'Seleccione al menos un resultado de la sección';
export const MSG_MONTHS = 'Seleccione al menos un mes';
const MSG_NO_WORKER = 'El generador de reportes no está disponible';

const section = v.object({
  id: v.pipe(v.union([v.number(), v.string()], 'Sección no válida'), v.transform(Number), v.picklist([0, 1, 2, 3], 'Sección no válida')),
  children: v.pipe(
    v.array(v.pipe(v.union([v.number(), v.string()], 'Resultado no válido'), v.transform(Number), v.picklist([1, 2, 3, 4], 'Resultado no válido')), MSG_TABS),
    v.nonEmpty(MSG_TABS),
    v.check((xs) => new Set(xs).size === xs.length, 'Resultado repetido'),
  ),
});
const filter = v.nullish(
  v.object({
    id_obra: v.optional(idList(1000)),
    id_subgrupos: v.optional(idList(1000)),
    id_equipos: v.optional(idList(5000)),
    id_marcas: v.optional(idList(1000)),
    id_modelos: v.optional(idList(5000)),
  }),
);
const generateInput = v.object({
  dataBody: v.pipe(
    v.array(section, MSG_SECTIONS),
    v.nonEmpty(MSG_SECTIONS),
    v.check((xs) => new Set(xs.map((s) => s.id)).size === xs.length, 'Sección repetida'),
  ),
  selectedFilter: v.optional(v.pipe(v.array(filter, 'Filtros no válidos'), v.maxLength(4, 'Filtros no válidos')), []),
  selectedMeses: v.pipe(
    v.array(v.string(MSG_MESES), MSG_MONTHS),
    v.nonEmpty(MSG_MONTHS),
    v.check((xs) => xs.every((m) => /^\d{4}-(0[1-9]|1[0-2])$/.test(m)), MSG_MESES),
    v.maxLength(36, 'Hasta 36 meses'),
  ),
});
const byId = v.object({ id: v.pipe(v.string('Identificador inválido'), v.uuid('Identificador inválido')) });

const fileUrl = (id: string) => `/reportes_generacion/archivo?id=${id}`;
const statusUrl = (id: string) => `/reportes_generacion/estado?id=${id}`;

type ReportRow = { id: string; estado: GeneratorState; progreso: number; paginas: number; archivo: string | null; mensaje: string | null };

export function generatorRoutes(): AnyRoute[] {
  const access = moduleAccess(RENTABILIDAD, 'see');
  return [
    defineRoute({
      method: 'GET',
      path: '/reportes_generacion/optionesReporteGeneracion',
      access,
      summary: 'Opciones del generador de rentabilidad: items (las cuatro secciones con sus resultados y los filtros de cada una), obras, equipos, marcas, modelos, descripcion (subgrupos), meses (los meses con datos y el actual) y mes_actual',
      output: generatorOptionsReply,
      async handler({ deps, principal }) {
        const p = await parametros(deps, principal);
        const mes_actual = businessToday(deps.now()).slice(0, 7);
        const meses = p.meses.some((m) => m.id === mes_actual) ? p.meses : [{ id: mes_actual, nombre: monthLabel(mes_actual) }, ...p.meses];
        return { items: generatorItems(), obras: p.obras, equipos: p.equipos, marcas: p.marcas, modelos: p.modelos, descripcion: p.descripcion, meses, mes_actual };
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/reportes_generacion/generarReporte',
      access,
      summary: 'Genera el PDF de rentabilidad en segundo plano: dataBody (secciones elegidas en orden, cada una con sus resultados en orden: [{ id: 0-3, children: [1-4] }]), selectedFilter (filtros por sección, índice 0-3), selectedMeses (AAAA-MM). Responde al instante con id, url del archivo y estado (el avance)',
      input: generateInput,
      output: generatorStartReply,
      async handler({ input, deps, principal }) {
        const me = principal;
        const boss = jobQueue(deps, { status: 409, message: MSG_NO_WORKER });
        const id = randomUUID();
        const solicitud: GeneratorRequest = {
          dataBody: input.dataBody,
          selectedFilter: input.selectedFilter.map((f) => f ?? null),
          selectedMeses: [...new Set(input.selectedMeses)].sort(),
        };
        await deps.sql.begin(async (tx) => {
          await tx`INSERT INTO rentabilidad_reportes (id, id_user, solicitud) VALUES (${id}, ${me.userId}, ${tx.json(solicitud)})`;
          await boss.send(PROFIT_PDF_QUEUE, { id }, { db: txDb(tx) });
        });
        return { id, url: fileUrl(id), estado: statusUrl(id) };
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/reportes_generacion/estado',
      access,
      summary: 'Avance de un reporte generado (solo su autor): estado (pendiente, generando, listo, error), progreso 0-100, paginas y, cuando está listo, url del PDF',
      input: byId,
      output: generatorStatusReply,
      async handler({ input, deps, principal }) {
        const me = principal;
        const [r] = await deps.sql<ReportRow[]>`
          SELECT id::text, estado, progreso::int, paginas::int, archivo, mensaje FROM rentabilidad_reportes WHERE id = ${input.id} AND id_user = ${me.userId}`;
        if (!r) throw new ApiError(404, NOT_FOUND);
        return { item: { id: r.id, estado: r.estado, progreso: r.progreso, paginas: r.paginas, url: r.estado === 'listo' ? fileUrl(r.id) : null, mensaje: r.mensaje } };
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/reportes_generacion/archivo',
      access,
      summary: 'El PDF de un reporte generado, solo para su autor (409 mientras se genera)',
      input: byId,
      output: fileReply('application/pdf'),
      async handler({ input, deps, principal }) {
        const me = principal;
        const [r] = await deps.sql<ReportRow[]>`
          SELECT id::text, estado, progreso::int, paginas::int, archivo, mensaje FROM rentabilidad_reportes WHERE id = ${input.id} AND id_user = ${me.userId}`;
        if (!r) throw new ApiError(404, NOT_FOUND);
        const file = await readUpload(reportsDir(deps.config.dataDir), reportFile(r));
        if (!file) throw new ApiError(404, NOT_FOUND);
        return new Response(file.stream, {
          headers: {
            'content-type': 'application/pdf',
            'content-length': String(file.size),
            'content-disposition': `inline; filename="rentabilidad-${r.id.slice(0, 8)}.pdf"`,
            'cache-control': 'private, no-store',
            'x-content-type-options': 'nosniff',
          },
        });
      },
    }),
  ];
}
