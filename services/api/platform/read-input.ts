import type { Context } from 'hono';
import { ApiError } from './api-error';

export const DEFAULT_BODY_LIMIT = 1024 * 1024;

export type RawInput = { data: Record<string, unknown>; files: Record<string, File> };

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

/** Query for GET; body (JSON, multipart or urlencoded) over the query for POST. Size is checked
 * before the body is read (413), the content type against what we parse (415), JSON syntax (400). */
export async function readInput(c: Context, method: 'GET' | 'POST', limit = DEFAULT_BODY_LIMIT): Promise<RawInput> {
  const query = fromQuery(c);
  if (method === 'GET') return { data: query, files: {} };

  const declared = Number(c.req.header('content-length') ?? 0);
  if (declared > limit) throw new ApiError(413, `La solicitud es muy pesada, el límite es de ${Math.floor(limit / 1024)} KB.`);
  const type = (c.req.header('content-type') ?? '').toLowerCase();

  if (type.startsWith('multipart/form-data') || type.startsWith('application/x-www-form-urlencoded')) {
    let body: Record<string, string | File | (string | File)[]>;
    try {
      body = await c.req.parseBody({ all: true });
    } catch {
      throw new ApiError(400, 'El formulario enviado no es válido');
    }
    const data: Record<string, unknown> = { ...query };
    const files: Record<string, File> = {};
    let size = 0;
    for (const [key, value] of Object.entries(body)) {
      const values = Array.isArray(value) ? value : [value];
      for (const x of values) if (typeof x !== 'string') size += x.size;
      const plainKey = key.endsWith('[]') ? key.slice(0, -2) : key;
      const file = values.find((x): x is File => typeof x !== 'string');
      if (file) {
        files[plainKey] = file;
        continue;
      }
      const strings = values as string[];
      data[plainKey] = key.endsWith('[]') || strings.length > 1 ? strings : strings[0];
    }
    if (size > limit) throw new ApiError(413, `La solicitud es muy pesada, el límite es de ${Math.floor(limit / 1024)} KB.`);
    return { data, files };
  }

  const text = await c.req.text();
  if (Buffer.byteLength(text) > limit) throw new ApiError(413, `La solicitud es muy pesada, el límite es de ${Math.floor(limit / 1024)} KB.`);
  if (text.trim() === '') return { data: query, files: {} };
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
  return { data: { ...query, ...(parsed as Record<string, unknown>) }, files: {} };
}
