/** A row of GET /horometros (services/api/horometros/horometro-list.ts). */
export type HorometroRow = {
  id: number;
  codigo: string | null;
  obra: string | null;
  fecha: string;
  fecha_creacion: string;
  turno: string;
  id_tipo_turno: number;
  id_equipo: number;
  id_obra: number;
  h_inicio: number;
  h_fin: number;
  horas_trabajadas: number;
  horas_programadas: number;
  fallas: number;
  disponibilidad: number | null;
  utilizacion: number | null;
  falla_operacional: number;
  falla_neta: number;
  falla_tajo: number;
  obs_operacional: string;
  obs_neta: string;
  obs_tajo: string;
  estado: number;
};
