import type { Sql } from 'postgres';
import { gastosTotales } from '@shared/site-expenses-lines';
import { GRUPOS, type GastoLinea } from '../../../events/site/types';
import { ApiError, NOT_FOUND } from '../platform/api-error';
import type { GastosObra, GastosReply } from '@shared/contracts/sites';

type Row = GastoLinea & { id_obra: number; version: number };

/** A site's general expenses as the screen shows them: its lines by section in line order, the
 * version they were read at (the highest line version: every event of the stream writes at least
 * one line, and one statement reads lines and version together) and the totals. 404 for an
 * unknown site. */
export async function loadGastos(sql: Sql, idObra: number): Promise<GastosReply> {
  const [obra] = await sql<GastosObra[]>`
    SELECT o.id, o.codigo, o.nombre, coalesce(e.nombre, '') AS empresa, o.ciudad, o.estado,
           o.gastos_generales::text AS gastos_generales, o.monto_total::text AS monto_total
      FROM rm_obras o LEFT JOIN rm_empresas e ON e.id = o.id_empresa
     WHERE o.id = ${idObra}`;
  if (!obra) throw new ApiError(404, NOT_FOUND);
  const rows = await sql<Row[]>`
    SELECT id, numero, grupo, concepto, info, usa_cantidad, disabled, regla, cantidad, monto, monto_total, version
      FROM rm_obra_gastos WHERE id_obra = ${idObra} ORDER BY numero`;
  const lineas: GastoLinea[] = rows.map(({ version: _v, ...l }) => l as GastoLinea);
  const reply = { obra, version: rows.reduce((max, r) => Math.max(max, r.version), 0), totales: gastosTotales(lineas) } as GastosReply;
  for (const grupo of GRUPOS) reply[grupo] = lineas.filter((l) => l.grupo === grupo);
  return reply;
}
