import ExcelJS from 'exceljs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execute } from '../events/execute';
import { purchaseRequests } from '../events/purchase-request/decider';
import { createApp } from '../services/api/app';
import { openSession } from '../services/api/auth/sessions';
import { createApiDeps } from '../services/api/create-deps';
import { createLogger } from '../services/shared/logger';
import { withScratchDatabase } from './scratch-database';
import type { BenchResult } from './stats';

/** POST /almacen_central_entradas_archivos through the real API app in-process: a 10,000-row
 * Excel of central entries (1 % of them with an unknown order) over 200 purchase orders of 5
 * products each, driven to 7 'En OC' through the request's commands; each product takes the first
 * two units of its rows and moves to 8. Then the same file again (nothing new). Times include the
 * multipart parse, the content check, the streaming read, the row checks and the one transaction. */
export async function centralEntriesBench(serverUrl: string, rows = 10_000): Promise<BenchResult[]> {
  return withScratchDatabase(serverUrl, 'entradas', async (sql, store) => {
    const [site] = await sql<{ id: number; codigo: string }[]>`SELECT id::int, codigo FROM rm_obras WHERE estado = 1 AND codigo <> '' ORDER BY id LIMIT 1`;
    const materials = await sql<{ id: number; codigo: string; nombre: string }[]>`SELECT id::int, codigo, nombre FROM rm_materiales WHERE codigo <> '' ORDER BY id LIMIT 5`;
    const [und] = await sql<{ id: number }[]>`SELECT id::int FROM rm_unidades ORDER BY id LIMIT 1`;
    const orders = 200;
    for (let o = 0; o < orders; o++) {
      await execute(store, async (c) => {
        const id = await c.nextId('purchase_request');
        const ids = await c.nextIds('requested_product', materials.length);
        const s = c.start(purchaseRequests, id);
        s.decide({
          type: 'CreateRequest', id, codigo: `${site.codigo}-SC-B${String(o).padStart(5, '0')}`, tipo: 'compra', idObra: site.id, idOrdenTrabajo: null, fields: {},
          productos: materials.map((m, i) => ({ id: ids[i], id_material: m.id, codigo: m.codigo, descripcion: m.nombre, id_unidad: und.id, cantidad: 2 })), by: 1,
        });
        s.decide({ type: 'SendRequest', id, by: 1 });
        s.decide({ type: 'AttendByCentral', id, leftToBuy: true, by: 1 });
        s.decide({ type: 'ApproveRequest', id, canApprove: true, by: 1 });
        s.decide({ type: 'RecordSicamSent', id, idSicam: `BENCH-${id}` });
        s.decide({ type: 'RecordSicamStatus', id, status: { estado: 'aprobada', numero_orden: `OC-B-${o}`, productos: ids.map((p) => ({ id_producto_solicitado: p, precio: 10, moneda: 'PEN', anulado: false })) } });
      }, { metadata: { userId: 1 } });
    }
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Ingresos');
    ws.addRow(['numero', 'codigo_obra', 'descripcion_obra', 'moneda', 'fecha_desde', 'fecha_hasta', 'procedencia', 'fecha_movimiento', 'codigo_recurso',
      'descripcion_recurso', 'unidad', 'albaran', 'cantidad', 'importe', 'numero_orden_compra']);
    for (let i = 0; i < rows; i++) {
      const m = materials[i % materials.length];
      const order = i % 100 === 99 ? 'OC-NO-EXISTE' : `OC-B-${Math.floor(i / materials.length) % orders}`;
      ws.addRow([i + 1, site.codigo, 'Obra', 'PEN', new Date(Date.UTC(2026, 10, 1)), new Date(Date.UTC(2026, 10, 30)), 'Proveedor', new Date(Date.UTC(2026, 10, 20)),
        m.codigo, m.nombre, 'UND', `ALB-${i}`, 1, 25.5, order]);
    }
    const bytes = new Uint8Array(await wb.xlsx.writeBuffer());

    const deps = await createApiDeps({ sql, store, boss: null, log: createLogger({}, true), config: { dataDir: mkdtempSync(join(tmpdir(), 'faena-bench-ce-')), port: 0 } });
    const app = createApp({ deps, webDir: '/nonexistent' });
    const [user] = await sql<{ id: number }[]>`SELECT id FROM rm_users WHERE email = 'almacen.central@faena.pe'`;
    const { token } = await openSession(store, { userId: user.id, device: { platform: 'bench' }, ip: '127.0.0.1', hours: 2, now: new Date() });
    const post = async () => {
      const form = new FormData();
      form.append('archivo', new File([bytes], 'ingresos-10000.xlsx'));
      const t0 = performance.now();
      const res = await app.request('/api/almacen_central_entradas_archivos', { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
      const body = (await res.json()) as { ok: boolean; msg: string; nuevos: number; invalidos: unknown[] };
      if (res.status !== 200) throw new Error(`import ${res.status}: ${body.msg}`);
      return { ms: Math.round(performance.now() - t0), body };
    };
    const inCentral = async () => (await sql<{ n: number }[]>`SELECT count(*)::int AS n FROM rm_productos_solicitados WHERE estado = 8`)[0].n;
    const before = await inCentral();
    const first = await post();
    const moved = (await inCentral()) - before;
    const again = await post();
    const results: BenchResult[] = [
      {
        name: `central entries: import a ${rows.toLocaleString('en')}-row Excel (POST /almacen_central_entradas_archivos)`,
        figures: { 'file KB': Math.round(bytes.byteLength / 1024), ms: first.ms, 'rows/s': Math.round((rows / first.ms) * 1000), 'entries created': first.body.nuevos, 'invalid rows': first.body.invalidos.length, 'products moved to 8': moved },
      },
      { name: 'central entries: the same file again (idempotent, nothing new)', figures: { ms: again.ms, 'entries created': again.body.nuevos } },
    ];
    return results;
  });
}
