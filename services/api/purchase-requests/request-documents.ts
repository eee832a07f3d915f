import type { CommandContext } from '../../../events/execute';
import type { RequestDocument } from '../../../events/purchase-request/types';
import type { ApiDeps } from '../platform/deps';
import { refuseDocumentsWithoutFile } from '../../../events/purchase-request/request-form';
import { storeDocumentRowsOrRefuse } from '../platform/upload/documentRows';
import type { SaveInput } from './purchase-request-schemas';

/** The new documents of a request's save (`documentos` rows with id 0, each naming its file's
 * multipart field): each carries its file (`refuseDocumentsWithoutFile`), is checked by content
 * (pdf, images, Excel; up to 10 240 KB) and stored, each row given its id inside the command's
 * transaction. Saved documents are not sent and stay as they are. Errors are per row
 * (`documentos.{n}.pic`) with 413/415/422 as the file warrants. */
export async function storeRequestDocuments(deps: ApiDeps, c: CommandContext, input: SaveInput, files: Record<string, File>, stored: string[]): Promise<RequestDocument[]> {
  refuseDocumentsWithoutFile(input.documentos.map((d) => ({ id: d.id, withFile: Boolean(d.archivo && files[d.archivo]) })));
  if (!input.documentos.some((d) => d.id === 0)) return [];
  // The caller removes the files stored when the save fails, this refusal included.
  const rows = (await storeDocumentRowsOrRefuse(deps.config.uploadsDir, input.documentos, files, {}, stored)).filter((d) => d.id === 0);
  const ids = await c.nextIds('request_document', rows.length);
  return rows.map((d, i) => ({ ...d, id: ids[i] }));
}
