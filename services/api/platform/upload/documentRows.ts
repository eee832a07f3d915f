import * as v from 'valibot';
import { ApiError } from '../api-error';
import { id, text } from '../fields';
import { checkUpload } from './checkUpload';
import { storeUpload } from './storeUpload';
import type { UploadPolicy } from './types';

/** What a form's 'Documentos' table accepts (seed 001 §3 `pic`, seed 002 §3 `documentos`): photos
 * of the failure, reports, quotes and invoices, checked by content, up to 10 240 KB each. */
export const DOCUMENT_POLICY: Omit<UploadPolicy, 'field'> = { maxKb: 10_240, accept: ['pdf', 'jpg', 'png', 'webp', 'xlsx', 'xls'] };

/** The multipart body limit of a save that carries up to `files` documents beside its fields. */
export const documentsBodyLimit = (files: number) => files * (DOCUMENT_POLICY.maxKb + 64) * 1024;

/** A document row: `archivo` names the multipart field of its file (`documento_0`…); an existing
 * row (id > 0) may keep its file. */
export const documentLineSchema = v.object({
  id: v.optional(id(), 0),
  observaciones: v.optional(text(500), ''),
  // '' (an existing row keeping its file) or the multipart field of the row's new file.
  archivo: v.pipe(v.optional(v.string('Archivo inválido'), ''), v.check((x) => x === '' || /^documento_\d{1,3}$/.test(x), 'Archivo inválido')),
});
export type DocumentLineInput = v.InferOutput<typeof documentLineSchema>;

/** A document as the events record it. */
export type StoredDocument = { id: number; pic: string; observaciones: string; nombre?: string };

/** Stores each row's new file (checked by content) under `uploadsDir`; returns the rows with `pic`
 * set, the stored names (to remove again when the save fails) and the field errors with their
 * status (413 too large, 415 not an accepted kind, 422). */
export async function storeDocumentRows(
  uploadsDir: string,
  input: DocumentLineInput[],
  files: Record<string, File>,
  existing: Record<string, Pick<StoredDocument, 'pic' | 'nombre'>>,
  field = 'documentos',
) {
  const stored: string[] = [];
  const errors: Record<string, string> = {};
  let status: 413 | 415 | 422 = 415;
  const rows: StoredDocument[] = [];
  for (const [i, row] of input.entries()) {
    const file = row.archivo ? files[row.archivo] : undefined;
    let pic = row.id > 0 ? (existing[String(row.id)]?.pic ?? '') : '';
    let nombre = row.id > 0 ? existing[String(row.id)]?.nombre : undefined;
    if (file) {
      const checked = await checkUpload(file, { field: `${field}.${i}.pic`, ...DOCUMENT_POLICY });
      if (!checked.ok) {
        Object.assign(errors, checked.errors);
        status = checked.status;
        continue;
      }
      pic = await storeUpload(uploadsDir, checked.file);
      nombre = checked.file.originalName || undefined;
      stored.push(pic);
    }
    rows.push({ id: row.id, pic, observaciones: row.observaciones, ...(nombre ? { nombre } : {}) });
  }
  return { rows, stored, errors, status };
}

/** storeDocumentRows for a save that is refused when a file does not pass: the status the file
 * warrants with its field errors (the first one as the message). The names stored are added to
 * `stored` either way, for the caller to remove when the save fails. */
export async function storeDocumentRowsOrRefuse(
  uploadsDir: string,
  input: DocumentLineInput[],
  files: Record<string, File>,
  existing: Record<string, Pick<StoredDocument, 'pic' | 'nombre'>>,
  stored: string[],
): Promise<StoredDocument[]> {
  const docs = await storeDocumentRows(uploadsDir, input, files, existing);
  stored.push(...docs.stored);
  if (Object.keys(docs.errors).length) throw new ApiError(docs.status, Object.values(docs.errors)[0], docs.errors);
  return docs.rows;
}
