import { CommandRejected } from '../../../events/errors';
import type { CommandContext } from '../../../events/execute';
import type { RequestDocument } from '../../../events/purchase-request/types';
import type { ApiDeps } from '../platform/deps';
import { storeDocumentRows } from '../platform/upload/documentRows';
import type { SaveInput } from './purchase-request-schemas';

export const MSG_DOCUMENT_FILE_REQUIRED = 'Adjunte el archivo del documento';

/** The new documents of a request's save (`documentos` rows with id 0, each naming its file's
 * multipart field): each file checked by content (pdf, images, Excel; up to 10 240 KB) and stored,
 * each row given its id inside the command's transaction. Saved documents are not sent and stay
 * as they are. Errors are per row (`documentos.{n}.pic`) with 413/415/422 as the file warrants. */
export async function storeRequestDocuments(deps: ApiDeps, c: CommandContext, input: SaveInput, files: Record<string, File>, stored: string[]): Promise<RequestDocument[]> {
  const fresh = input.documentos.filter((d) => d.id === 0);
  const missing: Record<string, string> = {};
  input.documentos.forEach((d, i) => {
    if (d.id === 0 && !(d.archivo && files[d.archivo])) missing[`documentos.${i}.pic`] = MSG_DOCUMENT_FILE_REQUIRED;
  });
  if (Object.keys(missing).length) throw new CommandRejected(Object.values(missing)[0], missing, 422);
  if (!fresh.length) return [];
  const docs = await storeDocumentRows(deps.config.uploadsDir, input.documentos, files, {});
  // The caller removes these again when the save fails, this refusal included.
  stored.push(...docs.stored);
  if (Object.keys(docs.errors).length) throw new CommandRejected(Object.values(docs.errors)[0], docs.errors, docs.status);
  const rows = docs.rows.filter((d) => d.id === 0);
  const ids = await c.nextIds('request_document', rows.length);
  return rows.map((d, i) => ({ ...d, id: ids[i] }));
}
