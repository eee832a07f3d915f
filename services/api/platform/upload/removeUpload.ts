import { unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { parseUploadName } from './parseUploadName';

/** Deletes a stored file by the name storeUpload returned. False when the name is not exactly such
 * a generated name (nothing is touched) or when the file is already gone; true when it was removed. */
export async function removeUpload(dir: string, name: string): Promise<boolean> {
  if (parseUploadName(name) === null) return false;
  try {
    await unlink(join(dir, name));
    return true;
  } catch (err) {
    if (err instanceof Error && (err as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw err;
  }
}
