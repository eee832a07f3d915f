import type { FieldChange } from '@shared/diff';
import type { Fields } from '../../events/record/record';
import type { InlineProjection } from '../types';
import { adminStreams } from './admin-streams';

/** The legal text's read model (rm_legal), kept in the append's transaction: the reply to a save
 * or a restore already reads the new text. */
export const legalProjection: InlineProjection = {
  name: 'admin_legal',
  handles: (e) => e.streamType === adminStreams.legal.type && e.type.startsWith('Record'),
  async apply(tx, events) {
    for (const e of events) {
      const id = Number(e.data.id);
      if (e.type === 'RecordCreated') {
        const legal = String((e.data.fields as Fields).legal ?? '');
        await tx`INSERT INTO rm_legal (id, legal, version, date_updated) VALUES (${id}, ${legal}, ${e.version}, ${e.occurredAt})
          ON CONFLICT (id) DO UPDATE SET legal = excluded.legal, version = excluded.version, date_updated = excluded.date_updated`;
      } else if (e.type === 'RecordUpdated') {
        const changes = e.data.changes as Record<string, FieldChange>;
        if ('legal' in changes) {
          await tx`UPDATE rm_legal SET legal = ${String(changes.legal.to ?? '')}, version = ${e.version}, date_updated = ${e.occurredAt}
            WHERE id = ${id}`;
        } else {
          await tx`UPDATE rm_legal SET version = ${e.version}, date_updated = ${e.occurredAt} WHERE id = ${id}`;
        }
      } else if (e.type === 'RecordRemoved') {
        await tx`DELETE FROM rm_legal WHERE id = ${id}`;
      }
    }
  },
  async reset(tx) {
    await tx`TRUNCATE rm_legal`;
  },
};
