import { fileTypeFromBuffer } from 'file-type';
import { isCsvText } from './isCsvText';
import type { FileKind } from './types';

/** file-type's extension → our kind. `cfb` (the OLE2 container of old Office files) counts as xls;
 * an animated PNG (`apng`) is still a PNG. Anything else file-type recognises is not accepted. */
const fromFileType: Record<string, FileKind> = {
  pdf: 'pdf',
  xlsx: 'xlsx',
  cfb: 'xls',
  jpg: 'jpg',
  png: 'png',
  apng: 'png',
  webp: 'webp',
  gif: 'gif',
};

async function signature(bytes: Uint8Array): Promise<string | undefined> {
  try {
    return (await fileTypeFromBuffer(bytes))?.ext;
  } catch {
    return 'unreadable'; // a container file-type cannot parse is binary, and not one of ours
  }
}

/** The kind of a file, from its bytes only. A file with any binary signature (an `MZ` or ELF
 * executable, a zip…) gets the kind file-type gives it, or none; only a file without a signature
 * can be CSV, and only when it is text (isCsvText). */
export async function detectKind(bytes: Uint8Array): Promise<FileKind | undefined> {
  const found = await signature(bytes);
  if (found !== undefined) return Object.hasOwn(fromFileType, found) ? fromFileType[found] : undefined;
  return isCsvText(bytes) ? 'csv' : undefined;
}
