import { expect } from 'vitest';
import { execute } from '../../events/execute';
import { createRecord } from '../../events/record/commands';
import { stock } from '../../events/stock/decider';
import type { TestApi } from './api';

/** The people and the site of a profitability fixture, filled by the test's set-up. */
export type ProfitFixtureIds = { obra: number; operador: number; mecanico: number; supervisor: number };

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
