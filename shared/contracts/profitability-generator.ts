import * as v from 'valibot';
import { optText, rowId } from './platform';

// The replies of the profitability generator's calls (seed 002 §7, reportes_generacion; issue 19).

const opt = v.object({ id: rowId(), nombre: v.string() });

/** GET /reportes_generacion/optionesReporteGeneracion. */
export const generatorOptionsReply = v.object({
  items: v.array(v.object({
    id: v.picklist([0, 1, 2, 3]),
    nombre: v.string(),
    filtros: v.array(v.picklist(['id_obra', 'id_subgrupos', 'id_equipos', 'id_marcas', 'id_modelos'])),
    children: v.array(v.object({ id: v.picklist([1, 2, 3, 4]), nombre: v.string() })),
  })),
  obras: v.array(opt),
  equipos: v.array(opt),
  marcas: v.array(opt),
  modelos: v.array(v.object({ id: rowId(), nombre: v.string(), id_marca: rowId() })),
  descripcion: v.array(opt),
  meses: v.array(v.object({ id: v.string(), nombre: v.string() })),
  mes_actual: v.string(),
});

/** POST /reportes_generacion/generarReporte: the report's id, its file's address (relative to
 * /api; it answers 409 until the report is ready) and its status call. */
export const generatorStartReply = v.object({ id: v.string(), url: v.string(), estado: v.string() });

/** GET /reportes_generacion/estado. */
export const generatorStatusReply = v.object({
  item: v.object({
    id: v.string(),
    estado: v.picklist(['pendiente', 'generando', 'listo', 'error']),
    progreso: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(100)),
    paginas: v.pipe(v.number(), v.integer()),
    url: optText(),
    mensaje: optText(),
  }),
});

export type GeneratorOptionsReply = v.InferOutput<typeof generatorOptionsReply>;
export type GeneratorStatusReply = v.InferOutput<typeof generatorStatusReply>;
