import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRecord, updateRecord } from '../../events/record/commands';
import { hashPassword } from '../../services/api/auth/internal/password';
import { useTestApi } from '../harness/api';

// Issue 13 §6 and §12: a supervisor who works on one site walks every path that reads a site's
// records — form, history, timeline, PDF, list export, equipment pickers, hour-meter proposal,
// live topics — and reads their own site's records but never another site's.
const api = useTestApi({ live: true });

type Ids = { own: number; other: number };
let token: string;
let sites: Ids;
const orders = {} as Ids;
const logs = {} as Ids;
const machines = {} as Ids;
let socket: Socket | undefined;

afterAll(() => socket?.close());

beforeAll(async () => {
  // Two sites that both have work orders and hour-meter logs in the demo data.
  const [a, b] = await api.sql<{ id: number }[]>`
    SELECT o.id_obra::int AS id FROM rm_ordenes_trabajo o WHERE EXISTS (SELECT 1 FROM rm_horometros h WHERE h.id_obra = o.id_obra)
     GROUP BY o.id_obra ORDER BY o.id_obra LIMIT 2`;
  sites = { own: a.id, other: b.id };
  for (const key of ['own', 'other'] as const) {
    const site = sites[key];
    orders[key] = Number((await api.sql`SELECT id FROM rm_ordenes_trabajo WHERE id_obra = ${site} ORDER BY id LIMIT 1`)[0].id);
    logs[key] = Number((await api.sql`SELECT id FROM rm_horometros WHERE id_obra = ${site} ORDER BY id LIMIT 1`)[0].id);
    machines[key] = Number((await api.sql`SELECT id FROM rm_equipos WHERE id_obra = ${site} AND estado = 1 ORDER BY id LIMIT 1`)[0].id);
  }
  // A supervisor of the first site only (no all_works, no other assignment).
  const hash = await hashPassword('Faena2026!');
  await createRecord(api.store, 'user', {
    id_role: 15, id_obra: sites.own, name: 'Sara', surname: 'Sitio Único', document: '49900001', email: 'sara.sitio@faena.pe', all_works: 0, estado: 1,
  }, { within: async (tx, events) => void (await tx`INSERT INTO auth_credentials (id_user, password_hash) VALUES (${Number(events[0].data.id)}, ${hash})`) });
  token = await api.login('sara.sitio@faena.pe');
});

/** Status of a call for the own site's record and for the other site's. */
async function both(call: (id: number) => Promise<{ status: number }>, ids: Ids) {
  return [(await call(ids.own)).status, (await call(ids.other)).status];
}

describe('one site scope on every read path of a site’s records', () => {
  it('the records’ own forms: 200 for the own site, 404 for another', async () => {
    expect(await both((id) => api.call('GET', '/ordenes_trabajo/form', { token, query: { id } }), orders)).toEqual([200, 404]);
    expect(await both((id) => api.call('POST', '/horometros/form', { token, json: { id } }), logs)).toEqual([200, 404]);
  });

  it('history, timeline and PDF follow the same rule', async () => {
    const history = await both((id) => api.call('GET', '/history', { token, query: { stream_type: 'horometro', id } }), logs);
    expect(history).toEqual([200, 404]);
    const timeline = await both((id) => api.call('GET', '/ordenes_trabajo/obtenerLineaDeTiempo', { token, query: { id_orden_trabajo: id } }), orders);
    expect(timeline).toEqual([200, 404]);
    const pdf = await both((id) => api.raw('GET', `/ordenes_trabajo/pdf?id=${id}`, { headers: { authorization: `Bearer ${token}` } }), orders);
    expect(pdf).toEqual([200, 404]);
    const details = await both((id) => api.call('GET', '/ordenes_trabajo/obtenerDetalle', { token, query: { id_orden_trabajo: id, tabla: 'diagnosticos' } }), orders);
    expect(details).toEqual([200, 404]);
  });

  it('list exports hold the own site’s rows only', async () => {
    const [own] = await api.sql`SELECT nombre FROM rm_obras WHERE id = ${sites.own}`;
    const [other] = await api.sql`SELECT nombre FROM rm_obras WHERE id = ${sites.other}`;
    for (const path of ['/horometros/export', '/ordenes_trabajo/export']) {
      const res = await api.raw('GET', `${path}?kind=csv`, { headers: { authorization: `Bearer ${token}` } });
      expect(res.status, path).toBe(200);
      const csv = await res.text();
      expect(csv, path).toContain(own.nombre);
      expect(csv, path).not.toContain(other.nombre);
    }
  });

  it('lookups: the equipment pickers and the hour-meter proposal offer the own site’s machines only', async () => {
    for (const path of ['/fil_datas/equipos', '/fil_datas/getEquipos']) {
      const all = (await api.call('GET', path, { token, query: { limit: 500 } })).body.items as { value: number; id_obra: number }[];
      expect(all.length, path).toBeGreaterThan(0);
      expect(new Set(all.map((i) => Number(i.id_obra))), path).toEqual(new Set([sites.own]));
      const otherSite = await api.call('GET', path, { token, query: { id_obra: sites.other } });
      expect(otherSite.body.items, path).toEqual([]);
      const byValue = await api.call('GET', path, { token, query: { value: machines.other } });
      expect(byValue.body.item, path).toBeNull();
    }
    const proposal = await both((id) => api.call('GET', '/horometros/infoHorometroEquipo', { token, query: { id_equipo: id } }), machines);
    expect(proposal).toEqual([200, 404]);
  });

  it('live topics: the socket follows its own site’s records only, and hears their changes', async () => {
    socket = io(`http://127.0.0.1:${api.server.port}`, { auth: { token }, transports: ['websocket'], reconnection: false });
    await new Promise<void>((resolve, reject) => {
      socket!.on('connect', () => resolve());
      socket!.on('connect_error', reject);
    });
    const heard: string[] = [];
    socket.on('live', (push: { topic: string }) => heard.push(push.topic));
    const wanted = [
      `work_order:${orders.own}`, `work_order:${orders.other}`, `horometro:${logs.own}`, `horometro:${logs.other}`,
      'horometro', 'work_order', 'role', 'access', `notifications:user:1`, 'session_closed:x',
    ];
    socket.emit('subscribe', wanted);
    // The server decides per topic (rights now, and the record's site); then the rooms are joined.
    const rooms = async () => {
      for (let i = 0; i < 50; i++) {
        const [s] = await api.server.io.fetchSockets();
        if (s.rooms.has('topic:access')) return s.rooms;
        await new Promise((r) => setTimeout(r, 20));
      }
      throw new Error('the subscription was not handled');
    };
    const joined = [...(await rooms())].filter((r) => r.startsWith('topic:')).map((r) => r.slice(6)).sort();
    // Its own notifications room is joined on connect, never by request; 'role' needs /roles.
    expect(joined).toEqual(['access', 'horometro', `horometro:${logs.own}`, 'notifications:user:' + String(await sara()), 'work_order', `work_order:${orders.own}`].sort());

    await updateRecord(api.store, 'horometro', logs.other, { obs_tajo: 'cambio en otra obra' });
    await updateRecord(api.store, 'horometro', logs.own, { obs_tajo: 'cambio en la obra propia' });
    for (let i = 0; i < 100 && !heard.includes(`horometro:${logs.own}`); i++) await new Promise((r) => setTimeout(r, 50));
    expect(heard).toContain(`horometro:${logs.own}`);
    expect(heard).not.toContain(`horometro:${logs.other}`);
  });
});

async function sara(): Promise<number> {
  const [u] = await api.sql`SELECT id FROM rm_users WHERE email = 'sara.sitio@faena.pe'`;
  return Number(u.id);
}
