import { randomBytes } from 'node:crypto';
import { mkdir, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { kinds } from './kinds';
import type { CheckedUpload } from './types';

/** Writes a checked file into `dir` (outside the web root, e.g. `<dataDir>/uploads`; created if
 * missing) under a fresh unguessable name: 16 random bytes in hex plus the extension of the
 * detected kind, never the client's name. The file is created exclusively, so nothing is ever
 * overwritten, and a failed write leaves nothing behind. Returns the generated name, the only
 * handle for readUpload and removeUpload. A CheckedUpload whose ext does not match its kind is a
 * programming error and throws. */
export async function storeUpload(dir: string, file: CheckedUpload): Promise<string> {
  const known = kinds[file.kind];
  if (known === undefined || known.ext !== file.ext) throw new Error(`storeUpload: unknown kind ${String(file.kind)}`);
  await mkdir(dir, { recursive: true, mode: 0o750 });
  const name = `${randomBytes(16).toString('hex')}.${known.ext}`;
  const path = join(dir, name);
  try {
    await writeFile(path, file.bytes, { flag: 'wx', mode: 0o640 });
  } catch (err) {
    // A half-written file of ours is removed; a name that already existed is not ours to remove.
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') await unlink(path).catch(() => {});
    throw err;
  }
  return name;
}
