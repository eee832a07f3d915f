import { describe, expect, it } from 'vitest';
import { createRecord, removeRecord } from '../../../../events/record/commands';
import { rebuildProjection } from '../../../../projections/rebuild';
import { sitesProjection } from '../../../../projections/sites';
import { useTestApi } from '../../../../tests/harness/api';

const t = useTestApi();

type Option = { value: number; label: string; id_empresa?: number; ruc?: string; ciudad?: string };

describe('companies and sites', () => {
  it('the demo loader creates 2 companies and 8 sites through record streams, projected inline', async () => {
    const streams = await t.sql`SELECT stream_type, count(*)::int AS n FROM es_streams
      WHERE stream_type IN ('empresa', 'obra') GROUP BY stream_type ORDER BY stream_type`;
    expect(streams.map((s) => [s.stream_type, s.n])).toEqual([['empresa', 2], ['obra', 8]]);
    const obras = await t.sql`SELECT o.ciudad, o.gastos_generales, e.ruc FROM rm_obras o JOIN rm_empresas e ON e.id = o.id_empresa ORDER BY o.id`;
    expect(obras.map((o) => o.ciudad)).toEqual(['Lima', 'Arequipa', 'Cusco', 'Piura', 'Trujillo', 'Ica', 'Lima', 'Callao']);
    expect(new Set(obras.map((o) => o.ruc))).toEqual(new Set(['20512345671', '20687654324']));
    expect(Number(obras[0].gastos_generales)).toBeGreaterThan(0);
  });

  it('GET /fil_datas/empresas lists the active companies for any signed-in user', async () => {
    const token = await t.login('mecanico@faena.pe');
    const r = await t.call('GET', '/fil_datas/empresas', { token });
    expect(r.status).toBe(200);
    const items = r.body.items as Option[];
    expect(items.map((i) => i.label)).toEqual(['Constructora Andina S.A.C.', 'Minera del Sur S.A.']);
    expect(items[0].ruc).toBe('20512345671');
    expect((await t.call('GET', '/fil_datas/empresas')).status).toBe(401);
  });

  it('GET /fil_datas/obras depends on id_empresa, searches, and caps limit at 500', async () => {
    const token = await t.login('root@faena.pe');
    const empresas = (await t.call('GET', '/fil_datas/empresas', { token })).body.items as Option[];
    const andina = empresas.find((e) => e.label.startsWith('Constructora'))!;
    const minera = empresas.find((e) => e.label.startsWith('Minera'))!;

    const ofAndina = (await t.call('GET', '/fil_datas/obras', { token, query: { id_empresa: andina.value } })).body.items as Option[];
    expect(ofAndina.map((o) => o.ciudad).sort()).toEqual(['Arequipa', 'Callao', 'Cusco', 'Lima', 'Lima', 'Piura']);
    expect(ofAndina.every((o) => o.id_empresa === andina.value)).toBe(true);
    const ofMinera = (await t.call('GET', '/fil_datas/obras', { token, query: { id_empresa: minera.value } })).body.items as Option[];
    expect(ofMinera.map((o) => o.ciudad).sort()).toEqual(['Ica', 'Trujillo']);

    const search = (await t.call('GET', '/fil_datas/obras', { token, query: { id_empresa: andina.value, query: 'HOSPITAL' } })).body.items as Option[];
    expect(search.map((o) => o.label)).toEqual(['Ampliación Hospital Regional del Cusco']);

    const one = await t.call('GET', '/fil_datas/obras', { token, query: { limit: 2 } });
    expect((one.body.items as Option[]).length).toBe(2);
    const max = await t.call('GET', '/fil_datas/obras', { token, query: { limit: 500 } });
    expect(max.status).toBe(200);
    const tooMany = await t.call('GET', '/fil_datas/obras', { token, query: { limit: 501 } });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.errors.limit).toBe('Máximo 500 opciones');
  });

  it('a disabled site leaves the select; the sites projection follows updates', async () => {
    const [obra] = await t.sql`SELECT id FROM rm_obras WHERE ciudad = 'Ica'`;
    const { setRecordEnabled, updateRecord } = await import('../../../../events/record/commands');
    await updateRecord(t.store, 'obra', obra.id, { gastos_generales: 91000.5 }, { metadata: { userId: 1 } });
    await setRecordEnabled(t.store, 'obra', obra.id, false, { metadata: { userId: 1 } });
    const [row] = await t.sql`SELECT estado, gastos_generales FROM rm_obras WHERE id = ${obra.id}`;
    expect([row.estado, Number(row.gastos_generales)]).toEqual([0, 91000.5]);
    const token = await t.login('root@faena.pe');
    const items = (await t.call('GET', '/fil_datas/obras', { token, query: { query: 'marcona' } })).body.items as Option[];
    expect(items).toEqual([]);
  });

  it('the sites projection rebuilds from the log to the same rows (assignments removed and made again included)', async () => {
    const store = t.store;
    const [obra] = await t.sql`SELECT id, id_empresa FROM rm_obras ORDER BY id LIMIT 1`;
    const fields = { id_user: 3, id_empresa: obra.id_empresa, id_obra: obra.id, estado: 1 };
    const first = await createRecord(store, 'user_obra', fields);
    await removeRecord(store, 'user_obra', first.id);
    await createRecord(store, 'user_obra', fields);
    const snapshot = async () => ({
      empresas: await t.sql`SELECT * FROM rm_empresas ORDER BY id`,
      obras: await t.sql`SELECT * FROM rm_obras ORDER BY id`,
      asignaciones: await t.sql`SELECT * FROM rm_user_obras ORDER BY id`,
    });
    const before = await snapshot();
    expect(before.asignaciones.filter((a) => a.id_user === 3)).toHaveLength(1);
    await t.sql`UPDATE rm_obras SET nombre = 'roto'`;
    const result = await rebuildProjection(t.sql, store, sitesProjection, 'inline');
    expect(result.applied).toBeGreaterThanOrEqual(2 + 6 + 3);
    expect(await snapshot()).toEqual(before);
  });
});
