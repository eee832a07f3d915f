import type { Sql } from 'postgres';
import { EQUIPO_SQL } from '../../app/equipment/equipment-sql';

const d = EQUIPO_SQL.day;

/** The form's item (seed 001 §3 Equipment), also the expanded row's detail: every stored field
 * (dates 'YYYY-MM-DD', money as decimal strings), the names of the records it refers to, the
 * plan's saved and effective first month, and the read-only costo_mes_actual and
 * pendiente_por_mes. Null when there is no such machine. */
export async function loadEquipoItem(sql: Sql, id: number): Promise<Record<string, unknown> | null> {
  const [item] = await sql.unsafe(
    `SELECT e.id, e.id_obra, e.codigo_sub_obra, e.cc, e.codigo, e.id_equipo_grupo, e.id_equipo_subgrupo, e.id_equipo_producto,
            e.id_marca, e.id_modelo, e.id_marca_motor, e.id_modelo_motor, e.motor_serie, e.placa, e.serie, e.potencia, e.capacidad,
            e.anio, e.horometro, e.peso, e.dimensiones, e.proviene, e.ubicacion, e.costo_adquisicion, e.observaciones, e.garantia_compra,
            ${d('e.fecha_compra')} AS fecha_compra, ${d('e.fecha_baja')} AS fecha_baja, ${d('e.fecha_llegada')} AS fecha_llegada,
            ${d('e.soat_vence')} AS soat_vence, ${d('e.rv_vence')} AS rv_vence, e.costo_anual_seguro, e.amortizacion,
            ${d(EQUIPO_SQL.savedStart)} AS amortizacion_inicio, ${d(EQUIPO_SQL.amortizationStart)} AS amortizacion_inicio_efectivo,
            e.linea_amarilla_blanca, e.tipo_tarifa, e.horas, e.tarifa, e.estado, e.version,
            ${EQUIPO_SQL.costoMesActual} AS costo_mes_actual, ${EQUIPO_SQL.pendientePorMes} AS pendiente_por_mes, ${EQUIPO_SQL.planEstado} AS amortizacion_estado,
            ${EQUIPO_SQL.names.obra} AS obra, ${EQUIPO_SQL.names.grupo} AS grupo, ${EQUIPO_SQL.names.subgrupo} AS subgrupo,
            ${EQUIPO_SQL.names.descripcion} AS descripcion, ${EQUIPO_SQL.names.marca} AS marca, ${EQUIPO_SQL.names.modelo} AS modelo,
            ${EQUIPO_SQL.names.marcaMotor} AS marca_motor, ${EQUIPO_SQL.names.modeloMotor} AS modelo_motor
       FROM ${EQUIPO_SQL.from} WHERE e.id = $1`,
    [id],
  );
  return item ?? null;
}
