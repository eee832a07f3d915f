import { businessToday } from '@shared/time';
import { describe, expect, it } from 'vitest';
import type { ProfitRow } from '../../../shared/profitability';
import { useTestApi } from '../../../tests/harness/api';
import { loadStoryData } from './loadStoryData';
import { STORY_MACHINE, STORY_SITE, storyQuarters } from './story-plan';

// Issue 19, "Demo data gives every report a year of figures that tell a story": on a clone of the
// demo data set (loaded through loadDemoData by the global setup), through the API the screens call.

const t = useTestApi();

type Block = { clave: string; items: { clave: string; valor: number | null }[] };

describe('the demo year tells its story in the reports', () => {
  it(`profitability: ${STORY_MACHINE} loses money while most machines make it, and every input has figures`, async () => {
    const admin = await t.login('admin@faena.pe');
    const search = await t.call('GET', '/reportes_rentabilidad', { token: admin });
    expect(search.status, JSON.stringify(search.body)).toBe(200);
    const datas = search.body.datas as (ProfitRow & { codigo_equipo: string })[];
    const sum = (k: keyof ProfitRow) => datas.reduce((s, d) => s + Number(d[k] ?? 0), 0);
    // Every cost the report adds up has figures over the demo year.
    for (const k of ['id_gf_1', 'id_gf_2', 'id_gf_3', 'seguro', 'amortizacion', 'gastos_generales', 'monto_facturado', 'horas_calculadas'] as const) expect(sum(k), k).toBeGreaterThan(0);

    const chart = async (id_selected: number) => {
      const r = await t.call('POST', '/reportes_rentabilidad/amortizacion', { token: admin, json: { id_selected } });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body.items as ProfitRow[];
    };
    const machines = await chart(1);
    const loser = machines.find((m) => m.nombre === STORY_MACHINE)!;
    expect(loser, STORY_MACHINE).toBeDefined();
    expect(loser.rentabilidad_total).toBeLessThan(0);
    // Costly repairs (MC and MCD parts) and few worked hours: its costs are several times what it bills.
    expect(loser.id_gf_2 + loser.id_gf_3).toBeGreaterThan(loser.id_gf_1);
    expect(loser.costo).toBeGreaterThan(2 * loser.monto_facturado);
    const others = machines.filter((m) => m.nombre !== STORY_MACHINE);
    expect(others.filter((m) => m.rentabilidad_total > 0).length).toBeGreaterThan(0.9 * others.length);
    // Its hours are the fleet's lowest.
    expect(Math.min(...others.map((m) => m.horas_calculadas))).toBeGreaterThan(loser.horas_calculadas);
    // Charts 2 to 4 have rows, each with MP, MC and MCD parts somewhere.
    for (const id of [2, 3, 4]) {
      const items = await chart(id);
      expect(items.length, `chart ${id}`).toBeGreaterThan(1);
      for (const k of ['id_gf_1', 'id_gf_2', 'id_gf_3'] as const) expect(items.some((r) => r[k] > 0), `chart ${id} ${k}`).toBe(true);
    }
  });

  it(`KPIs: ${STORY_SITE}'s preventive share rises quarter after quarter and its MTBF improves`, async () => {
    const admin = await t.login('admin@faena.pe');
    const [site] = await t.sql<{ id: number }[]>`SELECT id::int FROM rm_obras WHERE codigo = ${STORY_SITE}`;
    const shares: number[] = [];
    const mtbf: number[] = [];
    for (const q of storyQuarters(businessToday(new Date()))) {
      const r = await t.call('GET', '/kpis_generales', { token: admin, query: { id_obra: site.id, date_from: q.from, date_to: q.to } });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      const blocks = r.body.items as Block[];
      const value = (block: string, item: string) => blocks.find((b) => b.clave === block)!.items.find((i) => i.clave === item)!.valor;
      shares.push(value('preventivo', 'porcentaje_preventivo')!);
      mtbf.push(value('confiabilidad', 'mtbf')!);
    }
    for (let i = 1; i < 4; i++) {
      expect(shares[i], `share ${shares.join(' → ')}`).toBeGreaterThan(shares[i - 1]);
      expect(mtbf[i], `MTBF ${mtbf.join(' → ')}`).toBeGreaterThan(mtbf[i - 1]);
    }
    expect(shares[0]).toBeLessThan(30);
    expect(shares[3]).toBeGreaterThanOrEqual(55);
  });

  it('KPI report: every kind has rows with costs of the three maintenance types', async () => {
    const admin = await t.login('admin@faena.pe');
    for (const id_reporte of [1, 2, 3, 4, 5]) {
      const r = await t.call('GET', '/kpis_reporte', { token: admin, query: { id_reporte } });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      const items = r.body.items as { costo_mp: number; costo_mc: number; costo_mcd: number; costo_total: number }[];
      expect(items.length, `kind ${id_reporte}`).toBeGreaterThanOrEqual(id_reporte === 5 ? 3 : 2);
      for (const k of ['costo_mp', 'costo_mc', 'costo_mcd'] as const) expect(items.some((i) => i[k] > 0), `kind ${id_reporte} ${k}`).toBe(true);
    }
    // The chart's series: the first sites with MP, MC and MCD costs per hour.
    const r = await t.call('GET', '/kpis_reporte', { token: admin, query: { id_reporte: 1 } });
    const calculo = r.body.calculo as { costo_mp_hora: number; costo_mc_hora: number; costo_mcd_hora: number }[];
    for (const k of ['costo_mp_hora', 'costo_mc_hora', 'costo_mcd_hora'] as const) expect(calculo.filter((c) => c[k] > 0).length, k).toBeGreaterThan(calculo.length / 2);
  });

  it('loading again adds nothing', async () => {
    const [before] = await t.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM es_events`;
    expect(await loadStoryData(t.store)).toEqual({ historia: { ordenes: 0, repuestos: 0 } });
    const [after] = await t.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM es_events`;
    expect(after.n).toBe(before.n);
  });
});
