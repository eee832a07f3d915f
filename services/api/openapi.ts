import { toJsonSchema } from '@valibot/to-json-schema';
import type { GenericSchema } from 'valibot';
import { errorEnvelope } from './platform/envelope';
import { isFileReply, type AnyRoute } from './platform/route';

type JsonSchema = Record<string, unknown>;

/** Shared definitions (recursive schemas such as the module tree), moved under components. */
type Components = Record<string, JsonSchema>;

/** A valibot schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect). Transforms and checks have no
 * JSON Schema form: they are left out, so an input documents what the client may send. Its local
 * definitions go to components.schemas under names prefixed by `scope`. */
function jsonSchema(schema: GenericSchema, typeMode: 'input' | 'output', scope: string, components: Components): JsonSchema {
  const { $schema: _dialect, $defs, ...rest } = toJsonSchema(schema, { target: 'draft-2020-12', typeMode, errorMode: 'ignore' }) as JsonSchema;
  if (!$defs) return rest;
  const rename = (value: unknown) =>
    JSON.parse(JSON.stringify(value).replace(/"#\/\$defs\/([^"]+)"/g, (_, name: string) => `"#/components/schemas/${scope}_${name}"`)) as JsonSchema;
  for (const [name, def] of Object.entries($defs as Components)) components[`${scope}_${name}`] = rename(def);
  return rename(rest);
}

/** The envelope around a payload (seed 000 §7): ok, msg, errors plus the payload's fields. */
function envelope(payload: JsonSchema): JsonSchema {
  const base = { $ref: '#/components/schemas/Envelope' };
  return Object.keys((payload.properties as object | undefined) ?? {}).length === 0 && !payload.anyOf ? base : { allOf: [base, payload] };
}

function pathParams(path: string) {
  return [...path.matchAll(/:([A-Za-z_]+)/g)].map((m) => ({ name: m[1], in: 'path', required: true, schema: { type: 'string' } }));
}

function queryParams(schema: JsonSchema) {
  const props = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required ?? []) as string[]);
  return Object.entries(props).map(([name, s]) => ({ name, in: 'query', required: required.has(name), schema: s }));
}

/** Flattens an input schema that is an intersection (a list's filters and an export's kind). */
function objectSchema(schema: JsonSchema): JsonSchema {
  if (!Array.isArray(schema.allOf)) return schema;
  const parts = (schema.allOf as JsonSchema[]).map(objectSchema);
  return {
    type: 'object',
    properties: Object.assign({}, ...parts.map((p) => p.properties ?? {})),
    required: parts.flatMap((p) => (p.required ?? []) as string[]),
  };
}

/** Every write accepts it (platform/idempotency.ts): a repeat with the same request gets the first reply. */
const IDEMPOTENCY_KEY = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description:
    'Una clave por envío (p. ej. un UUID), repetida al reintentar: la misma solicitud con la misma clave se ejecuta una vez y la repetición recibe la primera respuesta (cabecera Idempotent-Replayed: true); otros datos con la misma clave: 422.',
  schema: { type: 'string', minLength: 1, maxLength: 200, pattern: '^[\\x20-\\x7e]+$' },
};

/** The route's operationId, unique in the document: two names that differ only in separators
 * ('/fil_datas/grupos_funcionales' and the seed's '/fil_datas/gruposFuncionales') get a number. */
function operationIdOf(route: AnyRoute, taken: Set<string>): string {
  const base = `${route.method.toLowerCase()}${route.path.replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ? c.toUpperCase() : ''))}`;
  let id = base;
  for (let n = 2; taken.has(id); n++) id = `${base}${n}`;
  taken.add(id);
  return id;
}

function operation(route: AnyRoute, components: Components, taken: Set<string>) {
  const operationId = operationIdOf(route, taken);
  const input = route.input ? objectSchema(jsonSchema(route.input, 'input', `${operationId}Input`, components)) : { type: 'object', properties: {} };
  const op: JsonSchema = {
    operationId,
    summary: route.summary,
    tags: [route.path.split('/')[1] || 'api'],
    security: route.access.kind === 'public' ? [] : [{ bearer: [] }],
    'x-faena-access': route.access,
    parameters: [...pathParams(route.path), ...(route.method === 'GET' ? queryParams(input) : [])],
  };
  if (route.method === 'POST') {
    (op.parameters as unknown[]).push(IDEMPOTENCY_KEY);
    const content: JsonSchema = { 'application/json': { schema: input } };
    if (route.files?.length) {
      const files = Object.fromEntries(route.files.map((f) => [f, { type: 'string', contentMediaType: 'application/octet-stream' }]));
      content['multipart/form-data'] = { schema: { ...input, properties: { ...(input.properties as object), ...files } } };
    } else if (route.formToken) {
      // A form POST in a new tab carries the session token as a field (seed 000 §7).
      const token = { type: 'string', description: 'El token de la sesión (sin cabecera Authorization)' };
      content['application/x-www-form-urlencoded'] = { schema: { ...input, properties: { ...(input.properties as object), token } } };
    } else content['application/x-www-form-urlencoded'] = { schema: input };
    op.requestBody = { required: true, content };
  }
  const ok = isFileReply(route.output)
    ? { description: 'El archivo', content: Object.fromEntries(route.output.media.map((m) => [m, { schema: { type: 'string', contentMediaType: m } }])) }
    : { description: 'Éxito: el sobre con la respuesta', content: { 'application/json': { schema: envelope(jsonSchema(route.output, 'output', `${operationId}Reply`, components)) } } };
  const refusal = (description: string) => ({ description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Envelope' } } } });
  op.responses = {
    200: ok,
    ...(route.input ? { 422: refusal('Datos no válidos: errors tiene el mensaje de cada campo') } : {}),
    ...(route.access.kind === 'public' ? {} : { 401: refusal('Sin sesión, o la sesión expiró (msg: session_expired)') }),
    ...(route.access.kind === 'module' ? { 403: refusal('Sin el permiso del módulo') } : {}),
    500: refusal('Se produjo un error (con request_id)'),
  };
  return op;
}

/** The OpenAPI 3.1 document of the API, generated from the route table and its schemas (served
 * at GET /api/openapi.json; no hand-written copy). Access is the bearer session token; the module
 * and right a route needs are in `x-faena-access`. */
export function openApiDocument(routes: AnyRoute[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  const components: Components = {};
  const taken = new Set<string>();
  for (const route of routes) {
    const path = route.path.replace(/:([A-Za-z_]+)/g, '{$1}');
    paths[path] ??= {};
    paths[path][route.method.toLowerCase()] = operation(route, components, taken);
  }
  const sample = errorEnvelope('');
  return {
    openapi: '3.1.0',
    info: {
      title: 'Faena API',
      version: '1',
      description:
        'Todas las llamadas viven bajo /api. Cada respuesta es el sobre { ok, msg, errors } más su contenido, con un estado HTTP honesto. Generado desde la tabla de rutas.',
    },
    servers: [{ url: '/api' }],
    security: [{ bearer: [] }],
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'El token de la sesión (POST /auth/login)' } },
      schemas: {
        Envelope: {
          type: 'object',
          required: Object.keys(sample),
          properties: {
            ok: { type: 'boolean' },
            msg: { type: 'string' },
            errors: { type: 'object', additionalProperties: { type: 'string' } },
          },
        },
        ...components,
      },
    },
    paths,
  };
}
