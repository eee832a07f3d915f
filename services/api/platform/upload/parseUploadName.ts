import { kinds } from './kinds';
import type { FileKind } from './types';

const pattern = /^[0-9a-f]{32}\.([a-z]+)$/;

/** The kind of a stored file from its name, or null when the name is not exactly one storeUpload
 * generates: 32 lowercase hex characters, a dot, and the extension of a known kind. Anything else
 * (`../x`, `a/b`, absolute paths, other extensions) is refused, so names never leave the folder. */
export function parseUploadName(name: string): FileKind | null {
  const ext = pattern.exec(name)?.[1];
  if (ext === undefined) return null;
  const found = (Object.keys(kinds) as FileKind[]).find((kind) => kinds[kind].ext === ext);
  return found ?? null;
}
