import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@shared/pm-forecast';
import { businessToday } from '@shared/time';
import { executeOn } from '../../events/execute';
import { pmPlans } from '../../events/pm-plan/decider';
import { pmSites } from '../../events/pm-site/decider';
import { createRecord } from '../../events/record/commands';
import { pmPlansProjection } from '../../projections/pm-plans';
import { useTestApi } from '../../tests/harness/api';
import { createBoss, type Boss } from '../shared/boss';
import { openDuePreventiveOrders, PM_AUTO_OPEN_QUEUE, sendPmAutoOpen } from './pm-auto-open';
import { catchUpProjections } from '../../tests/harness/catch-up';

// Issue 20 acceptance: the automatic opening job, run by two workers over a simulated month,
// opens each due OT exactly once. Each simulated day: yesterday's 10-hour shift is logged, both
// workers send the day's job (pg-boss keeps one: singleton key and slot), both fetch, and each
// also runs the opening on its own at the same moment (a duplicate delivery): still one OT per
// due plan, on the day it came within the site's 3 days.
const t = useTestApi();
const metadata = { userId: null, requestId: 'fixture' };
const START = businessToday(new Date());
const ids = { obra: 0, a: 0, b: 0 };
let workers: Boss[] = [];
let clock = new Date();

async function log(idEquipo: number, fecha: string, end: number) {
  await createRecord(t.store, 'horometro', {
    id_equipo: idEquipo, id_obra: ids.obra, fecha, id_tipo_turno: 1, h_inicio: end - 10, h_fin: end,
    falla_operacional: 0, falla_neta: 0, falla_tajo: 0, obs_operacional: '', obs_neta: '', obs_tajo: '', estado: 1,
  }, { metadata });
}

async function machine(codigo: string): Promise<number> {
  const [kind] = await t.sql<{ p: number; g: number; s: number }[]>`SELECT id AS p, id_equipo_grupo AS g, id_equipo_subgrupo AS s FROM rm_equipo_productos ORDER BY id LIMIT 1`;
  const [brand] = await t.sql<{ m: number; mo: number }[]>`SELECT id_marca AS m, id AS mo FROM rm_modelos ORDER BY id LIMIT 1`;
  return (await createRecord(t.store, 'equipo', {
    id_obra: ids.obra, codigo, codigo_sub_obra: 'SO-1', id_equipo_grupo: kind.g, id_equipo_subgrupo: kind.s, id_equipo_producto: kind.p,
    id_marca: brand.m, id_modelo: brand.mo, id_marca_motor: brand.m, id_modelo_motor: brand.mo, serie: `S-${codigo}`, anio: 2020, horometro: 0, tipo_tarifa: 'HORA', estado: 1,
  }, { metadata })).id;
}

const catchUp = () => catchUpProjections(t.sql, t.store, [pmPlansProjection]);

beforeAll(async () => {
  const [empresa] = await t.sql<{ id: number }[]>`SELECT id FROM rm_empresas ORDER BY id LIMIT 1`;
  ids.obra = (await createRecord(t.store, 'obra', { id_empresa: empresa.id, codigo: 'OB-PM', nombre: 'Obra PM automática', direccion: '', ciudad: 'Lima', gastos_generales: 0, estado: 1 }, { metadata })).id;
  const one = async (q: Promise<{ id: number }[]>) => (await q)[0].id;
  const grupo = (await createRecord(t.store, 'grupo_funcional', { sigla: 'PMA', nombre: 'Preventivo (prueba)', estado: 1 }, { metadata })).id;
  const elemento = (await createRecord(t.store, 'grupo_funcional_elemento', { numero: '97.01', nombre: 'Servicio preventivo', id_grupo_funcional: grupo, id_padre: null, estado: 1 }, { metadata })).id;
  await executeOn(t.store, pmSites, ids.obra, {
    type: 'SavePmSiteSettings', id_obra: ids.obra,
    settings: {
      auto_abrir: true, dias_anticipacion: 3, id_grupo_funcional: grupo, id_grupo_funcional_elemento: elemento,
      id_operador: await one(t.sql`SELECT id FROM rm_users WHERE id_role = 11 ORDER BY id LIMIT 1`),
      id_mecanico: await one(t.sql`SELECT id FROM rm_users WHERE id_role = 14 ORDER BY id LIMIT 1`),
      id_supervisor: await one(t.sql`SELECT id FROM rm_users WHERE id_role = 15 ORDER BY id LIMIT 1`),
    },
  }, { metadata });
  ids.a = await machine('PMA-1');
  ids.b = await machine('PMA-2');
  // 30 days of 10-hour shifts before the month: A ends at 1,100 h, B at 300 h.
  for (let i = 30; i >= 1; i--) {
    await log(ids.a, addDays(START, -i), 1100 - 10 * (i - 1));
    await log(ids.b, addDays(START, -i), 300 - 10 * (i - 1));
  }
  const plan = (id: number, intervalo: number, ultimo_valor: number) =>
    executeOn(t.store, pmPlans, id, {
      type: 'SavePmPlan', id_equipo: id, id_plan: null, fecha: START, ultimo_valor,
      fields: { nombre: `Servicio ${intervalo} h`, unidad: 'horas', intervalo, intervenciones: ['Cambio de aceite', 'Cambio de filtros'], productos: [], activo: true },
    }, { metadata });
  await plan(ids.a, 250, 1000); // due at 1,250 h: 15 days of use left on the first day
  await plan(ids.b, 500, 0); // due at 500 h: 20 days left
  // Their subgroup's inherited plan is switched off: one plan per machine here.
  for (const id of [ids.a, ids.b]) {
    await executeOn(t.store, pmPlans, id, { type: 'SavePmPlan', id_equipo: id, id_plan: 0, fecha: START, fields: { nombre: '', unidad: null, intervalo: null, intervenciones: [], productos: [], activo: false } }, { metadata });
  }
  await catchUp();
  workers = [t.boss, createBoss(t.sql, { supervise: false })];
  await workers[1].start();
}, 180_000);

afterAll(async () => {
  await workers[1]?.stop({ graceful: false }).catch(() => undefined);
});

describe('automatic opening of preventive OTs (issue 20)', () => {
  it('two workers over a simulated month open each due OT exactly once, on the day it comes within 3 days', async () => {
    const deps = { sql: t.sql, store: t.store, now: () => clock };
    const openedOn: Record<number, string[]> = {};
    let jobs = 0;
    for (let day = 0; day < 30; day++) {
      const today = addDays(START, day);
      clock = new Date(`${today}T15:00:00Z`); // 10:00 in Lima
      if (day > 0) {
        await log(ids.a, addDays(today, -1), 1100 + 10 * day);
        await log(ids.b, addDays(today, -1), 300 + 10 * day);
      }
      const before = await t.sql<{ id: number; id_equipo: number }[]>`SELECT id, id_equipo FROM rm_ordenes_trabajo WHERE id_obra = ${ids.obra}`;
      // Both workers send the day's job: one is kept.
      const sent = await Promise.all(workers.map((w) => sendPmAutoOpen(w, 3600, clock)));
      jobs += sent.filter(Boolean).length;
      const fetched = await Promise.all(workers.map((w) => w.fetch(PM_AUTO_OPEN_QUEUE)));
      await Promise.all(
        workers.map(async (w, i) => {
          const job = fetched[i]?.[0];
          // Each worker runs the opening (its job, or a duplicate delivery) at the same moment.
          await openDuePreventiveOrders(deps);
          if (job) await w.complete(PM_AUTO_OPEN_QUEUE, job.id);
        }),
      );
      if (day % 3 === 0) await catchUp(); // the board's table lags on other days: the plan's stream decides
      const after = await t.sql<{ id: number; id_equipo: number }[]>`SELECT id, id_equipo FROM rm_ordenes_trabajo WHERE id_obra = ${ids.obra}`;
      for (const o of after.filter((x) => !before.some((b) => b.id === x.id))) (openedOn[o.id_equipo] ??= []).push(today);
    }
    expect(jobs).toBe(30);
    // A: 1,100 h + 10 h a day reaches 1,220 h (30 h left: 3 days) on day 12; B: 470 h on day 17.
    expect(openedOn).toEqual({ [ids.a]: [addDays(START, 12)], [ids.b]: [addDays(START, 17)] });
    const orders = await t.sql<{ id: number; id_equipo: number; n: number; tipo: number }[]>`
      SELECT o.id, o.id_equipo, (SELECT count(*)::int FROM rm_ot_lineas l WHERE l.id_orden_trabajo = o.id) AS n, o.id_tipo_mantenimiento::int AS tipo
        FROM rm_ordenes_trabajo o WHERE o.id_obra = ${ids.obra} ORDER BY o.id`;
    expect(orders.map((o) => o.n)).toEqual([2, 2]); // the plan's two interventions, as lines
    expect(orders.map((o) => o.tipo)).toEqual([1, 1]); // preventive: MP
    await catchUp();
    const links = await t.sql`SELECT id_equipo::int, id_orden_trabajo::int FROM rm_pm_planes WHERE id_equipo IN ${t.sql([ids.a, ids.b])} AND id_orden_trabajo IS NOT NULL ORDER BY id_equipo`;
    expect(links).toEqual(orders.map((o) => ({ id_equipo: o.id_equipo, id_orden_trabajo: o.id })));
  }, 300_000);
});
