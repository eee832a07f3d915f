import { beforeAll, describe, expect, it } from 'vitest';
import { updateRecord } from '../../../../events/record/commands';
import { useTestApi } from '../../../../tests/harness/api';
import { createTestEquipo } from '../../../../tests/harness/equipment';
import { createPlannedSite, noticesOf as noticesIn, userIdOf } from '../../../../tests/harness/notices';
import { createLogger } from '../../../shared/logger';
import { startExpiryAlertsWorker } from '../../../worker/expiry-alerts';
import { runExpiryAlerts } from '../../../app/equipment/expiry-alerts';

// Issue 20, expiry alerts: the notices of SOAT, technical inspection and insurance go out 30, 7 and
// 1 day before, once each, to the fleet chief and the site's supervisor, however many runs and
// workers. The clock is injected: 31 simulated days, two runs a day racing as two workers would.
const api = useTestApi({ demo: 'access' });
const D0 = '2026-03-01';
let obra = 0;
let users: { jefe: number; supervisor: number; admin: number; otraObra: number };

const at = (day: number, hour = 8) => new Date(Date.parse(`${D0}T${String(hour + 5).padStart(2, '0')}:00:00Z`) + day * 86_400_000);
const plus = (day: number) => new Date(Date.parse(`${D0}T00:00:00Z`) + day * 86_400_000).toISOString().slice(0, 10);

const noticesOf = (codigo: string) => noticesIn(api, codigo);

beforeAll(async () => {
  // Sara, a supervisor of another site only: never told of this site's machines.
  const site = await createPlannedSite(api, { codigo: 'OB-VENC', nombre: 'Obra Norte' }, { codigo: 'OB-OTRA', nombre: 'Obra Sur' }, { name: 'Sara', surname: 'Sur', document: '49900003', email: 'sara.sur@faena.pe' });
  obra = site.obra;
  const id = (email: string) => userIdOf(api, email);
  users = { jefe: await id('jefe@faena.pe'), supervisor: await id('supervisor@faena.pe'), admin: await id('admin@faena.pe'), otraObra: site.otraObra };
}, 120_000);

describe('expiry notices: 30, 7 and 1 day before, once each', () => {
  it('over 31 simulated days with two runs a day racing, each notice is stored exactly once per recipient', async () => {
    // SOAT 31 days ahead: all three notices. Inspection 5 days ahead (first seen inside the 7-day
    // bucket): the 7- and 1-day notices only. Insurance renewing 20 days ahead (a year from its
    // start on arrival, with an annual cost): 30, 7 and 1; its next year is far away.
    const soat = await createTestEquipo(api.store, { id_obra: obra, codigo: 'VX-SOAT', soat_vence: plus(31) });
    await createTestEquipo(api.store, { id_obra: obra, codigo: 'VX-RV', rv_vence: plus(5) });
    await createTestEquipo(api.store, { id_obra: obra, codigo: 'VX-SEG', fecha_llegada: '2025-03-21', costo_anual_seguro: 1200 });
    await createTestEquipo(api.store, { id_obra: obra, codigo: 'VX-OFF', soat_vence: plus(3), estado: 0 }); // inactive: never
    await createTestEquipo(api.store, { id_obra: obra, codigo: 'VX-OLD', soat_vence: plus(-10) }); // expired: listed, not notified

    const deps = { store: api.store, sql: api.sql };
    const perDay: number[] = [];
    for (let day = 0; day <= 30; day++) {
      const runs = await Promise.all([runExpiryAlerts(deps, at(day, 6)), runExpiryAlerts(deps, at(day, 6))]);
      const late = await runExpiryAlerts(deps, at(day, 18));
      perDay.push(runs[0].sent + runs[1].sent + late.sent);
      expect(late.sent, `day ${day}: the second run of the day sends nothing`).toBe(0);
    }

    const days = (codigo: string) => noticesOf(codigo).then((rows) => rows.map((r) => [r.id_user, r.contenido]));
    const both = (texts: string[]) => texts.flatMap((t) => [[users.jefe, t], [users.supervisor, t]]).sort();
    expect((await days('VX-SOAT')).sort()).toEqual(
      both([
        `SOAT de VX-SOAT (Obra Norte) vence en 30 días, el ${fmt(plus(31))}`,
        `SOAT de VX-SOAT (Obra Norte) vence en 7 días, el ${fmt(plus(31))}`,
        `SOAT de VX-SOAT (Obra Norte) vence mañana, el ${fmt(plus(31))}`,
      ]),
    );
    expect((await days('VX-RV')).sort()).toEqual(
      both([`Revisión técnica de VX-RV (Obra Norte) vence en 5 días, el ${fmt(plus(5))}`, `Revisión técnica de VX-RV (Obra Norte) vence mañana, el ${fmt(plus(5))}`]),
    );
    expect((await days('VX-SEG')).sort()).toEqual(
      both([
        `Seguro de VX-SEG (Obra Norte) vence en 20 días, el ${fmt(plus(20))}`,
        `Seguro de VX-SEG (Obra Norte) vence en 7 días, el ${fmt(plus(20))}`,
        `Seguro de VX-SEG (Obra Norte) vence mañana, el ${fmt(plus(20))}`,
      ]),
    );
    expect(await noticesOf('VX-OFF')).toEqual([]);
    expect(await noticesOf('VX-OLD')).toEqual([]);
    // Nobody else is told: not the administrator, not another site's supervisor.
    const told = await api.sql<{ id_user: number }[]>`SELECT DISTINCT id_user::int FROM rm_notifications WHERE contenido LIKE '% de VX-%'`;
    expect(told.map((r) => r.id_user).sort()).toEqual([users.jefe, users.supervisor].sort());
    expect(perDay.reduce((a, b) => a + b)).toBe(16);
    // The bookkeeping matches the notifications one to one.
    const [{ n }] = await api.sql`SELECT count(*)::int AS n FROM expiry_notices k JOIN rm_notifications x ON x.id = k.id_notification WHERE k.id_equipo IN (SELECT id FROM rm_equipos WHERE codigo LIKE 'VX-%')`;
    expect(n).toBe(16);
    void soat;
  }, 240_000);

  it('a renewed document starts its notices again', async () => {
    const m = await createTestEquipo(api.store, { id_obra: obra, codigo: 'VX-REN', soat_vence: plus(40 + 7) });
    const deps = { store: api.store, sql: api.sql };
    await runExpiryAlerts(deps, at(40));
    expect((await noticesOf('VX-REN')).length).toBe(2);
    await updateRecord(api.store, 'equipo', m.id, { soat_vence: plus(40 + 6) });
    await runExpiryAlerts(deps, at(40));
    expect((await noticesOf('VX-REN')).length).toBe(4);
  });

  it('two workers with the job clock: one run per hour slot, and the notices once', async () => {
    await createTestEquipo(api.store, { id_obra: obra, codigo: 'VX-JOB', rv_vence: plus(60 + 1) });
    const log = createLogger({}, true);
    const now = () => at(60);
    const workers = [await startExpiryAlertsWorker(api.boss, { store: api.store, sql: api.sql, log, now }), await startExpiryAlertsWorker(api.boss, { store: api.store, sql: api.sql, log, now })];
    await expect.poll(async () => (await noticesOf('VX-JOB')).length, { timeout: 30_000, interval: 200 }).toBe(2);
    workers.forEach((w) => w.stop());
    expect((await noticesOf('VX-JOB')).map((r) => r.id_user).sort()).toEqual([users.jefe, users.supervisor].sort());
  }, 60_000);
});

const fmt = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
