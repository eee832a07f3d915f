import type { CommandContext, Stream } from '../../../events/execute';
import { stock } from '../../../events/stock/decider';
import type { MoveStock, StockCommand, StockEvent, StockKey, StockMovedData, StockState } from '../../../events/stock/types';
import type { Db } from '../../../events/store';

/** How a balance is named in maps and locks. */
export const stockKeyText = (k: StockKey) => `${k.almacen}:${k.id_obra}:${k.codigo}`;

/** The ledger's material code: upper case, trimmed; a material without a code is named by its id. */
export function stockCode(codigo: string | null | undefined, idMaterial?: number | null): string {
  const c = (codigo ?? '').trim().toUpperCase();
  if (c) return c.slice(0, 100);
  return idMaterial ? `MAT-${idMaterial}` : 'SIN CÓDIGO';
}

/** SQL of a requested product's ledger code (`p` the product, `m` its material): the product's own
 * code, else its material's; the same expression the central entries and transfers group by. */
export const PRODUCT_CODE_SQL = "upper(coalesce(nullif(p.codigo, ''), m.codigo, ''))";

type StockStream = Stream<StockState, StockCommand, StockEvent>;

/** The stock movements of one command. `lock` first (every balance the command will move, before it
 * reads what the movements depend on): the balances' rows are created when new and locked in id
 * order, so movements of one balance run one after the other and each decides on the balance the
 * previous one left; then `move` appends each movement on its balance (refused with 409 when it
 * would go below zero). */
export function stockMoves(c: CommandContext) {
  const ids = new Map<string, number>();
  const streams = new Map<string, StockStream>();

  async function lock(keys: StockKey[]): Promise<void> {
    const fresh = [...new Map(keys.filter((k) => !ids.has(stockKeyText(k))).map((k) => [stockKeyText(k), k])).values()];
    if (!fresh.length) return;
    const rows = fresh.map((k) => ({ almacen: k.almacen, id_obra: k.id_obra, codigo: k.codigo }));
    await c.tx`INSERT INTO stock_keys ${c.tx(rows)} ON CONFLICT (almacen, id_obra, codigo) DO NOTHING`;
    const found = await c.tx<{ id: number; almacen: string; id_obra: number; codigo: string }[]>`
      SELECT k.id::int, k.almacen, k.id_obra::int, k.codigo
        FROM stock_keys k JOIN jsonb_to_recordset(${c.tx.json(rows)}) AS w(almacen text, id_obra bigint, codigo text)
          ON w.almacen = k.almacen AND w.id_obra = k.id_obra AND w.codigo = k.codigo
       ORDER BY k.id FOR UPDATE OF k`;
    for (const r of found) ids.set(stockKeyText(r as StockKey), r.id);
    // Their streams in one read, now that no other command can move them.
    const texts = fresh.map(stockKeyText).filter((t) => !streams.has(t));
    const loaded = await c.loadMany(stock, texts.map((t) => ids.get(t)!));
    texts.forEach((t, i) => streams.set(t, loaded[i]));
  }

  async function streamOf(key: StockKey): Promise<StockStream> {
    const text = stockKeyText(key);
    const known = streams.get(text);
    if (known) return known;
    await lock([key]);
    return streams.get(text)!;
  }

  return {
    tx: c.tx,
    lock,
    /** Appends one movement; returns what was recorded (its cost, the balance after it). */
    async move(command: Omit<MoveStock, 'type'>): Promise<StockMovedData> {
      const s = await streamOf(command.key);
      const [event] = s.decide({ type: 'MoveStock', ...command });
      return event.data;
    },
    /** The balance and average cost as the command sees them now. */
    async state(key: StockKey): Promise<StockState> {
      return (await streamOf(key)).state;
    },
  };
}

/** What an exit carried out of one balance without a rate (issue 19), as the amounts the other
 * end of a transfer or receipt takes in: the value travels with the units. */
export function carried(out: StockMovedData): Record<string, number> | undefined {
  if (!out.sin_tipo_cambio) return undefined;
  return Object.fromEntries(Object.entries(out.sin_tipo_cambio).map(([k, m]) => [k, -m]));
}

/** The average price of materials (soles per unit) by code, for stock a Pedido declared: it
 * enters the ledger at the material's `precio_medio` (0 when unknown). */
export async function materialPrices(tx: Db, codes: string[]): Promise<Map<string, number>> {
  if (!codes.length) return new Map();
  const rows = await tx<{ codigo: string; precio: number }[]>`
    SELECT upper(codigo) AS codigo, max(coalesce(precio_medio, 0))::float8 AS precio FROM rm_materiales WHERE upper(codigo) = ANY(${codes}) GROUP BY 1`;
  return new Map(rows.map((r) => [r.codigo, r.precio]));
}
