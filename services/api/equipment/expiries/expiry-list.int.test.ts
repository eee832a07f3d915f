import { beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { businessToday } from '@shared/time';
import { createRecord } from '../../../../events/record/commands';
import { useTestApi } from '../../../../tests/harness/api';
import { createTestEquipo } from '../../../../tests/harness/equipment';
import { hashPassword } from '../../auth/internal/password';

// GET /vencimientos and its export (issue 20, expiry alerts): the documents of active machines
// that expire within 30 days or have expired, by the shared list protocol.
const api = useTestApi({ demo: 'access' });
const tokens: Record<string, string> = {};
let norte = 0;
let sur = 0;

const plus = (days: number) => {
  const today = businessToday(new Date());
  return new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
};
const list = (token: string, query: Record<string, string | number> = {}) => api.call('GET', '/vencimientos', { token, query: { limit: 100, ...query } });
type Row = { codigo: string; documento: string; documento_nombre: string; dias: number; situacion: string; vence: string; vencido: number; obra: string };

beforeAll(async () => {
  const empresa = (await createRecord(api.store, 'empresa', { nombre: 'Empresa de prueba', ruc: '', estado: 1 })).id;
  const site = (codigo: string, nombre: string) => createRecord(api.store, 'obra', { id_empresa: empresa, codigo, nombre, direccion: '', ciudad: 'Lima', gastos_generales: 0, estado: 1 });
  norte = (await site('OB-N', 'Obra Norte')).id;
  sur = (await site('OB-S', 'Obra Sur')).id;
  await createTestEquipo(api.store, { id_obra: norte, codigo: 'LV-1', placa: 'ABC-123', soat_vence: plus(3), rv_vence: plus(45) });
  await createTestEquipo(api.store, { id_obra: norte, codigo: 'LV-2', rv_vence: plus(-2) });
  await createTestEquipo(api.store, { id_obra: sur, codigo: 'LV-3', soat_vence: plus(0), fecha_llegada: plus(-365 + 10), costo_anual_seguro: 900 });
  await createTestEquipo(api.store, { id_obra: sur, codigo: 'LV-4', soat_vence: plus(5), estado: 0 });
  tokens.jefe = await api.login('jefe@faena.pe');
  tokens.mecanico = await api.login('mecanico@faena.pe');
  const hash = await hashPassword('Faena2026!');
  await createRecord(api.store, 'user', { id_role: 15, id_obra: sur, name: 'Sara', surname: 'Sur', document: '49900004', email: 'sara.sur@faena.pe', all_works: 0, estado: 1 }, {
    within: async (tx, events) => void (await tx`INSERT INTO auth_credentials (id_user, password_hash) VALUES (${Number(events[0].data.id)}, ${hash})`),
  });
  tokens.sur = await api.login('sara.sur@faena.pe');
}, 120_000);

describe('GET /vencimientos', () => {
  it('lists the documents expiring within 30 days and the expired ones, soonest first; inactive machines and later dates are left out', async () => {
    const r = await list(tokens.jefe);
    expect(r.status, r.body.msg).toBe(200);
    const rows = r.body.items as Row[];
    expect(rows.map((x) => [x.codigo, x.documento_nombre, x.dias, x.situacion])).toEqual([
      ['LV-2', 'Revisión técnica', -2, 'Vencido'],
      ['LV-3', 'SOAT', 0, 'Vence hoy'],
      ['LV-1', 'SOAT', 3, 'Por vencer'],
      ['LV-3', 'Seguro', 10, 'Por vencer'],
    ]);
    expect(r.body.total).toBe(4);
    expect(rows[2]).toMatchObject({ vence: plus(3), obra: 'Obra Norte', vencido: 0, documento: 'soat' });
  });

  it('filters by site, document and situation; searches by code or plate; sorts by any column', async () => {
    const codes = async (query: Record<string, string | number>) => ((await list(tokens.jefe, query)).body.items as Row[]).map((x) => `${x.codigo}:${x.documento}`);
    expect(await codes({ id_obra: sur })).toEqual(['LV-3:soat', 'LV-3:seguro']);
    expect(await codes({ documento: 'soat' })).toEqual(['LV-3:soat', 'LV-1:soat']);
    expect(await codes({ vencido: 1 })).toEqual(['LV-2:rv']);
    expect(await codes({ vencido: 0, id_obra: norte })).toEqual(['LV-1:soat']);
    expect(await codes({ query: 'abc-1' })).toEqual(['LV-1:soat']);
    expect(await codes({ order_col: 'vence', order_dir: 'desc' })).toEqual(['LV-3:seguro', 'LV-1:soat', 'LV-3:soat', 'LV-2:rv']);
    const bad = await list(tokens.jefe, { documento: 'licencia', vencido: 3 });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['documento', 'vencido']);
  });

  it('a supervisor sees only their sites; a profile without the module gets 403', async () => {
    const r = await list(tokens.sur);
    expect(r.status).toBe(200);
    expect((r.body.items as Row[]).map((x) => x.codigo)).toEqual(['LV-3', 'LV-3']);
    expect((await list(tokens.mecanico)).status).toBe(403);
  });

  it('exports the filtered rows as xlsx with native dates and numbers', async () => {
    const r = await api.raw('GET', `/vencimientos/export?kind=xlsx&id_obra=${norte}`, { headers: { authorization: `Bearer ${tokens.jefe}` } });
    expect(r.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await r.arrayBuffer());
    const sheet = book.worksheets[0];
    const values = sheet.getSheetValues().filter(Boolean).map((row) => (row as unknown[]).slice(1));
    const header = values.findIndex((row) => row.includes('Equipo'));
    expect(values[header]).toEqual(['Equipo', 'Placa', 'Obra', 'Documento', 'Vence', 'Días', 'Situación']);
    const data = values.slice(header + 1);
    expect(data.map((row) => [row[0], row[3], row[5], row[6]])).toEqual([
      ['LV-2', 'Revisión técnica', -2, 'Vencido'],
      ['LV-1', 'SOAT', 3, 'Por vencer'],
    ]);
    expect(data[1][4]).toBeInstanceOf(Date);
  });
});
