/** Replies of the equipment calls (docs/API.md, services/api/equipos). Money is a decimal string
 * with two decimals, dates 'YYYY-MM-DD'. */

/** A row of GET /equipos. */
export type EquipoRow = {
  id: number;
  codigo: string;
  obra: string | null;
  codigo_sub_obra: string;
  grupo: string | null;
  subgrupo: string | null;
  descripcion: string | null;
  marca: string | null;
  modelo: string | null;
  serie: string;
  placa: string;
  anio: number | null;
  horometro: number;
  tipo_tarifa: 'MES' | 'HORA';
  tarifa: string;
  costo_adquisicion: string;
  costo_mes_actual: string;
  pendiente_por_mes: string;
  estado: number;
  id_obra: number;
  id_equipo_grupo: number;
  id_marca: number;
};

/** The whole record (POST /equipos/form): the expanded row's detail. */
export type EquipoItem = Omit<EquipoRow, 'id_equipo_grupo' | 'id_marca'> & {
  cc: string;
  marca_motor: string | null;
  modelo_motor: string | null;
  motor_serie: string;
  potencia: string;
  capacidad: string;
  peso: string;
  dimensiones: string;
  proviene: string;
  ubicacion: string;
  observaciones: string;
  garantia_compra: string;
  fecha_compra: string | null;
  fecha_baja: string | null;
  fecha_llegada: string | null;
  soat_vence: string | null;
  rv_vence: string | null;
  costo_anual_seguro: string;
  amortizacion: number;
  amortizacion_inicio_efectivo: string | null;
  linea_amarilla_blanca: number;
  horas: number;
};

/** A month's state in the schedules: settled ('Amortizado' / 'Pagado'), 'En curso', 'Pendiente'. */
export type MonthState = { id: 1 | 2 | 3; nombre: string; color: string };

export type Movement = {
  version: number;
  fecha: string;
  tipo: string;
  obra_origen: string | null;
  obra_destino: string | null;
  cambios: { campo: string; etiqueta: string; de: string; a: string }[];
  usuario: string;
  usuario_original: string | null;
};

export type InsuranceMonth = { dias: number; mes: number; anio: number; nombre: string; costo: string; estado: MonthState };

export type AmortizationItem = {
  id: number;
  id_equipo: number;
  codigo: string;
  descripcion: string | null;
  costo_adquisicion: string;
  amortizacion: number;
  amortizacion_inicio: string | null;
  saldo_restante: string;
  meses_pendientes: number;
  pendiente_por_mes: string;
};

export type AmortizationMonth = { anio: number; mes: number; nombre: string; pendiente: string; mes_restante: string; estado: MonthState };

export type EquipoDocumento = {
  id: number;
  id_equipo: number;
  titulo: string;
  comentario: string;
  documento_nombre: string | null;
  documento_bytes: number | null;
  tiene_archivo: boolean;
  estado: number;
  date_created: string;
  date_updated: string;
};

/** What the row menu opens for a machine. */
export type EquipoTarget = { id: number; codigo: string; descripcion: string | null };
