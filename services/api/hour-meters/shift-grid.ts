import { businessToday } from '@shared/time';
import { ApiError } from '../platform/api-error';
import type { ApiDeps } from '../platform/deps';
import type { Principal } from '../platform/principal';
import { userSites } from '../platform/site-scope';
import { readRegistrationRights, windowRefusal } from './registration-window';
import { TIPOS_TURNO, turnoSql } from './tipos-turno';

export const SHIFT_GRID_MSG = { obraNotFound: 'No se encontró la obra' } as const;

export type ShiftGridMachine = {
  id_equipo: number;
  codigo: string;
  descripcion: string;
  /** The start proposed for this shift: the end of the machine's previous active log, or its
   * registered reading when it has none; for the newest shift, the machine's current meter when
   * higher (its OT readings count: a lower end would be refused). */
  h_inicio: number;
  fuente: 'registro' | 'equipo';
  /** The log already stored in this slot (active or not): the grid shows it as saved. */
  registro: { id: number; h_inicio: number; h_fin: number; estado: number } | null;
};

/**
 * GET /horometros/turno (docs/modules/hour-meters.md "Shift readings in bulk"): one shift of one
 * site as the grid opens it. Every active machine of the site, ordered by code, with the start
 * proposed from the log just before the shift (the single dialog's continuity rule), and the log
 * already saved in the slot; plus the registration window of that shift for the caller. A site the
 * caller does not work on is a 404, as its records.
 */
export async function shiftGrid(
  deps: ApiDeps,
  options: { principal: Principal; idObra: number; fecha?: string; idTipoTurno?: number },
): Promise<Record<string, unknown>> {
  const { principal, idObra } = options;
  const sites = await userSites(deps, principal);
  const [obra] = await deps.sql<{ nombre: string }[]>`SELECT nombre FROM rm_obras WHERE id = ${idObra}`;
  if (!obra || (sites !== 'all' && !sites.includes(idObra))) throw new ApiError(404, SHIFT_GRID_MSG.obraNotFound);
  const now = deps.now();
  const fecha = options.fecha ?? businessToday(now);
  const idTipoTurno = options.idTipoTurno ?? TIPOS_TURNO[0].id;
  const start = turnoSql('h.id_tipo_turno', 'inicio');
  const here = turnoSql(String(Number(idTipoTurno)), 'inicio');
  const items = await deps.sql.unsafe<ShiftGridMachine[]>(
    `SELECT e.id::int AS id_equipo, e.codigo, coalesce(p.nombre, '') AS descripcion,
            CASE WHEN later.id IS NULL AND m.horometro > coalesce(prev.h_fin, e.horometro) THEN m.horometro
                 ELSE coalesce(prev.h_fin, e.horometro) END::int AS h_inicio,
            CASE WHEN later.id IS NULL AND m.horometro > coalesce(prev.h_fin, e.horometro) THEN 'equipo'
                 WHEN prev.h_fin IS NULL THEN 'equipo' ELSE 'registro' END AS fuente,
            CASE WHEN slot.id IS NULL THEN NULL
                 ELSE json_build_object('id', slot.id::int, 'h_inicio', slot.h_inicio, 'h_fin', slot.h_fin, 'estado', slot.estado::int) END AS registro
       FROM rm_equipos e
       LEFT JOIN rm_equipo_productos p ON p.id = e.id_equipo_producto
       LEFT JOIN rm_equipo_medidores m ON m.id_equipo = e.id
       LEFT JOIN LATERAL (
         SELECT h.id FROM rm_horometros h
          WHERE h.id_equipo = e.id AND h.estado = 1 AND (h.fecha, ${start}) > ($2::date, ${here}) LIMIT 1) later ON true
       LEFT JOIN LATERAL (
         SELECT h.h_fin FROM rm_horometros h
          WHERE h.id_equipo = e.id AND h.estado = 1 AND (h.fecha, ${start}) < ($2::date, ${here})
          ORDER BY h.fecha DESC, ${start} DESC LIMIT 1) prev ON true
       LEFT JOIN LATERAL (
         SELECT h.id, h.h_inicio, h.h_fin, h.estado FROM rm_horometros h
          WHERE h.id_equipo = e.id AND h.fecha = $2::date AND h.id_tipo_turno = $3
          ORDER BY h.estado DESC, h.id LIMIT 1) slot ON true
      WHERE e.id_obra = $1 AND e.estado = 1
      ORDER BY e.codigo, e.id`,
    [idObra, fecha, idTipoTurno],
  );
  const rights = await readRegistrationRights(deps, principal);
  const late = windowRefusal(rights, fecha, idTipoTurno, now);
  return {
    obra: obra.nombre,
    fecha,
    id_tipo_turno: idTipoTurno,
    items: [...items],
    puede_registrar: rights.allowed,
    registro_horometro: rights.allowedHours,
    exento_plazo: rights.exempt,
    en_plazo: late === null,
    plazo_msg: late,
  };
}
