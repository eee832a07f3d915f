import * as v from 'valibot';
import { FILE_AFTER_FIRST_SAVE, refuseFileBeforeFirstSave } from '../../../../events/equipment/document';
import { ApiError, NOT_FOUND } from '../../platform/api-error';
import { defineCrud } from '../../platform/define-crud';
import { positiveId, requiredText } from '../../platform/fields';
import { defineRoute, fileReply, moduleAccess, type AnyRoute, type RouteContext } from '../../platform/route';
import { checkUpload } from '../../platform/upload/checkUpload';
import { readUpload } from '../../platform/upload/readUpload';
import { removeUpload } from '../../platform/upload/removeUpload';
import { storeUpload } from '../../platform/upload/storeUpload';
import type { UploadPolicy } from '../../platform/upload/types';
import { optionalText, requiredRef, TEXT_MAX } from '../equipment-schemas';
import { contentDisposition } from '@shared/text';
import { withKindExtension } from '../../platform/upload/withKindExtension';
import { withHandler } from '../equipment-crud-routes';
import { documentoItem, documentosReply } from '@shared/contracts/equipment';

/** Seed 001 §5, Equipment document: the largest file accepted, in KB (1 KB = 1024 bytes): 10 MB,
 * enough for a scanned manual or a spreadsheet of parts. The form's item carries it as `max_kb`,
 * so the web's file picker refuses larger files with the same message before sending them. */
export const EQUIPO_DOCUMENTO_MAX_KB = 10_240;

export { FILE_AFTER_FIRST_SAVE };
export const NO_FILE = 'El documento no tiene archivo adjunto';
export const OTHER_EQUIPMENT = 'El documento pertenece a otro equipo';

/** Seed 001 §3/§5: `documento` is a PDF or an Excel workbook (xlsx, xls), decided from its bytes. */
export const DOCUMENT_POLICY: UploadPolicy = { field: 'documento', maxKb: EQUIPO_DOCUMENTO_MAX_KB, accept: ['pdf', 'xlsx', 'xls'] };

async function storedName(ctx: RouteContext<Record<string, unknown>>, id: number): Promise<string | null | undefined> {
  const [row] = await ctx.deps.sql<{ documento: string | null }[]>`SELECT documento FROM rm_equipo_documentos WHERE id = ${id}`;
  return row ? row.documento : undefined;
}

/** Equipment documents (seed 001 §3 'Equipment document', §5, §7): generic modal CRUD on
 * /equipo_documentos (entity `equipo_documento`, read model rm_equipo_documentos), the list of one
 * machine's documents and the download.
 * - create: titulo required, comentario optional; a file in `documento` only on an edit (id > 0):
 *   on a new document it is refused with FILE_AFTER_FIRST_SAVE (events/equipment/document.ts).
 *   The file is checked by content and size (DOCUMENT_POLICY; over the limit: 'Archivo muy
 *   pesado, el límite es de {max} KB.') before anything is written; it is stored, then the event;
 *   if the save fails the stored file is removed,
 *   so a refused save leaves neither event nor file. The original name and size are kept for the
 *   download; the replaced file is deleted once the new one is saved;
 * - remove: the record, then its file;
 * - enable, disable: the document's state (issue 13, item 21), as every generic CRUD;
 * - downloadFile: the stored bytes with the original name. */
export function documentRoutes(): AnyRoute[] {
  const [form, create, remove, enable, disable] = defineCrud({
    endpoint: '/equipo_documentos',
    module: '/equipos',
    entity: 'equipo_documento',
    title: 'documento de equipo',
    table: 'rm_equipo_documentos',
    item: documentoItem,
    fields: {
      id_equipo: requiredRef(),
      titulo: requiredText(TEXT_MAX),
      comentario: optionalText(),
      // Set only from a checked upload (the wrapper below), never from the client.
      documento: v.optional(v.string()),
      documento_nombre: v.optional(v.string()),
      documento_bytes: v.optional(v.number()),
    },
    defaults: { id_equipo: null, titulo: '', comentario: '', documento: null, documento_nombre: null, documento_bytes: null },
    uploads: [DOCUMENT_POLICY],
    async validate(fields, { id, deps }) {
      const [equipo] = await deps.sql`SELECT 1 FROM rm_equipos WHERE id = ${fields.id_equipo}`;
      if (!equipo) return { id_equipo: 'El equipo no existe' };
      if (id > 0) {
        const [doc] = await deps.sql<{ id_equipo: number }[]>`SELECT id_equipo FROM rm_equipo_documentos WHERE id = ${id}`;
        if (doc && doc.id_equipo !== fields.id_equipo) return { id_equipo: OTHER_EQUIPMENT };
      }
      return {};
    },
  });

  return [
    defineRoute({
      method: 'GET',
      path: '/equipo_documentos',
      access: moduleAccess('/equipos', 'see'),
      summary: 'Documentos de un equipo (id_equipo)',
      input: v.object({ id_equipo: positiveId() }),
      output: documentosReply,
      async handler({ input, deps }) {
        const items = await deps.sql`
          SELECT id, id_equipo, titulo, comentario, documento_nombre, documento_bytes, (documento IS NOT NULL) AS tiene_archivo,
                 estado, date_created, date_updated
            FROM rm_equipo_documentos WHERE id_equipo = ${input.id_equipo} ORDER BY id DESC`;
        return { items: [...items], max_kb: EQUIPO_DOCUMENTO_MAX_KB };
      },
    }),
    withHandler(form, (inner) => async (ctx) => ({ ...((await inner(ctx)) as Record<string, unknown>), max_kb: EQUIPO_DOCUMENTO_MAX_KB })),
    withHandler(create, (inner) => async (ctx) => {
      const id = Number(ctx.input.id ?? 0);
      delete ctx.input.documento;
      delete ctx.input.documento_nombre;
      delete ctx.input.documento_bytes;
      const file = ctx.files[DOCUMENT_POLICY.field];
      refuseFileBeforeFirstSave(id === 0, Boolean(file));
      if (!file) return inner(ctx);
      const previous = await storedName(ctx, id);
      if (previous === undefined) throw new ApiError(404, NOT_FOUND);
      const checked = await checkUpload(file, DOCUMENT_POLICY);
      if (!checked.ok) throw new ApiError(checked.status, checked.msg, checked.errors);
      const dir = ctx.deps.config.uploadsDir;
      const name = await storeUpload(dir, checked.file);
      ctx.input.documento = name;
      ctx.input.documento_nombre = checked.file.originalName.slice(-255);
      ctx.input.documento_bytes = checked.file.size;
      delete ctx.files[DOCUMENT_POLICY.field]; // stored here: the generic upload step has nothing left to do
      let reply: Record<string, unknown> | Response;
      try {
        reply = await inner(ctx);
      } catch (error) {
        await removeUpload(dir, name).catch(() => {});
        throw error;
      }
      if (previous) await removeUpload(dir, previous).catch(() => {});
      return reply;
    }),
    withHandler(remove, (inner) => async (ctx) => {
      const previous = await storedName(ctx, Number(ctx.input.id));
      const reply = await inner(ctx);
      if (previous) await removeUpload(ctx.deps.config.uploadsDir, previous).catch(() => {});
      return reply;
    }),
    enable,
    disable,
    defineRoute({
      method: 'GET',
      path: '/equipo_documentos/downloadFile',
      access: moduleAccess('/equipos', 'see'),
      summary: 'Descargar el archivo de un documento de equipo, con su nombre original',
      input: v.object({ id: positiveId() }),
      output: fileReply('application/octet-stream'),
      async handler({ input, deps }) {
        const [doc] = await deps.sql<{ documento: string | null; documento_nombre: string | null }[]>`
          SELECT documento, documento_nombre FROM rm_equipo_documentos WHERE id = ${input.id}`;
        if (!doc) throw new ApiError(404, NOT_FOUND);
        if (!doc.documento) throw new ApiError(404, NO_FILE);
        const file = await readUpload(deps.config.uploadsDir, doc.documento);
        if (!file) throw new ApiError(404, NO_FILE);
        return new Response(file.stream, {
          headers: {
            'content-type': file.mime,
            'content-length': String(file.size),
            // The extension of the stored (detected) kind, also for names saved before that rule.
            'content-disposition': contentDisposition(withKindExtension(doc.documento_nombre || doc.documento, doc.documento.split('.').pop()!), 'documento'),
            'cache-control': 'private, no-store',
            'x-content-type-options': 'nosniff',
          },
        });
      },
    }),
  ];
}
