import ExcelJS from 'exceljs';
import type { Sql } from 'postgres';

/** The Excel of central entries shipped with the demo (beside this file). Its rows follow from the
 * demo's requests through `sheetRows(plan)`; `npx tsx scripts/demo-entries-sheet.ts` writes it
 * again when the demo's requests change (the load refuses a file that no longer matches). */
export const DEMO_ENTRIES_FILE = 'ingresos-oc-demo.xlsx';
export const DEMO_ENTRIES_URL = new URL(`./${DEMO_ENTRIES_FILE}`, import.meta.url);

/** How far a request's goods go in the demo, in the order the candidates are given them. */
export type Story =
  | 'atendida' // entered, transferred (its order and central stock), received and issued: the OT shows REPUESTOS ATENDIDOS
  | 'salida_parcial' // received in full, part of it issued
  | 'recepcion_parcial' // transferred in full, part of it received
  | 'traslado_parcial' // entered, part of it transferred
  | 'traslado_solicitado' // part of the order entered, its transfer requested
  | 'ingresada' // entered in the central warehouse, nothing more
  | 'en_oc' // in a purchase order, its goods not arrived
  | 'desde_stock'; // nothing to buy: the central stock its Pedido recorded is transferred, received and issued

const BUYING_STORIES: Story[] = ['atendida', 'salida_parcial', 'recepcion_parcial', 'traslado_parcial', 'traslado_solicitado', 'ingresada', 'en_oc'];

export type PlanProduct = {
  id: number;
  codigo: string;
  descripcion: string;
  unidad: string;
  /** What the site asked for (cantidad_solicitada_por_almacen_obra). */
  cantidad: number;
  /** What the central warehouse had to buy (toBuy: the quantity when it recorded none). */
  por_comprar: number;
  /** What the central warehouse covered from its stock. */
  central: number;
  precio: number;
  /** The work order's part line it carries (what a site issue names). */
  id_linea_ot: number;
};

export type PlanRequest = {
  id: number;
  codigo: string;
  id_orden_trabajo: number;
  codigo_obra: string;
  obra: string;
  story: Story;
  /** The purchase order SICAM gives it (null for `desde_stock`). */
  numero_orden: string | null;
  productos: PlanProduct[];
};

/** A unit price in soles for a code, when its material has no average price (the demo's catalogue
 * has none): fixed by the code, between S/ 18 and about S/ 1,200, in steps of S/ 0.50. SICAM's
 * order carries it and the Excel's amounts are quantity × it, so the ledger's costs agree. */
export function demoUnitPrice(codigo: string): number {
  let h = 2166136261;
  for (const ch of codigo) h = Math.imul(h ^ ch.codePointAt(0)!, 16777619) >>> 0;
  return 18 + (h % 2365) / 2;
}

/** SICAM's number of the demo's k-th purchase order (its own id is the number's digits). */
export const orderNumber = (k: number) => `OC-${4_600_001 + k}`;

/**
 * The requests the demo's stock chain follows: the compra requests raised from work orders that
 * the purchase-request demo took to 5 solicitado (or that the chain finished, 7), in id order. The
 * ones with something to buy get a purchase order and the stories above in turn; those covered
 * entirely by central stock are served from it. Read the same before and after the chain loads
 * (the quantities it reads are the central warehouse's, which the chain does not change).
 */
export async function chainPlan(sql: Sql): Promise<PlanRequest[]> {
  const rows = await sql<Omit<PlanRequest, 'story' | 'numero_orden'>[]>`
    SELECT r.id::int, r.codigo, r.id_orden_trabajo::int, o.codigo AS codigo_obra, o.nombre AS obra,
           json_agg(json_build_object(
             'id', p.id, 'codigo', upper(coalesce(nullif(p.codigo, ''), m.codigo, '')), 'descripcion', coalesce(nullif(p.descripcion, ''), m.nombre, ''),
             'unidad', coalesce((SELECT u.nombre FROM rm_unidades u WHERE u.id = p.id_unidad), ''),
             'cantidad', p.cantidad_solicitada_por_almacen_obra::float8,
             'por_comprar', CASE WHEN p.cantidad_solicitada_por_almacen_central > 0 THEN p.cantidad_solicitada_por_almacen_central ELSE p.cantidad_solicitada_por_almacen_obra END::float8,
             'central', p.cantidad_en_almacen_central::float8, 'precio', coalesce(m.precio_medio, 0)::float8,
             'id_linea_ot', p.id_linea_ot) ORDER BY p.id) AS productos,
           bool_or(p.cantidad_solicitada_por_almacen_central > 0) AS buys
      FROM rm_solicitudes_compras r
      JOIN rm_obras o ON o.id = r.id_obra
      JOIN rm_productos_solicitados p ON p.id_solicitud_compra = r.id
      LEFT JOIN rm_materiales m ON m.id = p.id_material
     WHERE r.tipo = 1 AND r.id_orden_trabajo IS NOT NULL AND r.estado IN (5, 7)
     GROUP BY r.id, o.codigo, o.nombre HAVING bool_and(p.id_linea_ot IS NOT NULL)
     ORDER BY r.id`;
  const plan: PlanRequest[] = [];
  let k = 0;
  for (const { buys, ...r } of rows as unknown as (Omit<PlanRequest, 'story' | 'numero_orden'> & { buys: boolean })[]) {
    for (const p of r.productos) if (!(p.precio > 0)) p.precio = demoUnitPrice(p.codigo);
    if (!buys) {
      if (r.productos.every((p) => p.central >= p.cantidad)) plan.push({ ...r, story: 'desde_stock', numero_orden: null });
      continue;
    }
    if (k >= BUYING_STORIES.length) continue;
    plan.push({ ...r, story: BUYING_STORIES[k], numero_orden: orderNumber(k) });
    k++;
  }
  return plan;
}

/** What enters from the Excel for a product: all it waits for, or half of it (rounded up) for a
 * request whose order arrived in part. */
export function enteredQuantity(r: PlanRequest, p: PlanProduct): number {
  if (r.story === 'en_oc' || r.story === 'desde_stock') return 0;
  return r.story === 'traslado_solicitado' ? Math.ceil(p.por_comprar / 2) : p.por_comprar;
}

/** The Excel's header row: the seed's columns (seed 002 L71) as the purchasing system names them. */
export const SHEET_HEADERS = [
  'N°', 'Código Obra', 'Descripción Obra', 'Moneda', 'Fecha Desde', 'Fecha Hasta', 'Procedencia', 'Fecha Movimiento',
  'Código Recurso', 'Descripción Recurso', 'Unidad', 'Albarán', 'Cantidad', 'Importe', 'Número Orden Compra',
] as const;

export type SheetLine = (string | number | null)[];

/** The Excel's rows: one per product entering from its order (amount = quantity × the material's
 * average price, in soles), then two rows the import refuses (an order no request has; a quantity
 * of 0), so the files list shows invalid rows too. Dates are left empty: they are optional, and a
 * fixed date in a shipped file would drift away from the demo's own dates. */
export function sheetRows(plan: PlanRequest[]): SheetLine[] {
  const lines: SheetLine[] = [];
  const row = (obra: PlanRequest, p: PlanProduct, albaran: string, cantidad: number, orden: string): SheetLine => [
    lines.length + 1, obra.codigo_obra, obra.obra, 'PEN', null, null, 'COMPRA LOCAL', null,
    p.codigo, p.descripcion, p.unidad, albaran, cantidad, Math.round(cantidad * p.precio * 100) / 100, orden,
  ];
  for (const r of plan) {
    if (!r.numero_orden) continue;
    r.productos.forEach((p, i) => {
      const cantidad = enteredQuantity(r, p);
      if (cantidad > 0) lines.push(row(r, p, `GR-${r.numero_orden!.slice(3)}-${i + 1}`, cantidad, r.numero_orden!));
    });
  }
  const first = plan.find((r) => r.numero_orden && enteredQuantity(r, r.productos[0]) > 0);
  if (first) {
    lines.push(row(first, first.productos[0], 'GR-4699999-1', 2, 'OC-4699999'));
    lines.push(row(first, first.productos[0], `GR-${first.numero_orden!.slice(3)}-9`, 0, first.numero_orden!));
  }
  return lines;
}

/** The workbook of `rows` (one sheet 'Ingresos', the header first). */
export async function sheetBytes(rows: SheetLine[]): Promise<Uint8Array> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'SICAM';
  wb.created = new Date(Date.UTC(2026, 0, 1));
  wb.modified = wb.created;
  const ws = wb.addWorksheet('Ingresos');
  ws.addRow([...SHEET_HEADERS]);
  for (const r of rows) ws.addRow(r);
  return new Uint8Array(await wb.xlsx.writeBuffer());
}

/** The rows of a workbook as `sheetRows` gives them (the shipped file is compared with the plan). */
export async function readSheetLines(bytes: Uint8Array): Promise<SheetLine[]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(Buffer.from(bytes) as never);
  const ws = wb.worksheets[0];
  const lines: SheetLine[] = [];
  ws.eachRow((row, n) => {
    if (n === 1) return;
    lines.push(SHEET_HEADERS.map((_, i) => {
      const v = row.getCell(i + 1).value;
      return v === undefined || v === null ? null : (v as string | number);
    }));
  });
  return lines;
}

/** Whether two sets of rows are the same (an empty text cell reads back as empty). */
export function sameLines(a: SheetLine[], b: SheetLine[]): boolean {
  const norm = (lines: SheetLine[]) => JSON.stringify(lines.map((l) => l.map((x) => (x === '' ? null : x))));
  return norm(a) === norm(b);
}
