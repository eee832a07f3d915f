import { describeKinds } from './describeKinds';
import { detectKind } from './detectKind';
import { kinds } from './kinds';
import type { CheckedUpload, UploadPolicy, UploadRefusal } from './types';
import { withKindExtension } from './withKindExtension';

type Refused = { ok: false } & UploadRefusal;

function refuse(policy: UploadPolicy, status: UploadRefusal['status'], msg: string): Refused {
  return { ok: false, status, msg, errors: { [policy.field]: msg } };
}


/** Checks one uploaded file against its field's policy, in this order:
 * 1. larger than `maxKb` KB → 413 `Archivo muy pesado, el límite es de {max} KB.`, decided from
 *    `file.size` before any byte is read, so an oversize file never reaches memory;
 * 2. empty → 422 `El archivo está vacío.`;
 * 3. kind detected from the bytes (never the name or the browser's content type) and not in
 *    `accept` → 415 `Tipo de archivo no permitido. Se aceptan: {labels}.`
 * Size and emptiness are checked again on the bytes actually read. */
export async function checkUpload(
  file: File,
  policy: UploadPolicy,
): Promise<{ ok: true; file: CheckedUpload } | Refused> {
  const limit = policy.maxKb * 1024;
  const tooLarge = () => refuse(policy, 413, `Archivo muy pesado, el límite es de ${policy.maxKb} KB.`);
  const empty = () => refuse(policy, 422, 'El archivo está vacío.');

  if (file.size > limit) return tooLarge();
  if (file.size === 0) return empty();

  const bytes = new Uint8Array(await file.arrayBuffer());
  if (bytes.byteLength > limit) return tooLarge();
  if (bytes.byteLength === 0) return empty();

  const kind = await detectKind(bytes);
  if (kind === undefined || !policy.accept.includes(kind)) {
    return refuse(policy, 415, `Tipo de archivo no permitido. Se aceptan: ${describeKinds(policy.accept)}.`);
  }
  const { ext, mime } = kinds[kind];
  return { ok: true, file: { kind, ext, mime, bytes, originalName: withKindExtension(file.name, ext), size: bytes.byteLength } };
}
