/** The equipment dialog's values (seed 001 §5 Equipment form): selects hold ids or null, the other
 * fields the text typed (money and numbers too, so what was typed is what the server checks). */
export type EquipoForm = {
  id_obra: number | null;
  codigo_sub_obra: string;
  cc: string;
  codigo: string;
  id_equipo_grupo: number | null;
  id_equipo_subgrupo: number | null;
  id_equipo_producto: number | null;
  id_marca: number | null;
  id_modelo: number | null;
  id_marca_motor: number | null;
  id_modelo_motor: number | null;
  motor_serie: string;
  placa: string;
  serie: string;
  potencia: string;
  capacidad: string;
  anio: string;
  horometro: string;
  peso: string;
  dimensiones: string;
  proviene: string;
  ubicacion: string;
  costo_adquisicion: string;
  observaciones: string;
  garantia_compra: string;
  fecha_compra: string;
  fecha_baja: string;
  fecha_llegada: string;
  soat_vence: string;
  rv_vence: string;
  costo_anual_seguro: string;
  amortizacion: string;
  linea_amarilla_blanca: 0 | 1;
  tipo_tarifa: 'MES' | 'HORA';
  horas: number | null;
  tarifa: string;
};

const TEXT_KEYS = [
  'codigo_sub_obra', 'cc', 'codigo', 'motor_serie', 'placa', 'serie', 'potencia', 'capacidad', 'peso', 'dimensiones', 'proviene', 'ubicacion',
  'observaciones', 'garantia_compra',
] as const;
const ID_KEYS = ['id_obra', 'id_equipo_grupo', 'id_equipo_subgrupo', 'id_equipo_producto', 'id_marca', 'id_modelo', 'id_marca_motor', 'id_modelo_motor'] as const;
const DATE_KEYS = ['fecha_compra', 'fecha_baja', 'fecha_llegada', 'soat_vence', 'rv_vence'] as const;
const MONEY_KEYS = ['costo_adquisicion', 'costo_anual_seguro', 'tarifa'] as const;

const text = (x: unknown) => (typeof x === 'string' || typeof x === 'number' ? String(x) : '');
const id = (x: unknown) => (x === null || x === undefined || x === '' || Number(x) === 0 ? null : Number(x));

/** Money shown for editing: '0.00' as empty, so a new field starts blank. */
const money = (x: unknown) => {
  const s = text(x);
  return s === '' || Number(s) === 0 ? '' : s;
};

/** The form item of POST /equipos/form → the dialog's values. */
export function equipoFormValues(item: Record<string, unknown>): EquipoForm {
  const out = {} as Record<string, unknown>;
  for (const k of TEXT_KEYS) out[k] = text(item[k]);
  for (const k of ID_KEYS) out[k] = id(item[k]);
  for (const k of DATE_KEYS) out[k] = text(item[k]).slice(0, 10);
  for (const k of MONEY_KEYS) out[k] = money(item[k]);
  out.anio = text(item.anio);
  out.horometro = Number(item.horometro) ? text(item.horometro) : '';
  out.amortizacion = Number(item.amortizacion) ? text(item.amortizacion) : '';
  out.linea_amarilla_blanca = Number(item.linea_amarilla_blanca) ? 1 : 0;
  out.tipo_tarifa = item.tipo_tarifa === 'MES' ? 'MES' : 'HORA';
  out.horas = Number(item.horas) ? Number(item.horas) : null;
  return out as EquipoForm;
}

/** The dialog's values → the body of POST /equipos/create (empty text stays '': the server turns
 * empty dates into null, empty money into 0.00 and reports required fields). */
export function equipoPayload(values: EquipoForm): Record<string, unknown> {
  return { ...values, horas: values.horas ?? 0 };
}
