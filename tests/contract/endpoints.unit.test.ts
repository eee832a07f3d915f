import { toJsonSchema } from '@valibot/to-json-schema';
import type { GenericSchema } from 'valibot';
import { describe, expect, it } from 'vitest';
import { endpoints } from '../../shared/contracts/endpoints';
import { openApiDocument } from '../../services/api/openapi';
import { isFileReply } from '../../services/api/platform/route';
import { allRoutes } from '../../services/api/routes';

// The calls the contracts describe (shared/contracts/endpoint.ts), which the web's typed client
// accepts, against the API's route table: each is mounted with that method and path, the API reads
// every field the client may send and the client must send every field the API requires, and the
// reply schema is the route's. Read from the route table and its OpenAPI document, not a copy.

type JsonSchema = { properties?: Record<string, unknown>; required?: string[]; [key: string]: unknown };

/** A schema as JSON Schema with its `required` lists sorted (their order says nothing). */
function json(schema: GenericSchema, typeMode: 'input' | 'output'): unknown {
  const sorted = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(sorted)
      : value && typeof value === 'object'
        ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, k === 'required' && Array.isArray(v) ? [...(v as string[])].sort() : sorted(v)]))
        : value;
  return sorted(toJsonSchema(schema, { target: 'draft-2020-12', typeMode, errorMode: 'ignore' }));
}

/** The fields a route reads and those it requires, from its OpenAPI operation (query or JSON body). */
function routeFields(operation: { parameters?: { name: string; in: string; required: boolean }[]; requestBody?: { content: Record<string, { schema: JsonSchema }> } }) {
  if (operation.requestBody) {
    const body = operation.requestBody.content['application/json'].schema;
    return { fields: Object.keys(body.properties ?? {}), required: body.required ?? [] };
  }
  const query = (operation.parameters ?? []).filter((p) => p.in === 'query');
  return { fields: query.map((p) => p.name), required: query.filter((p) => p.required).map((p) => p.name) };
}

describe('the endpoints of the contracts', () => {
  const routes = allRoutes();
  const paths = openApiDocument(routes).paths as Record<string, Record<string, Parameters<typeof routeFields>[0]>>;

  it('are each described once', () => {
    const names = endpoints.map((e) => `${e.method} ${e.path}`);
    expect(names.filter((n, i) => names.indexOf(n) !== i)).toEqual([]);
  });

  it.each(endpoints.map((e) => [`${e.method} ${e.path}`, e] as const))('%s is mounted by the API with the same fields and reply', (_, endpoint) => {
    const route = routes.find((r) => r.method === endpoint.method && r.path === endpoint.path);
    expect(route, `${endpoint.method} ${endpoint.path} is not in the route table`).toBeDefined();
    if (!route) return;

    const { fields, required } = routeFields(paths[route.path][route.method.toLowerCase()]);
    const input = json(endpoint.input, 'input') as JsonSchema;
    expect(Object.keys(input.properties ?? {}).filter((f) => !fields.includes(f)), 'fields the API does not read').toEqual([]);
    expect(required.filter((f) => !(input.required ?? []).includes(f)), 'fields the API requires that the client may leave out').toEqual([]);

    expect(isFileReply(route.output)).toBe(false);
    if (!isFileReply(route.output)) expect(json(endpoint.reply, 'output')).toEqual(json(route.output, 'output'));
  });
});
