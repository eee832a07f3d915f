const chunkSize = 16 * 1024;

/** UTF-8 chunks of about 16 KiB from many small strings: few writes, and still one page at a time. */
export async function* bufferedText(parts: AsyncIterable<string>): AsyncGenerator<Buffer> {
  let pending = '';
  for await (const part of parts) {
    pending += part;
    if (pending.length >= chunkSize) {
      yield Buffer.from(pending, 'utf8');
      pending = '';
    }
  }
  if (pending) yield Buffer.from(pending, 'utf8');
}
