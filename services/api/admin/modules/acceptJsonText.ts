import * as v from 'valibot';

function parseJsonText(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return value; // the schema then refuses the text with its own message
  }
}

/** A list or object field that JSON bodies send as a value and multipart or urlencoded forms send
 * as its JSON text: both are accepted and checked by the same schema. */
export function acceptJsonText<S extends v.GenericSchema>(schema: S, message: string) {
  const value = schema.type === 'array' ? v.array(v.unknown()) : v.record(v.string(), v.unknown());
  return v.pipe(
    v.union([value, v.string()], message),
    v.transform((x) => parseJsonText(x) as v.InferInput<S>),
    schema,
  );
}
