import * as v from 'valibot';
import { GRUPOS, REGLAS } from '../site-expenses';
import type { ListRow } from './platform';
import { estado, flag01, instant, money, optText, option, ref, rowId } from './platform';

// The reply schemas of the sites (seed 001 §2, §7: list, total amount, general expenses) and of
// the people and site selects, and the types the web reads.

/** A row of GET /obras. */
export const obraRow = v.object({
  codigo: v.string(), nombre: v.string(), empresa: v.string(), direccion: v.string(), ciudad: v.string(), estado: estado(),
  gastos_generales: money(), monto_total: money(), id: rowId(), id_empresa: rowId(),
});

/** GET /obras/montoTotal and its save. */
export const montoTotalReply = v.object({ item: v.object({ id: rowId(), codigo: v.string(), nombre: v.string(), monto_total: money() }) });

const linea = v.object({
  id: rowId(), numero: v.number(), grupo: v.picklist(GRUPOS), concepto: v.string(), info: v.string(), usa_cantidad: flag01(), disabled: flag01(),
  regla: v.picklist(REGLAS), cantidad: v.number(), monto: v.number(), monto_total: v.number(),
});
const lineas = v.array(linea);

/** Both general-expenses calls: the four sections' lines (seed 001 §7), the site, the version they
 * were read at and the totals (whole soles; the site's money as decimal strings). */
export const gastosReply = v.object({
  concepto: lineas,
  gestion: lineas,
  almacen: lineas,
  tecnico: lineas,
  obra: v.object({
    id: rowId(), codigo: v.string(), nombre: v.string(), empresa: v.string(), ciudad: v.string(), estado: estado(), gastos_generales: money(), monto_total: money(),
  }),
  version: v.number(),
  totales: v.object({
    grupos: v.object({ concepto: v.number(), gestion: v.number(), almacen: v.number(), tecnico: v.number() }),
    personal: v.number(),
    total: v.number(),
  }),
});

const personOption = option({ name: v.string(), surname: v.string(), id_obra: ref() });

/** The people selects (operators, supervisors, mechanics…). */
export const peopleLookupReply = v.union([v.object({ item: v.nullable(personOption) }), v.object({ items: v.array(personOption) })]);

/** A row of GET /empresas. */
export const empresaRow = v.object({ id: rowId(), nombre: v.string(), ruc: v.string(), obras: v.number(), estado: estado(), date_created: instant() });
/** A company's form fields (crudItem adds id and the bookkeeping). */
export const empresaItem = { nombre: v.string(), ruc: v.string() };
/** A site's form fields; a new site's form (id 0) proposes the amounts as numbers. */
export const obraItem = {
  id_empresa: ref(), codigo: v.string(), nombre: v.string(), direccion: v.string(), ciudad: v.string(),
  gastos_generales: v.union([money(), v.number()]), monto_total: v.union([money(), v.number()]), plazo_necesidad_dias: v.number(),
};

export const empresaOption = { ruc: v.string() };
export const obraOption = { id_empresa: rowId(), codigo: v.string(), ciudad: optText() };

export type ObraRow = ListRow<typeof obraRow>;
export type MontoTotalItem = v.InferOutput<typeof montoTotalReply>['item'];
export type PersonOption = v.InferOutput<typeof personOption>;

/** The reply of both calls (obras-contracts.ts gastosReply). */
export type GastosReply = v.InferOutput<typeof gastosReply>;
export type GastosObra = GastosReply['obra'];
