import { beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@shared/pm-forecast';
import { executeOn } from '../../../events/execute';
import { pmPlans } from '../../../events/pm-plan/decider';
import { createRecord } from '../../../events/record/commands';
import { pmPlansProjection } from '../../../projections/pm-plans';
import { useTestApi } from '../../../tests/harness/api';
import { createTestEquipo } from '../../../tests/harness/equipment';
import { createPlannedSite, noticesOf as noticesIn, userIdOf } from '../../../tests/harness/notices';
import { runPmOverdueNotices } from '../../app/preventive-maintenance/pm-overdue';
import { catchUpProjections } from '../../../tests/harness/catch-up';

// Issue 20, "Notifications from operations": the planners (the fleet chief and the site's
// supervisor) hear when a preventive plan becomes overdue: once per plan cycle and recipient,
// however many runs race; a service starts a new cycle, whose overdue is told again.
const api = useTestApi({ demo: 'access' });
const metadata = { userId: null, requestId: 'fixture' };
const D0 = '2026-05-01';
const at = (day: number) => new Date(`${addDays(D0, day)}T15:00:00Z`); // 10:00 in Lima
let obra = 0;
let equipo = 0;
let users: { jefe: number; supervisor: number; otraObra: number };

async function shifts(from: number, to: number, hoursAt: (day: number) => number) {
  for (let day = from; day < to; day++) {
    await createRecord(api.store, 'horometro', {
      id_equipo: equipo, id_obra: obra, fecha: addDays(D0, day), id_tipo_turno: 1, h_inicio: hoursAt(day) - 10, h_fin: hoursAt(day),
      falla_operacional: 0, falla_neta: 0, falla_tajo: 0, obs_operacional: '', obs_neta: '', obs_tajo: '', estado: 1,
    }, { metadata });
  }
}

const catchUp = () => catchUpProjections(api.sql, api.store, [pmPlansProjection]);

const noticesOf = (codigo: string) => noticesIn(api, codigo);

beforeAll(async () => {
  const site = await createPlannedSite(api, { codigo: 'OB-PMV', nombre: 'Obra Vencida' }, { codigo: 'OB-PMO', nombre: 'Obra Otra' }, { name: 'Olga', surname: 'Otra', document: '49900013', email: 'olga.otra@faena.pe' });
  obra = site.obra;
  const id = (email: string) => userIdOf(api, email);
  users = { jefe: await id('jefe@faena.pe'), supervisor: await id('supervisor@faena.pe'), otraObra: site.otraObra };
  equipo = (await createTestEquipo(api.store, { id_obra: obra, codigo: 'PMV-1', horometro: 0 })).id;
  // One plan: 250 h, last service at 1,000 h; the subgroup's inherited plan switched off.
  await executeOn(api.store, pmPlans, equipo, { type: 'SavePmPlan', id_equipo: equipo, id_plan: 0, fecha: D0, fields: { nombre: '', unidad: null, intervalo: null, intervenciones: [], productos: [], activo: false } }, { metadata });
  await executeOn(api.store, pmPlans, equipo, {
    type: 'SavePmPlan', id_equipo: equipo, id_plan: null, fecha: D0, ultimo_valor: 1000,
    fields: { nombre: 'Servicio 250 h', unidad: 'horas', intervalo: 250, intervenciones: ['Cambio de aceite'], productos: [], activo: true },
  }, { metadata });
  // Ten days of 10-hour shifts: 1,100 h, not due yet.
  await shifts(0, 10, (day) => 1010 + 10 * day);
  await catchUp();
}, 180_000);

describe('overdue preventive maintenance: the planners are told once per cycle', () => {
  it('not before it is overdue; then once to the fleet chief and the site supervisor, with runs racing; again after a service', async () => {
    const deps = { store: api.store, sql: api.sql };
    expect(await runPmOverdueNotices(deps, at(10))).toMatchObject({ sent: 0 });
    expect(await noticesOf('PMV-1')).toEqual([]);

    // Fifteen more shifts: 1,250 h reached (overdue).
    await shifts(10, 25, (day) => 1010 + 10 * day);
    await catchUp();
    const runs = await Promise.all([runPmOverdueNotices(deps, at(25)), runPmOverdueNotices(deps, at(25)), runPmOverdueNotices(deps, at(26))]);
    expect(runs.reduce((a, r) => a + r.sent, 0)).toBe(2);
    const first = await noticesOf('PMV-1');
    expect(first.map((n) => n.id_user).sort()).toEqual([users.jefe, users.supervisor].sort());
    expect(first[0].contenido).toBe('El mantenimiento preventivo «Servicio 250 h» de PMV-1 (Obra Vencida) está vencido');
    expect(await runPmOverdueNotices(deps, at(27))).toEqual({ sent: 0, skipped: 2 });

    // The service at 1,250 h starts a new cycle: quiet until it is overdue again at 1,500 h.
    await executeOn(api.store, pmPlans, equipo, { type: 'RecordPmService', id_equipo: equipo, id_plan: 1, valor: 1250, fecha: addDays(D0, 25), id_orden_trabajo: null }, { metadata });
    await catchUp();
    expect(await runPmOverdueNotices(deps, at(28))).toMatchObject({ sent: 0 });
    await shifts(25, 50, (day) => 1010 + 10 * day);
    await catchUp();
    expect(await runPmOverdueNotices(deps, at(50))).toMatchObject({ sent: 2 });
    expect(await noticesOf('PMV-1')).toHaveLength(4);
    expect((await noticesOf('PMV-1')).some((n) => n.id_user === users.otraObra)).toBe(false);
  }, 240_000);
});
