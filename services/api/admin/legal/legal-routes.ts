import type { Sql } from 'postgres';
import * as v from 'valibot';
import { adminStreams } from '../../../../projections/admin-content/admin-streams';
import { executeOn } from '../../../../events/execute';
import { SAVED } from '../../platform/define-crud';
import { defineRoute, moduleAccess, type AnyRoute } from '../../platform/route';
import { saveRecord } from '../settings/save-record';
import { legalText } from '../../../../events/legal/decider';
import { sanitizeLegal } from '../../../../events/legal/sanitize-legal';
import { legalReply } from '@shared/contracts/admin';

export { NOTHING_TO_RESTORE } from '../../../../events/legal/decider';

const MODULE = '/legal';
export const LEGAL_MAX_BYTES = 200 * 1024;
export const RESTORED = 'Restaurado correctamente';

async function currentLegal(sql: Sql): Promise<string> {
  const [row] = await sql<{ legal: string }[]>`SELECT legal FROM rm_legal WHERE id = ${adminStreams.legal.id}`;
  // Sanitised again on the way out: whatever reached the table, no script reaches a browser.
  return sanitizeLegal(row?.legal ?? '');
}

/** /legal (seed 000): the legal text, edited with a rich-text editor, on the `legal-1` record
 * stream. Every save and restore is an event; the HTML is sanitised on the server. */
export function legalRoutes(): AnyRoute[] {
  return [
    defineRoute({
      method: 'GET',
      path: '/legal/form',
      access: moduleAccess(MODULE, 'see'),
      summary: 'Texto legal (HTML saneado)',
      output: legalReply,
      async handler({ deps }) {
        return { item: { legal: await currentLegal(deps.sql) } };
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/legal/save',
      access: moduleAccess(MODULE, 'edit'),
      summary: 'Guardar el texto legal (HTML de hasta 200 KB; se quitan scripts, atributos on* y direcciones javascript:)',
      input: v.object({
        legal: v.pipe(
          v.string('Debe ser texto'),
          v.check((s) => Buffer.byteLength(s) <= LEGAL_MAX_BYTES, 'El texto legal no puede superar los 200 KB'),
        ),
      }),
      output: legalReply,
      async handler({ input, deps, metadata }) {
        const legal = sanitizeLegal(input.legal);
        await saveRecord(deps.store, adminStreams.legal.type, adminStreams.legal.id, { legal }, { metadata });
        return { msg: SAVED, item: { legal: await currentLegal(deps.sql) } };
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/legal/restore',
      access: moduleAccess(MODULE, 'edit'),
      summary: 'Restaurar la versión guardada anterior del texto legal (un evento nuevo; repetirlo retrocede otra versión)',
      output: legalReply,
      async handler({ deps, metadata }) {
        await executeOn(deps.store, legalText, adminStreams.legal.id, { type: 'RestoreLegal', id: adminStreams.legal.id }, { metadata });
        return { msg: RESTORED, item: { legal: await currentLegal(deps.sql) } };
      },
    }),
  ];
}
