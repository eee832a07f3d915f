// The stock's reply schemas (seed 002 §7 "Stock"): the stock per site and material, the ledger of
// movements and the stock as of an instant, as the API sends them and the web reads them.

import * as v from 'valibot';
import { instant, rowId } from './platform';

export const stockRow = v.object({
  almacen_nombre: v.string(), codigo: v.string(), descripcion: v.string(), nombre_unidad: v.nullable(v.string()), saldo: v.number(), costo_promedio: v.number(), valor: v.number(),
  movimientos: v.number(), fecha_ultimo: instant(), id: rowId(), almacen: v.string(), id_obra: v.number(), id_material: v.nullable(v.number()),
});
export const ledgerRow = v.object({
  fecha: instant(), almacen_nombre: v.string(), codigo: v.string(), descripcion: v.string(), motivo_nombre: v.string(), documento: v.string(), cantidad: v.number(),
  saldo_anterior: v.number(), saldo: v.number(), costo_unitario: v.number(), costo_promedio: v.number(), moneda: v.nullable(v.string()), usuario: v.nullable(v.string()),
  id: rowId(), id_stock: rowId(), almacen: v.string(), id_obra: v.number(), motivo: v.string(), documento_tipo: v.string(), documento_id: rowId(),
  id_producto: v.nullable(v.number()), id_linea: v.nullable(v.number()), id_orden_trabajo: v.nullable(v.number()),
});
export const asOfItem = v.object({
  id_stock: rowId(), almacen: v.string(), almacen_nombre: v.string(), id_obra: v.number(), codigo: v.string(), descripcion: v.string(),
  saldo: v.number(), costo_promedio: v.number(), valor: v.number(), movimientos: v.number(),
});
export type StockRow = v.InferOutput<typeof stockRow>;
export type LedgerRow = v.InferOutput<typeof ledgerRow>;
export type AsOfRow = v.InferOutput<typeof asOfItem>;
