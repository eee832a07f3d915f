import { expect } from 'vitest';
import { execute } from '../../events/execute';
import { createRecord } from '../../events/record/commands';
import { stock } from '../../events/stock/decider';
import type { TestApi } from './api';
import { createTestEquipo } from './equipment';
import { otPeople } from './work-order-fixture';

/** The people and the site of a profitability fixture, filled by the test's set-up. */
export type ProfitFixtureIds = { obra: number; operador: number; mecanico: number; supervisor: number };

/** The site of a profitability fixture: a new site `obra` of the first site's company (3,000 of
 * overheads), the people an OT names, and two machines arrived 2023-01-01 under `codes`: `m1` by
 * the hour (200, 36,000 over 36 months, insurance 3,650 a year) and `m2` by the month (9,000 for
 * 3 hours, 18,000 over 24 months, insurance 7,300 a year). */
export async function createProfitSite(t: TestApi, obra: { codigo: string; nombre: string }, codes: [string, string]) {
  const [empresa] = await t.sql<{ id_empresa: number }[]>`SELECT id_empresa::int FROM rm_obras ORDER BY id LIMIT 1`;
  const id_obra = (await createRecord(t.store, 'obra', { id_empresa: empresa.id_empresa, ...obra, direccion: '', ciudad: 'Lima', gastos_generales: 3000, monto_total: 0 }, { metadata: { userId: null, requestId: 'fixture' } })).id;
  const people = await otPeople(t.sql);
  const machine = { id_obra, fecha_llegada: '2023-01-01' };
  const m1 = (await createTestEquipo(t.store, { ...machine, codigo: codes[0], tipo_tarifa: 'HORA', tarifa: 200, horas: 0, costo_anual_seguro: 3650, costo_adquisicion: 36000, amortizacion: 36 })).id;
  const m2 = (await createTestEquipo(t.store, { ...machine, codigo: codes[1], tipo_tarifa: 'MES', tarifa: 9000, horas: 3, costo_anual_seguro: 7300, costo_adquisicion: 18000, amortizacion: 24 })).id;
  return { obra: id_obra, ...people, m1, m2 };
}

/** The fixture steps the profitability and generator tests share: a work order opened through the
 * API, a day's hour-meter log, and parts issued to an order at a known cost (a declared balance of
 * 10, then the exit). `firstStock` keeps each file's stock streams apart. */
export function profitFixture(t: TestApi, token: () => string, ids: ProfitFixtureIds, firstStock: number) {
  let nextStock = firstStock;
  return {
    async openOrder(id_equipo: number, tipo: number, apertura: string) {
      const r = await t.call('POST', '/ordenes_trabajo/create', { token: token(), json: {
        id: 0, version: 0, id_obra: ids.obra, id_equipo, placa_equipo: '', serie_equipo: 'S-1', fecha_parada: '', fecha_puesta_marcha: '',
        fecha_apertura_ot: apertura, fecha_cierre_ot: '', horometro_parada: '', horometro_puesta_marcha: '', horometro_apertura_ot: '1200',
        horometro_cierre_ot: '', kilometraje: '', tercero_ruc: '', tercero_razon_social: '', id_operador: ids.operador, id_mecanico: ids.mecanico,
        id_supervisor: ids.supervisor, firma_operador: 0, firma_mecanico: 0, firma_supervisor: 0, sin_productos: 1, terminado: 0,
        diagnosticos: [], intervenciones: [], documentos: [], productos_solicitados: [], id_tipo_mantenimiento: tipo,
      } });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body.id as number;
    },
    async log(id_equipo: number, fecha: string, w: number) {
      await createRecord(t.store, 'horometro', {
        id_equipo, id_obra: ids.obra, fecha, id_tipo_turno: 1, h_inicio: 1000, h_fin: 1000 + w, falla_operacional: 0, falla_neta: 0, falla_tajo: 0,
        obs_operacional: '', obs_neta: '', obs_tajo: '', estado: 1,
      }, { metadata: { userId: null, requestId: 'fixture' } });
    },
    async parts(codigo: string, costo: number, ot: number, cantidad: number, at: string) {
      const id = nextStock++;
      const key = { almacen: 'obra' as const, id_obra: ids.obra, codigo };
      const base = { key, id_material: null, descripcion: codigo, by: null };
      await execute(t.store, async (c) => {
        c.start(stock, id).decide({ ...base, type: 'MoveStock', motivo: 'stock_declarado', cantidad: 10, costo_unitario: costo, documento: { tipo: 'salida_obra', id: 1, referencia: 'fixture' } }, { occurredAt: new Date('2022-12-01T12:00:00Z') });
      });
      await execute(t.store, async (c) => {
        (await c.load(stock, id)).decide({ ...base, type: 'MoveStock', motivo: 'salida', cantidad: -cantidad, costo_unitario: null, id_orden_trabajo: ot, documento: { tipo: 'salida_obra', id: 1, referencia: 'VS-1' } }, { occurredAt: new Date(at) });
      });
    },
  };
}
