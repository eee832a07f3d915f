import { constants } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { kinds } from './kinds';
import { parseUploadName } from './parseUploadName';

const CHUNK = 64 * 1024;

function isCode(err: unknown, ...codes: string[]): boolean {
  return err instanceof Error && codes.includes((err as NodeJS.ErrnoException).code ?? '');
}

/** Streams an open file; the handle is closed at the end, on error, or when the reader cancels. */
function streamOf(handle: FileHandle): ReadableStream<Uint8Array> {
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await handle.close();
  };
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const chunk = new Uint8Array(CHUNK);
        const { bytesRead } = await handle.read(chunk, 0, CHUNK, null);
        if (bytesRead === 0) {
          await close();
          controller.close();
        } else {
          controller.enqueue(chunk.subarray(0, bytesRead));
        }
      } catch (err) {
        await close().catch(() => {});
        controller.error(err);
      }
    },
    cancel: close,
  });
}

/** Opens a stored file by the name storeUpload returned. Null when the name is not exactly such a
 * generated name (no path traversal, no other extension), when the file is missing, or when it is
 * not a regular file (symbolic links are not followed). The MIME type comes from the extension,
 * i.e. from the kind detected at upload. The caller must read the stream to the end or cancel it
 * (that closes the file), and should serve it with `X-Content-Type-Options: nosniff`. */
export async function readUpload(
  dir: string,
  name: string,
): Promise<{ stream: ReadableStream<Uint8Array>; mime: string; size: number } | null> {
  const kind = parseUploadName(name);
  if (kind === null) return null;
  let handle: FileHandle;
  try {
    handle = await open(join(dir, name), constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0));
  } catch (err) {
    if (isCode(err, 'ENOENT', 'ENOTDIR', 'ELOOP')) return null;
    throw err;
  }
  try {
    const info = await handle.stat();
    if (!info.isFile()) {
      await handle.close();
      return null;
    }
    return { stream: streamOf(handle), mime: kinds[kind].mime, size: info.size };
  } catch (err) {
    await handle.close().catch(() => {});
    throw err;
  }
}
