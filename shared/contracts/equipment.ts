import * as v from 'valibot';
import { crudItem, crudReplies } from './platform';
import type { ListRow } from './platform';
import { day, estado, instant, money, optText, ref, rowId } from './platform';
import { EQUIPO_RULES } from '../equipment-rules';
import { EXPIRY_DOCUMENTS } from '../expiry-documents';

// The reply schemas of the equipment calls (seed 001 §2, §3, §7) and the types the web reads.
// Money is a decimal string with two decimals, dates 'YYYY-MM-DD'.

const tipoTarifa = () => v.picklist(EQUIPO_RULES.tarifas);

/** A row of GET /equipos. */
export const equipoRow = v.object({
  id: rowId(),
  codigo: v.string(),
  obra: optText(),
  codigo_sub_obra: v.string(),
  grupo: optText(),
  subgrupo: optText(),
  descripcion: optText(),
  marca: optText(),
  modelo: optText(),
  serie: v.string(),
  placa: v.string(),
  anio: v.nullable(v.number()),
  horometro: v.number(),
  tipo_tarifa: tipoTarifa(),
  tarifa: money(),
  costo_adquisicion: money(),
  costo_mes_actual: money(),
  pendiente_por_mes: money(),
  estado: estado(),
  id_obra: rowId(),
  id_equipo_grupo: rowId(),
  id_marca: rowId(),
});

/** The whole record (POST /equipos/form, the expanded row's detail); a new machine's form (id 0)
 * has empty references and no names. */
export const equipoItem = {
  id_obra: ref(),
  codigo_sub_obra: v.string(),
  cc: v.string(),
  codigo: v.string(),
  id_equipo_grupo: ref(),
  id_equipo_subgrupo: ref(),
  id_equipo_producto: ref(),
  id_marca: ref(),
  id_modelo: ref(),
  id_marca_motor: ref(),
  id_modelo_motor: ref(),
  motor_serie: v.string(),
  placa: v.string(),
  serie: v.string(),
  potencia: v.string(),
  capacidad: v.string(),
  anio: v.nullable(v.number()),
  horometro: v.number(),
  peso: v.string(),
  dimensiones: v.string(),
  proviene: v.string(),
  ubicacion: v.string(),
  costo_adquisicion: money(),
  observaciones: v.string(),
  garantia_compra: v.string(),
  fecha_compra: v.nullable(day()),
  fecha_baja: v.nullable(day()),
  fecha_llegada: v.nullable(day()),
  soat_vence: v.nullable(day()),
  rv_vence: v.nullable(day()),
  costo_anual_seguro: money(),
  amortizacion: v.number(),
  amortizacion_inicio: v.nullable(day()),
  amortizacion_inicio_efectivo: v.optional(v.nullable(day())),
  linea_amarilla_blanca: v.number(),
  tipo_tarifa: tipoTarifa(),
  horas: v.number(),
  tarifa: money(),
  costo_mes_actual: money(),
  pendiente_por_mes: money(),
  obra: v.optional(optText()),
  grupo: v.optional(optText()),
  subgrupo: v.optional(optText()),
  descripcion: v.optional(optText()),
  marca: v.optional(optText()),
  modelo: v.optional(optText()),
  marca_motor: v.optional(optText()),
  modelo_motor: v.optional(optText()),
};

export const equipoReplies = crudReplies(crudItem(equipoItem));

/** A month's state in the schedules: settled ('Amortizado' / 'Pagado'), 'En curso', 'Pendiente'. */
export const monthState = v.object({ id: v.picklist([1, 2, 3]), nombre: v.string(), color: v.string() });

export const movementsReply = v.object({
  items: v.array(
    v.object({
      version: rowId(),
      fecha: instant(),
      tipo: v.string(),
      obra_origen: optText(),
      obra_destino: optText(),
      cambios: v.array(v.object({ campo: v.string(), etiqueta: v.string(), de: v.string(), a: v.string() })),
      usuario: v.string(),
      usuario_original: optText(),
    }),
  ),
});

export const insuranceReply = v.object({
  items: v.array(v.object({ dias: v.number(), mes: v.number(), anio: v.number(), nombre: v.string(), costo: money(), estado: monthState })),
  desde: v.nullable(day()),
  hasta: v.nullable(day()),
  costo_anual_seguro: money(),
  costo_mes_actual: money(),
});

export const amortizationItem = v.object({
  id: rowId(),
  id_equipo: rowId(),
  codigo: v.string(),
  descripcion: optText(),
  costo_adquisicion: money(),
  amortizacion: v.number(),
  amortizacion_inicio: v.nullable(day()),
  saldo_restante: money(),
  meses_pendientes: v.number(),
  pendiente_por_mes: money(),
});

export const amortizationReply = v.object({ item: amortizationItem });

/** A row of GET /equipo_amortizacion: a machine with a plan. */
export const amortizationRow = v.object({
  id: rowId(), codigo: v.string(), descripcion: v.string(), costo_adquisicion: money(), amortizacion: v.number(), amortizacion_inicio: v.nullable(day()),
  pendiente_por_mes: money(), estado: estado(), id_equipo: rowId(),
});

export const amortizationScheduleReply = v.object({
  items: v.array(v.object({ anio: v.number(), mes: v.number(), nombre: v.string(), pendiente: money(), mes_restante: money(), estado: monthState })),
  costo_adquisicion: money(),
});

/** A document of a machine (GET /equipo_documentos and the document form). */
export const documentoItem = {
  id_equipo: ref(),
  titulo: v.string(),
  comentario: v.string(),
  documento_nombre: optText(),
  documento_bytes: v.nullable(v.number()),
  tiene_archivo: v.optional(v.boolean()),
};

export const documentosReply = v.object({
  items: v.array(v.object({ ...documentoItem, id: rowId(), id_equipo: rowId(), tiene_archivo: v.boolean(), estado: estado(), date_created: instant(), date_updated: instant() })),
  max_kb: v.number(),
});

export const equipoOption = { codigo: v.string(), descripcion: optText(), placa: v.string(), serie: v.string(), id_obra: rowId() };
export const productoOption = { id_equipo_grupo: rowId(), id_equipo_subgrupo: rowId() };
export const equipoSearchOption = { ...equipoOption, obra: optText() };

export type EquipoRow = ListRow<typeof equipoRow>;
export type EquipoItem = v.InferOutput<typeof equipoReplies.form>['item'];
export type MonthState = v.InferOutput<typeof monthState>;
export type Movement = v.InferOutput<typeof movementsReply>['items'][number];
export type InsuranceMonth = v.InferOutput<typeof insuranceReply>['items'][number];
export type AmortizationItem = v.InferOutput<typeof amortizationItem>;
export type AmortizationMonth = v.InferOutput<typeof amortizationScheduleReply>['items'][number];
export type EquipoDocumento = v.InferOutput<typeof documentosReply>['items'][number];

/** A row of GET /vencimientos. */
export const expiryRow = v.object({
  codigo: v.string(),
  placa: optText(),
  obra: v.string(),
  documento_nombre: v.string(),
  vence: day(),
  dias: v.number(),
  situacion: v.string(),
  id: v.string(),
  id_equipo: rowId(),
  id_obra: rowId(),
  documento: v.picklist(EXPIRY_DOCUMENTS.map((d) => d.id)),
  vencido: estado(),
});
