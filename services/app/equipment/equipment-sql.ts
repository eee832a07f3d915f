import { BUSINESS_TODAY_SQL, businessDateSql } from '@shared/time';

// SQL expressions shared by the equipment list, its export and the form (trusted, from code).

/** The first month saved with the plan (rm_equipo_amortizaciones, one row per machine, joined as
 * `am`). A join, not a sub-select: with a sub-select as its argument PostgreSQL no longer inlines
 * equipo_cuota_amortizacion (measured: the list got 3-5 times slower). */
const SAVED_START = 'am.amortizacion_inicio';

/** The amortization plan's first month: the one saved with the plan, else the month of arrival,
 * else of purchase, else of registration (amortizationStart is the twin). */
const AMORTIZATION_START = `coalesce(${SAVED_START}, e.fecha_llegada, e.fecha_compra, ${businessDateSql('e.date_created')})`;

/** The insurance year starts on the arrival date, else the purchase date. */
const INSURANCE_START = 'coalesce(e.fecha_llegada, e.fecha_compra)';

/** The name of a referenced record, as a scalar sub-select: planning a ten-table join cost 15-70 ms
 * a query (measured), while these sub-selects plan in a few ms and run only for the rows that need
 * them (the page's rows, or every filtered row when the list sorts by them). The product (the
 * description) is joined instead: the search reads it on every row, where a sub-select per row
 * cost more than the join. */
const nameOf = (table: string, column: string) => `(SELECT nombre FROM ${table} WHERE id = e.${column})`;

export const EQUIPO_SQL = {
  from: 'rm_equipos e LEFT JOIN rm_equipo_productos p ON p.id = e.id_equipo_producto LEFT JOIN rm_equipo_amortizaciones am ON am.id = e.id',
  names: {
    obra: nameOf('rm_obras', 'id_obra'),
    grupo: nameOf('rm_equipo_grupos', 'id_equipo_grupo'),
    subgrupo: nameOf('rm_equipo_subgrupos', 'id_equipo_subgrupo'),
    descripcion: 'p.nombre',
    marca: nameOf('rm_marcas', 'id_marca'),
    modelo: nameOf('rm_modelos', 'id_modelo'),
    marcaMotor: nameOf('rm_marcas', 'id_marca_motor'),
    modeloMotor: nameOf('rm_modelos', 'id_modelo_motor'),
  },
  savedStart: SAVED_START,
  amortizationStart: AMORTIZATION_START,
  /** Seed 001 §3: costo_mes_actual (read only), this month's insurance cost. */
  /** Issue 20: the machine's current meter (projections/equipment-meter). */
  horometroActual: `coalesce((SELECT m.horometro FROM rm_equipo_medidores m WHERE m.id_equipo = e.id), e.horometro)`,
  costoMesActual: `equipo_seguro_mes(e.costo_anual_seguro, ${INSURANCE_START}, ${BUSINESS_TODAY_SQL})`,
  /** Seed 001 §3: pendiente_por_mes (read only), this month's amortization instalment; 0 while the
   * plan is disabled. */
  pendientePorMes: `CASE WHEN coalesce(am.amortizacion_estado, 1) = 1 THEN equipo_cuota_amortizacion(e.costo_adquisicion, e.amortizacion, ${AMORTIZATION_START}, ${BUSINESS_TODAY_SQL}) ELSE 0::numeric(14, 2) END`,
  /** The plan's own state (1 active, 0 disabled). */
  planEstado: 'coalesce(am.amortizacion_estado, 1)',
  day: (column: string) => `to_char(${column}, 'YYYY-MM-DD')`,
};
