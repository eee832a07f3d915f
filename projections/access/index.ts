import type { FieldChange } from '@shared/diff';
import type { Fields } from '../../events/record/record';
import type { InlineProjection } from '../types';

type Perm = { id_module: number; see: number | boolean; edit: number | boolean };

function permsOf(value: unknown): Perm[] {
  return Array.isArray(value) ? (value as Perm[]).filter((p) => Number.isInteger(Number(p?.id_module))) : [];
}

/** A profile's rights per module (seed 000 §3: perms as a list of id_module, see, edit), kept in
 * rm_role_permissions in the same transaction as the profile's event: a changed profile applies
 * to its users' next request. */
export const rolePermissionsProjection: InlineProjection = {
  name: 'role_permissions',
  handles: (e) => e.streamType === 'role' && (e.type === 'RecordCreated' || e.type === 'RecordUpdated' || e.type === 'RecordRemoved'),
  async apply(tx, events) {
    for (const e of events) {
      const roleId = Number(e.data.id);
      let perms: Perm[] | null = null;
      if (e.type === 'RecordCreated') perms = permsOf((e.data.fields as Fields).perms);
      if (e.type === 'RecordUpdated' && 'perms' in (e.data.changes as Record<string, FieldChange>)) {
        perms = permsOf((e.data.changes as Record<string, FieldChange>).perms.to);
      }
      if (e.type === 'RecordRemoved') perms = [];
      if (perms === null) continue;
      await tx`DELETE FROM rm_role_permissions WHERE id_role = ${roleId}`;
      const rows = perms.map((p) => ({
        id_role: roleId,
        id_module: Number(p.id_module),
        see: p.see || p.edit ? 1 : 0,
        edit: p.edit ? 1 : 0,
      }));
      if (rows.length) await tx`INSERT INTO rm_role_permissions ${tx(rows)} ON CONFLICT (id_role, id_module) DO UPDATE SET see = excluded.see, edit = excluded.edit`;
    }
  },
  async reset(tx) {
    await tx`TRUNCATE rm_role_permissions`;
  },
};
