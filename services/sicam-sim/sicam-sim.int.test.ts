import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { priceOf } from './sim';
import { createSicamClient } from '../shared/sicam-client';
import { startSicamSim, type SicamSimServer } from './server';

const body = (codigo: string) => ({
  codigo,
  tipo: 'compra',
  productos: [
    { id_producto_solicitado: 11, codigo_material: 'MAT-1', descripcion: 'Filtro', unidad: 'UND', cantidad: 2 },
    { id_producto_solicitado: 12, codigo_material: 'MAT-2', descripcion: 'Aceite', unidad: 'GLN', cantidad: 5 },
  ],
});

async function call(s: SicamSimServer, method: string, path: string, payload?: unknown, key?: string) {
  const res = await fetch(`${s.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(key ? { 'idempotency-key': key } : {}) },
    body: payload === undefined ? undefined : JSON.stringify(payload),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('SICAM simulator', () => {
  let s: SicamSimServer;
  const dir = mkdtempSync(join(tmpdir(), 'sicam-sim-'));
  beforeAll(async () => {
    s = await startSicamSim({ dataFile: join(dir, 'ops.jsonl'), knobs: { latencyMs: 0, failRate: 0, failNext: 0, outage: false, loseReplyRate: 0 } });
  });
  afterAll(async () => {
    await s.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('accepts a request once per idempotency key; another body under the key is refused; no key is a 400', async () => {
    const first = await call(s, 'POST', '/solicitudes', body('OB1-SC-000001'), 'k-1');
    expect(first.status).toBe(201);
    const again = await call(s, 'POST', '/solicitudes', body('OB1-SC-000001'), 'k-1');
    expect(again).toEqual({ status: 200, body: first.body });
    expect((await call(s, 'POST', '/solicitudes', body('OB1-SC-000002'), 'k-1')).status).toBe(422);
    expect((await call(s, 'POST', '/solicitudes', body('OB1-SC-000003'))).status).toBe(400);
    expect(s.sim.requests.size).toBe(1);
  });

  it('injected failures answer 503 before storing; an outage drops the connection', async () => {
    await call(s, 'POST', '/_control/config', { failNext: 2 });
    expect((await call(s, 'POST', '/solicitudes', body('OB1-SC-000010'), 'k-10')).status).toBe(503);
    expect((await call(s, 'POST', '/solicitudes', body('OB1-SC-000010'), 'k-10')).status).toBe(503);
    expect([...s.sim.byKey.keys()]).not.toContain('k-10');
    expect((await call(s, 'POST', '/solicitudes', body('OB1-SC-000010'), 'k-10')).status).toBe(201);
    await call(s, 'POST', '/_control/config', { outage: true });
    await expect(call(s, 'POST', '/solicitudes', body('OB1-SC-000011'), 'k-11')).rejects.toThrow();
    await call(s, 'POST', '/_control/config', { outage: false });
    expect((await call(s, 'POST', '/solicitudes', body('OB1-SC-000011'), 'k-11')).status).toBe(201);
  });

  it('a refusal (refuseNext) answers 422 with SICAM\'s reason and stores nothing; the same key is accepted later', async () => {
    await call(s, 'POST', '/_control/config', { refuseNext: 1 });
    const refused = await call(s, 'POST', '/solicitudes', body('OB1-SC-000015'), 'k-15');
    expect(refused).toEqual({ status: 422, body: { message: 'El centro de costo no está habilitado en SICAM' } });
    expect([...s.sim.byKey.keys()]).not.toContain('k-15');
    expect((await call(s, 'POST', '/solicitudes', body('OB1-SC-000015'), 'k-15')).status).toBe(201);
  });

  it('a lost reply keeps the request: the retry with the same key gets the same id', async () => {
    await call(s, 'POST', '/_control/config', { loseReplyRate: 1 });
    await expect(call(s, 'POST', '/solicitudes', body('OB1-SC-000020'), 'k-20')).rejects.toThrow();
    await call(s, 'POST', '/_control/config', { loseReplyRate: 0 });
    const retry = await call(s, 'POST', '/solicitudes', body('OB1-SC-000020'), 'k-20');
    expect(retry.status).toBe(200);
    expect(s.sim.requests.get(Number(retry.body.id_sicam))?.codigo).toBe('OB1-SC-000020');
  });

  it('an order goes to approval and is approved with its number and prices; annulled products stay unpriced', async () => {
    const { body: created } = await call(s, 'POST', '/solicitudes', body('OB1-SC-000030'), 'k-30');
    const id = Number(created.id_sicam);
    expect((await call(s, 'GET', `/solicitudes/${id}`)).body).toMatchObject({ estado: 'recibida', orden: null });
    await call(s, 'POST', `/solicitudes/${id}/productos/12/anular`);
    await call(s, 'POST', `/_control/solicitudes/${id}/enviada_aprobacion`);
    const sent = (await call(s, 'GET', `/solicitudes/${id}`)).body;
    expect(sent).toMatchObject({ estado: 'enviada_aprobacion', orden: { numero_orden: `OC-${4500000 + id}` } });
    await call(s, 'POST', `/_control/solicitudes/${id}/aprobada`);
    const approved = (await call(s, 'GET', `/solicitudes/${id}`)).body as { estado: string; productos: { precio: number | null; anulado: boolean }[] };
    expect(approved.estado).toBe('aprobada');
    expect(approved.productos[0]).toMatchObject({ precio: priceOf('MAT-1'), anulado: false });
    expect(approved.productos[1]).toMatchObject({ precio: null, anulado: true });
    expect((await call(s, 'POST', `/solicitudes/${id}/anular`)).status).toBe(409);
  });

  it('material-creation requests are created by SICAM later, once', async () => {
    const payload = { id_orden_trabajo: 7, lineas: [{ id_linea: 3, descripcion: 'Manguera hidráulica 1/2', unidad: 'M', tipo: 1 }] };
    const first = await call(s, 'POST', '/materiales/solicitudes', payload, 'm-1');
    expect(first.status).toBe(201);
    expect((await call(s, 'POST', '/materiales/solicitudes', payload, 'm-1')).body).toEqual(first.body);
    const id = Number(first.body.id_sicam);
    expect((await call(s, 'GET', `/materiales/solicitudes/${id}`)).body).toMatchObject({ estado: 'pendiente' });
    await call(s, 'POST', `/_control/materiales/solicitudes/${id}/crear`);
    const created = (await call(s, 'GET', `/materiales/solicitudes/${id}`)).body as { materiales: { codigo: string; nombre: string }[] };
    expect(created.materiales[0]).toMatchObject({ codigo: `MAT-${String(id).padStart(5, '0')}-3`, nombre: 'MANGUERA HIDRÁULICA 1/2' });
  });

  it('keeps its orders across a restart (append-only file)', async () => {
    const before = s.sim.requests.size;
    const copy = await startSicamSim({ dataFile: join(dir, 'ops.jsonl') });
    try {
      expect(copy.sim.requests.size).toBe(before);
      expect((await call(copy, 'POST', '/solicitudes', body('OB1-SC-000001'), 'k-1')).status).toBe(200);
    } finally {
      await copy.close();
    }
  });
});

describe('the SICAM client against the simulator', () => {
  let s: SicamSimServer;
  beforeAll(async () => {
    s = await startSicamSim({ token: 'secreto', knobs: { latencyMs: 0, failRate: 0, failNext: 0, outage: false, loseReplyRate: 0 } });
  });
  afterAll(() => s.close());

  it('pushes with the key and token, reads the status, and tells retryable failures from refusals', async () => {
    const client = createSicamClient({ url: s.url, token: 'secreto', timeoutMs: 500 });
    const sent = await client.pushRequest('c-1', body('OB2-SC-000001'));
    expect(await client.pushRequest('c-1', body('OB2-SC-000001'))).toEqual(sent);
    expect(await client.requestStatus(sent.id_sicam)).toMatchObject({ estado: 'recibida', orden: null });

    s.sim.knobs.failNext = 1;
    await expect(client.pushRequest('c-2', body('OB2-SC-000002'))).rejects.toMatchObject({ retryable: true, status: 503 });
    s.sim.knobs.outage = true;
    await expect(client.pushRequest('c-2', body('OB2-SC-000002'))).rejects.toMatchObject({ retryable: true, status: null, message: 'No se pudo conectar con SICAM' });
    s.sim.knobs.outage = false;
    s.sim.knobs.latencyMs = 800;
    await expect(client.pushRequest('c-2', body('OB2-SC-000002'))).rejects.toMatchObject({ retryable: true, message: 'SICAM no respondió en 1 s' });
    s.sim.knobs.latencyMs = 0;
    await expect(client.pushRequest('c-3', { ...body('OB2-SC-000003'), productos: [] })).rejects.toMatchObject({ retryable: false, status: 422, message: 'La solicitud no tiene productos' });
    await expect(createSicamClient({ url: s.url, token: 'otro' }).requestStatus(sent.id_sicam)).rejects.toMatchObject({ retryable: false, status: 401 });
  });
});
