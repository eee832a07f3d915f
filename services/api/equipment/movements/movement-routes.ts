import { streamIdOf } from '../../../../events/store';
import { ApiError, NOT_FOUND } from '../../platform/api-error';
import { readById, type AnyRoute } from '../../platform/route';
import { equipoMovements, REF_KINDS, type MovementNames } from './equipmentMovements';
import { movementsReply } from '@shared/contracts/equipment';

const REF_TABLES: Record<string, string> = {
  grupo: 'rm_equipo_grupos',
  subgrupo: 'rm_equipo_subgrupos',
  producto: 'rm_equipo_productos',
  marca: 'rm_marcas',
  modelo: 'rm_modelos',
};

/** GET /equipos_movimientos (seed 001 §2 'equipment-movement history sub-table', §7 "payload not
 * shown"): built from the machine's own event stream, never from a projection, with user and
 * site names read now. */
export function movementRoutes(): AnyRoute[] {
  return [
    readById('/equipos', {
      path: '/equipos_movimientos',
      summary: 'Historial de movimientos de un equipo (alta, traslados entre obras y otros cambios importantes) con quién y cuándo',
      output: movementsReply,
      async handler({ input, deps }) {
        const { sql } = deps;
        const events = await deps.store.readStream(streamIdOf('equipo', input.id));
        if (events.length === 0) throw new ApiError(404, NOT_FOUND);
        const ids = { obras: new Set<number>(), users: new Set<number>(), refs: new Map<string, Set<number>>() };
        const note = (field: string, value: unknown) => {
          if (value === null || value === undefined || value === '') return;
          if (field === 'id_obra') ids.obras.add(Number(value));
          else if (field in REF_KINDS) {
            const kind = REF_KINDS[field];
            if (!ids.refs.has(kind)) ids.refs.set(kind, new Set());
            ids.refs.get(kind)!.add(Number(value));
          }
        };
        for (const e of events) {
          for (const u of [e.metadata.userId, e.metadata.originalUserId]) if (u != null) ids.users.add(Number(u));
          if (e.type === 'RecordCreated') note('id_obra', (e.data.fields as Record<string, unknown> | undefined)?.id_obra);
          if (e.type === 'EquipoTrasladado') for (const site of [e.data.id_obra_origen, e.data.id_obra_destino]) note('id_obra', site);
          if (e.type === 'RecordUpdated') {
            for (const [f, c] of Object.entries((e.data.changes ?? {}) as Record<string, { from: unknown; to: unknown }>)) {
              note(f, c.from);
              note(f, c.to);
            }
          }
        }
        const names: MovementNames = { obras: new Map(), users: new Map(), refs: new Map() };
        if (ids.obras.size) {
          for (const r of await sql<{ id: number; nombre: string }[]>`SELECT id, nombre FROM rm_obras WHERE id IN ${sql([...ids.obras])}`) names.obras.set(r.id, r.nombre);
        }
        if (ids.users.size) {
          const rows = await sql<{ id: number; name: string }[]>`
            SELECT id, concat_ws(' ', name, NULLIF(surname, '')) AS name FROM rm_users WHERE id IN ${sql([...ids.users])}`;
          for (const r of rows) names.users.set(r.id, r.name);
        }
        for (const [kind, set] of ids.refs) {
          const rows = await sql<{ id: number; nombre: string }[]>`SELECT id, nombre FROM ${sql(REF_TABLES[kind])} WHERE id IN ${sql([...set])}`;
          names.refs.set(kind, new Map(rows.map((r) => [r.id, r.nombre])));
        }
        return { items: equipoMovements(events, names) };
      },
    }),
  ];
}
