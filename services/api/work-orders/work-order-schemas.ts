import * as v from 'valibot';
import { documentLineSchema } from '../platform/upload/documentRows';
import { DATE_OUT_OF_RANGE, flag, id, int, positiveId, text, withRules, yearInRange } from '../platform/fields';
import { isValidRuc } from './ruc/ruc-lookup';

// Schemas of the work-order calls (seed 001 §7). Multipart fields arrive as text: the four row
// lists travel as JSON strings (or arrays in a JSON body); documents' files as `documento_{n}`.

const MSG_NUMBER = 'Debe ser un número';

/** 'YYYY-MM-DD HH:mm' (also with 'T' or seconds) or empty → null. */
export const dateTime = () =>
  v.pipe(
    v.optional(v.nullable(v.string('Fecha inválida')), null),
    v.transform((s) => (s === null || s === undefined || s.trim() === '' ? null : s.trim().replace('T', ' ').slice(0, 16))),
    v.check((s) => s === null || /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/.test(s), 'Fecha inválida (dd/mm/aaaa hh:mm)'),
    v.check((s) => {
      if (s === null) return true;
      const d = new Date(`${s.replace(' ', 'T')}:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 16).replace('T', ' ') === s;
    }, 'Fecha inválida'),
    v.check((s) => s === null || yearInRange(s), DATE_OUT_OF_RANGE),
  );

/** A non-negative decimal (hour-meter, kilometraje) from a number or numeric text; empty → null. */
export const optionalDecimal = (max = 9_999_999) =>
  v.pipe(
    v.optional(v.nullable(v.union([v.number(MSG_NUMBER), v.string(MSG_NUMBER)], MSG_NUMBER)), null),
    v.transform((x) => (x === null || x === undefined || (typeof x === 'string' && x.trim() === '') ? null : Number(x))),
    v.check((x) => x === null || Number.isFinite(x), MSG_NUMBER),
    v.check((x) => x === null || (x >= 0 && x <= max), `Debe estar entre 0 y ${max}`),
  );

export const optionalId = () =>
  v.pipe(
    v.optional(v.nullable(v.union([v.number(), v.string()], 'Identificador inválido')), null),
    v.transform((x) => (x === null || x === undefined || x === '' || x === 0 || x === '0' ? null : Number(x))),
    v.check((x) => x === null || (Number.isSafeInteger(x) && x > 0), 'Identificador inválido'),
  );

const smallInt = (max: number, message: string) => v.optional(v.pipe(int(), v.minValue(0, message), v.maxValue(max, message)), 0);

export const workLineSchema = v.object({
  id: v.optional(id(), 0),
  id_grupo_funcional: optionalId(),
  id_grupo_funcional_elemento: optionalId(),
  descripcion: v.optional(text(500), ''),
  // Seed 001 §5: horas and minutos default to 0.
  horas: smallInt(9999, 'Entre 0 y 9999'),
  minutos: smallInt(59, 'Entre 0 y 59'),
  observacion: v.optional(text(500), ''),
});

export const partLineSchema = v.object({
  id: v.optional(id(), 0),
  id_grupo_funcional: optionalId(),
  id_grupo_funcional_elemento: optionalId(),
  descripcion: v.optional(text(500), ''),
  id_unidad: optionalId(),
  id_material: optionalId(),
  codigo_material: v.optional(text(100), ''),
  id_material_tipo: optionalId(),
  solicitud_material: v.optional(flag(), 0),
  cantidad_solicitada_por_tecnico: v.pipe(
    v.optional(v.union([v.number(MSG_NUMBER), v.string(MSG_NUMBER)], MSG_NUMBER), 0),
    v.transform(Number),
    v.check((x) => Number.isFinite(x) && x >= 0 && x <= 1_000_000, 'Cantidad inválida'),
  ),
});

/** A list sent as a JSON string (multipart) or as an array (JSON body). */
export const listOf = <S extends v.GenericSchema>(item: S, max = 200) =>
  v.pipe(
    v.optional(v.union([v.string(), v.array(v.unknown())], 'Lista inválida'), []),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      if (Array.isArray(dataset.value)) return dataset.value;
      try {
        const parsed: unknown = JSON.parse(dataset.value === '' ? '[]' : dataset.value);
        if (Array.isArray(parsed)) return parsed;
      } catch {
        // fall through
      }
      addIssue({ message: 'Lista inválida' });
      return NEVER;
    }),
    v.maxLength(max, `Máximo ${max} filas`),
    v.array(item),
  );

export const saveInputSchema = v.object({
  id: v.optional(id(), 0),
  /** The version the form was loaded at (409 when the order moved on since). */
  version: v.optional(v.pipe(int(), v.minValue(0)), 0),
  id_obra: optionalId(),
  id_equipo: optionalId(),
  placa_equipo: v.optional(text(50), ''),
  serie_equipo: v.optional(text(100), ''),
  fecha_parada: dateTime(),
  fecha_puesta_marcha: dateTime(),
  fecha_apertura_ot: dateTime(),
  fecha_cierre_ot: dateTime(),
  horometro_parada: optionalDecimal(),
  horometro_puesta_marcha: optionalDecimal(),
  horometro_apertura_ot: optionalDecimal(),
  horometro_cierre_ot: optionalDecimal(),
  kilometraje: optionalDecimal(99_999_999),
  tercero_ruc: v.optional(v.pipe(text(11), v.regex(/^(\d{11})?$/, 'El RUC tiene 11 dígitos')), ''),
  tercero_razon_social: v.optional(text(500), ''),
  id_operador: optionalId(),
  id_mecanico: optionalId(),
  id_supervisor: optionalId(),
  firma_operador: v.optional(flag(), 0),
  firma_mecanico: v.optional(flag(), 0),
  firma_supervisor: v.optional(flag(), 0),
  sin_productos: v.optional(flag(), 0),
  /** Issue 19: 1 MP, 2 MC, 3 MCD (the catalogue /tipos_mantenimiento names them); absent: MC. */
  id_tipo_mantenimiento: v.optional(v.pipe(v.union([v.number(), v.pipe(v.string(), v.regex(/^\d{1,2}$/, 'Tipo de mantenimiento no válido'), v.transform(Number))]), v.picklist([1, 2, 3], 'Elija el tipo de mantenimiento: preventivo (MP), correctivo (MC) o MCD')), 2),
  /** 1 = CIERRE TOTAL; otherwise CIERRE MECANICO. */
  terminado: v.optional(flag(), 0),
  /** The replicated (original) order when saving a replica. */
  rechazado_id: optionalId(),
  /** Issue 20: a new OT opened from a due preventive-maintenance plan of its machine (plan 0: the
   * subgroup's); the save links it to the plan (one open OT per plan). */
  id_pm_plan: v.optional(v.nullable(id())),
  diagnosticos: listOf(workLineSchema),
  intervenciones: listOf(workLineSchema),
  productos_solicitados: listOf(partLineSchema),
  documentos: listOf(documentLineSchema, 50),
});
export type SaveInput = v.InferOutput<typeof saveInputSchema>;

export const tablaSchema = v.picklist(['diagnosticos', 'intervenciones', 'productos_solicitados', 'documentos'], 'Tabla no válida');

export const formInputSchema = v.object({
  id: v.optional(id(), 0),
  replicar: v.optional(v.pipe(v.union([v.boolean(), v.picklist(['true', 'false', '1', '0'])]), v.transform((x) => x === true || x === 'true' || x === '1')), false),
  /** Issue 20: a new OT (id 0) pre-filled from this machine's plan `id_pm_plan`. */
  id_equipo: v.optional(positiveId()),
  id_pm_plan: v.optional(id()),
});

export const removeLineInputSchema = v.object({ tabla: tablaSchema, id: positiveId(), version: v.optional(v.pipe(int(), v.minValue(0))) });
export const removeDocumentInputSchema = v.object({ id: positiveId(), version: v.optional(v.pipe(int(), v.minValue(0))) });
export const idInputSchema = v.object({ id: positiveId() });
export const detailInputSchema = v.object({ tabla: tablaSchema, id_orden_trabajo: positiveId() });
export const timelineInputSchema = v.object({ id_orden_trabajo: positiveId() });
export const serviceRequestInputSchema = v.object({ id_orden_trabajo: positiveId() });
const RUC_INVALID = 'El RUC no es válido';

/** A RUC to look up: 11 digits, then SUNAT's check digit, refused on the form's third-party field. */
export const rucInputSchema = withRules(
  v.object({ ruc: v.pipe(v.string('Ingrese el RUC'), v.trim(), v.regex(/^\d{11}$/, 'El RUC tiene 11 dígitos')) }),
  { field: 'tercero_ruc', refuses: (input) => !isValidRuc(input.ruc), message: RUC_INVALID, headline: true },
);
