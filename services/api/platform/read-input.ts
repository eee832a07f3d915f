import type { Context } from 'hono';
import { ApiError, VALIDATION_FAILED } from './api-error';
import { textProblems } from './text-problems';

export const DEFAULT_BODY_LIMIT = 1024 * 1024;

export type RawInput = { data: Record<string, unknown>; files: Record<string, File> };

function tooLarge(limit: number) {
  return new ApiError(413, `La solicitud es muy pesada, el límite es de ${Math.floor(limit / 1024)} KB.`);
}

function fromQuery(c: Context): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, values] of Object.entries(c.req.queries())) {
    const clean = values.filter((x) => x !== '');
    if (clean.length === 0) continue;
    if (key.endsWith('[]')) out[key.slice(0, -2)] = clean;
    else out[key] = clean.length === 1 ? clean[0] : clean;
  }
  return out;
}

/** Counts the body's bytes as they arrive and stops reading past `limit`: a body sent without
 * Content-Length (chunked) is never held whole in memory. Whatever the client still sends after
 * the refusal is discarded by the HTTP server, not buffered. Returns whether the limit was hit. */
function limitBody(c: Context, limit: number): () => boolean {
  const body = c.req.raw.body;
  let exceeded = false;
  if (!body) return () => false;
  let size = 0;
  const counted = body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        size += chunk.byteLength;
        if (size > limit) {
          exceeded = true;
          controller.error(tooLarge(limit));
        } else controller.enqueue(chunk);
      },
    }),
    // The source is left unread rather than cancelled, so the 413 reaches the client before the
    // connection is closed.
    { preventCancel: true },
  );
  c.req.raw = new Request(c.req.raw, { body: counted, duplex: 'half' } as RequestInit);
  return () => exceeded;
}

/** Reads the whole body within `limit` (413 past it, as readInput) and puts it back as an
 * in-memory body, so readInput parses the same bytes afterwards. For the Idempotency-Key hash. */
export async function bufferBody(c: Context, limit = DEFAULT_BODY_LIMIT): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(c.req.header('content-length') ?? 0);
  if (declared > limit) throw tooLarge(limit);
  const exceeded = limitBody(c, limit);
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    bytes = new Uint8Array(await c.req.raw.arrayBuffer());
  } catch (error) {
    if (exceeded()) throw tooLarge(limit);
    throw error;
  }
  const { url, method, headers, signal } = c.req.raw;
  c.req.raw = new Request(url, { method, headers, signal, body: bytes.byteLength ? bytes : null });
  return bytes;
}

/** Text the database cannot hold or that has no meaning (NUL, lone surrogates, JSON nested past
 * any form's depth, such characters in an uploaded file's name) is refused here, once for every
 * route, as a 422 with the field named. */
function assertCleanText(data: Record<string, unknown>, files: Record<string, File>) {
  const errors = textProblems(data);
  for (const [field, file] of Object.entries(files)) {
    const problem = textProblems({ [field]: file.name })[field];
    if (problem) errors[field] ??= `Nombre de archivo no válido: ${problem.toLowerCase()}`;
  }
  if (Object.keys(errors).length) throw new ApiError(422, VALIDATION_FAILED, errors);
}

/** Query for GET; body (JSON, multipart or urlencoded) over the query for POST. Size is checked
 * while the body streams in (413), the content type against what we parse (415), JSON syntax
 * (400), and the text of every value (422, see assertCleanText). */
export async function readInput(c: Context, method: 'GET' | 'POST', limit = DEFAULT_BODY_LIMIT): Promise<RawInput> {
  const query = fromQuery(c);
  if (method === 'GET') {
    assertCleanText(query, {});
    return { data: query, files: {} };
  }

  const declared = Number(c.req.header('content-length') ?? 0);
  if (declared > limit) throw tooLarge(limit);
  const exceeded = limitBody(c, limit);
  const type = (c.req.header('content-type') ?? '').toLowerCase();

  if (type.startsWith('multipart/form-data') || type.startsWith('application/x-www-form-urlencoded')) {
    let body: Record<string, string | File | (string | File)[]>;
    try {
      body = await c.req.parseBody({ all: true });
    } catch {
      if (exceeded()) throw tooLarge(limit);
      throw new ApiError(400, 'El formulario enviado no es válido');
    }
    const data: Record<string, unknown> = { ...query };
    const files: Record<string, File> = {};
    for (const [key, value] of Object.entries(body)) {
      const values = Array.isArray(value) ? value : [value];
      const plainKey = key.endsWith('[]') ? key.slice(0, -2) : key;
      const file = values.find((x): x is File => typeof x !== 'string');
      if (file) {
        files[plainKey] = file;
        continue;
      }
      const strings = values as string[];
      data[plainKey] = key.endsWith('[]') || strings.length > 1 ? strings : strings[0];
    }
    assertCleanText(data, files);
    return { data, files };
  }

  let text: string;
  try {
    text = await c.req.text();
  } catch (error) {
    if (exceeded()) throw tooLarge(limit);
    throw error;
  }
  if (text.trim() === '') {
    assertCleanText(query, {});
    return { data: query, files: {} };
  }
  if (type && !type.startsWith('application/json') && !type.startsWith('text/plain')) {
    throw new ApiError(415, 'Tipo de contenido no admitido: envíe JSON o un formulario');
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ApiError(400, 'El cuerpo de la solicitud no es JSON válido');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new ApiError(400, 'El cuerpo de la solicitud debe ser un objeto JSON');
  }
  const data = { ...query, ...(parsed as Record<string, unknown>) };
  assertCleanText(data, {});
  return { data, files: {} };
}
