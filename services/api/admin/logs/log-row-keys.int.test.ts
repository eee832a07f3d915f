import { describe, expect, it } from 'vitest';
import { useTestApi } from '../../../../tests/harness/api';
import { catchUpActivityLog } from '../../../../tests/harness/catch-up-activity-log';
import { eventCatalogue } from '../../../../events/catalogues';

// Issue 29: seeds 000 and 002 give a log entry the keys tl_icon, tl_color, tl_name, id_parent,
// data_json and data. The activity log (/logs, /solicitud_compra_logs), the record history
// (/history) and the work order's timeline carry them beside their own keys, from the event
// catalogue and the event's data.
const api = useTestApi();

type Row = Record<string, unknown>;

async function newModel(token: string, brandName: string) {
  const brand = await api.call('POST', '/marcas/create', { token, json: { id: 0, nombre: brandName } });
  expect(brand.status).toBe(200);
  const idMarca = (brand.body.item as { id: number }).id;
  const model = await api.call('POST', '/modelos/create', { token, json: { id: 0, id_marca: idMarca, nombre: 'ZE205E' } });
  expect(model.status).toBe(200);
  const id = (model.body.item as { id: number }).id;
  expect((await api.call('POST', '/modelos/create', { token, json: { id, id_marca: idMarca, nombre: 'ZE215E' } })).status).toBe(200);
  return { id, idMarca };
}

describe("the seeds' log-entry keys", () => {
  it('GET /logs: a created and an updated model carry the catalogue badge, the brand as parent and the event data', async () => {
    const token = await api.login('admin@faena.pe');
    const { id, idMarca } = await newModel(token, 'Zoomlion (registros)');
    await catchUpActivityLog(api.sql, api.store);

    const r = await api.call('GET', '/logs', { token, query: { target: 'modelo', id_target: id } });
    expect(r.status).toBe(200);
    const [updated, created] = r.body.items as Row[];
    expect(created).toMatchObject({
      event_type: 'RecordCreated',
      tl_name: eventCatalogue.RecordCreated.label,
      tl_icon: eventCatalogue.RecordCreated.icon,
      tl_color: eventCatalogue.RecordCreated.color,
      id_parent: idMarca,
      data: { fields: { id_marca: idMarca, nombre: 'ZE205E' } },
    });
    expect(JSON.parse(String(created.data_json))).toEqual(created.data);
    expect(updated).toMatchObject({
      event_type: 'RecordUpdated',
      tl_name: eventCatalogue.RecordUpdated.label,
      tl_icon: eventCatalogue.RecordUpdated.icon,
      tl_color: eventCatalogue.RecordUpdated.color,
      // The update did not touch the brand: the event does not name a parent.
      id_parent: null,
      data: { changes: { nombre: { from: 'ZE205E', to: 'ZE215E' } } },
      changes: { nombre: { from: 'ZE205E', to: 'ZE215E' } },
    });
    expect(JSON.parse(String(updated.data_json))).toEqual(updated.data);
  });

  it('GET /logs: a sign-in keeps its token hash out of data and data_json', async () => {
    const token = await api.login('admin@faena.pe');
    await catchUpActivityLog(api.sql, api.store);
    const r = await api.call('GET', '/logs', { token, query: { type_log: 'SessionOpened', limit: 1 } });
    const [row] = r.body.items as Row[];
    expect(row).toMatchObject({ tl_icon: eventCatalogue.SessionOpened.icon, tl_color: eventCatalogue.SessionOpened.color, id_parent: null });
    const [stored] = await api.sql`SELECT data FROM es_events WHERE global_position = ${row.id as number}`;
    expect(Object.keys(stored.data as object)).toContain('token_hash');
    expect(Object.keys(row.data as object)).not.toContain('token_hash');
    expect(String(row.data_json)).not.toContain('token_hash');
  });

  it('GET /history: each event of the model with the same keys, from its own stream', async () => {
    const token = await api.login('admin@faena.pe');
    const { id, idMarca } = await newModel(token, 'Zoomlion (historial)');
    const r = await api.call('GET', '/history', { token, query: { stream_type: 'modelo', id } });
    expect(r.status).toBe(200);
    const [created, updated] = r.body.items as Row[];
    expect(created).toMatchObject({
      type: 'RecordCreated',
      tl_name: 'Creación',
      tl_icon: eventCatalogue.RecordCreated.icon,
      tl_color: eventCatalogue.RecordCreated.color,
      id_parent: idMarca,
      data: { fields: { id_marca: idMarca, nombre: 'ZE205E' } },
      data_json: JSON.stringify(created.data),
    });
    expect(updated).toMatchObject({ type: 'RecordUpdated', tl_name: 'Modificación', id_parent: null, data: { changes: { nombre: { from: 'ZE205E', to: 'ZE215E' } } } });
  });

  it("the work order's timeline and /solicitud_compra_logs: the opening names the machine as parent", async () => {
    const token = await api.login('admin@faena.pe');
    const [ot] = await api.sql`SELECT id::int AS id, id_equipo::int AS id_equipo, codigo FROM rm_ordenes_trabajo ORDER BY id LIMIT 1`;
    const timeline = await api.call('GET', '/ordenes_trabajo/obtenerLineaDeTiempo', { token, query: { id_orden_trabajo: ot.id } });
    expect(timeline.status).toBe(200);
    const [opened] = timeline.body.flujo_total as Row[];
    expect(opened).toMatchObject({
      tipo: 'WorkOrderOpened',
      tl_name: eventCatalogue.WorkOrderOpened.label,
      tl_icon: eventCatalogue.WorkOrderOpened.icon,
      tl_color: eventCatalogue.WorkOrderOpened.color,
      id_parent: ot.id_equipo,
      data: { id: ot.id, codigo: ot.codigo },
    });
    expect(JSON.parse(String(opened.data_json))).toEqual(opened.data);

    await catchUpActivityLog(api.sql, api.store);
    const logs = await api.call('GET', '/solicitud_compra_logs', { token, query: { target: 'work_order', id_target: ot.id, type_log: 'WorkOrderOpened' } });
    expect(logs.status).toBe(200);
    expect(logs.body.items).toEqual([
      expect.objectContaining({ tl_icon: eventCatalogue.WorkOrderOpened.icon, tl_color: eventCatalogue.WorkOrderOpened.color, id_parent: ot.id_equipo, data: expect.objectContaining({ codigo: ot.codigo }) }),
    ]);
  });
});
