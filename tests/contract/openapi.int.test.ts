import { validate } from '@readme/openapi-parser';
import { describe, expect, it } from 'vitest';
import { allRoutes } from '../../services/api/routes';
import { useTestApi } from '../harness/api';

// GET /api/openapi.json: generated from the route table, a valid OpenAPI 3.1 document (checked by
// a standard validator) that covers every route with its input and reply schemas.
const api = useTestApi({ demo: 'access' });
const routes = allRoutes();

type Operation = {
  parameters: { name: string; in: string }[];
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
  security: unknown[];
  'x-faena-access': unknown;
  summary: string;
};

describe('the OpenAPI document', () => {
  it('is for signed-in users only', async () => {
    const res = await api.call('GET', '/openapi.json');
    expect(res.status).toBe(401);
  });

  it('validates as OpenAPI 3.1 and covers every route with its input, reply, access and summary', async () => {
    const token = await api.login('root@faena.pe');
    const res = await api.raw('GET', '/openapi.json', { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    const doc = await res.json();
    expect(doc.openapi).toBe('3.1.0');
    const result = await validate(structuredClone(doc));
    expect(result.valid ? [] : result.errors).toEqual([]);
    expect(result.specification).toBe('OpenAPI');

    const paths = doc.paths as Record<string, Record<string, Operation>>;
    let operations = 0;
    for (const r of routes) {
      const op = paths[r.path.replace(/:([A-Za-z_]+)/g, '{$1}')]?.[r.method.toLowerCase()];
      expect(op, `${r.method} ${r.path}`).toBeDefined();
      operations++;
      expect(op.summary).toBe(r.summary);
      expect(op['x-faena-access']).toEqual(r.access);
      expect(op.security).toEqual(r.access.kind === 'public' ? [] : [{ bearer: [] }]);
      if (r.input) {
        const declared = r.method === 'GET' ? op.parameters.filter((p) => p.in === 'query').length : Object.keys(op.requestBody?.content ?? {}).length;
        expect(declared, `${r.method} ${r.path} input`).toBeGreaterThan(0);
      }
      if (r.files?.length) expect(Object.keys(op.requestBody!.content)).toContain('multipart/form-data');
      const ok = op.responses['200'].content!;
      expect(Object.keys(ok).length, `${r.method} ${r.path} reply`).toBeGreaterThan(0);
      if ('kind' in r.output) continue;
      expect(JSON.stringify(ok['application/json'].schema)).toContain('#/components/schemas/Envelope');
    }
    expect(operations).toBe(routes.length);
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it('the record PDFs are a GET and a form POST (token in the form) with unique operation ids (seed 000 §7, issue 29)', async () => {
    const token = await api.login('root@faena.pe');
    const doc = await (await api.raw('GET', '/openapi.json', { headers: { authorization: `Bearer ${token}` } })).json();
    const ids: string[] = Object.values(doc.paths as Record<string, Record<string, { operationId: string }>>).flatMap((ops) => Object.values(ops).map((o) => o.operationId));
    expect(new Set(ids).size).toBe(ids.length);
    for (const path of ['/ordenes_trabajo/pdf', '/solicitudes_compras/PDF', '/solicitudes_compras/obtenerPDF']) {
      expect(routes.filter((r) => r.path === path).map((r) => `${r.method}${r.formToken ? ' formToken' : ''}`).sort(), path).toEqual(['GET', 'POST formToken']);
      const post = doc.paths[path].post;
      expect(post.operationId).not.toBe(doc.paths[path].get.operationId);
      expect(Object.keys(post.requestBody.content['application/x-www-form-urlencoded'].schema.properties)).toContain('token');
      expect(Object.keys(post.responses['200'].content)).toEqual(['application/pdf']);
    }
  });

  it('the reply of a list names its row fields', async () => {
    const token = await api.login('root@faena.pe');
    const doc = await (await api.raw('GET', '/openapi.json', { headers: { authorization: `Bearer ${token}` } })).json();
    const reply = JSON.stringify(doc.paths['/marcas'].get.responses['200'].content['application/json'].schema);
    for (const field of ['items', 'total', 'nombre', 'modelos', 'date_created']) expect(reply).toContain(`"${field}"`);
  });
});
