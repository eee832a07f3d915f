import { formatDate } from '@shared/time';
import type { Sql } from 'postgres';
import { ApiError } from '../platform/api-error';
import { HOROMETRO_MSG } from './hour-meter-messages';
import { turnoSql } from './tipos-turno';
import type { InfoHorometroEquipo } from '@shared/contracts/hour-meters';



/** Seed 001 §7 GET /horometros/infoHorometroEquipo: the start proposed for a machine's next log,
 * the end of its latest active log (by date, then the shift's start hour), or the machine's own
 * hour-meter reading when it has no log yet, with a message saying which. `sites` restricts the
 * machines to the caller's sites ('all' for everyone). */
export async function infoHorometroEquipo(sql: Sql, idEquipo: number, sites: number[] | 'all'): Promise<InfoHorometroEquipo> {
  const [equipo] = await sql<{ codigo: string; horometro: number; id_obra: number }[]>`SELECT codigo, horometro, id_obra FROM rm_equipos WHERE id = ${idEquipo}`;
  if (!equipo || (sites !== 'all' && !sites.includes(equipo.id_obra))) throw new ApiError(404, HOROMETRO_MSG.equipoNotFound);
  const start = turnoSql('id_tipo_turno', 'inicio');
  const [last] = await sql.unsafe<{ id: number; fecha: string; id_tipo_turno: number; turno: string; h_fin: number }[]>(
    `SELECT id, to_char(fecha, 'YYYY-MM-DD') AS fecha, id_tipo_turno::int AS id_tipo_turno, ${turnoSql('id_tipo_turno', 'nombre')} AS turno, h_fin
       FROM rm_horometros WHERE id_equipo = $1 AND estado = 1 ORDER BY fecha DESC, ${start} DESC LIMIT 1`,
    [idEquipo],
  );
  if (last) {
    return {
      msg: `Horómetro final del último registro de ${equipo.codigo} (${formatDate(last.fecha)}, turno ${last.turno}): ${last.h_fin}`,
      h_inicio: last.h_fin,
      fuente: 'registro',
      ultimo: last,
    };
  }
  return {
    msg: `${equipo.codigo} no tiene registros de horómetro: se propone la lectura registrada del equipo (${equipo.horometro})`,
    h_inicio: equipo.horometro,
    fuente: 'equipo',
    ultimo: null,
  };
}
