import type { PendingQuery, Row, Sql } from 'postgres';
import * as v from 'valibot';
import { exportInSlot } from './export/export-slots';
import type { ExportColumn } from './export/types';
import { int, periodEntries, positiveId, text } from './fields';
import { rowId } from '@shared/contracts/platform';
import { showInTab } from './show-in-tab';
import { siteScope } from './site-scope';
import { defineRoute, fileReply, moduleAccess, type AnyRoute, type RouteContext } from './route';

type Fragment = PendingQuery<Row[]>;

/** A list column: shown, exported, maybe sortable. `sql` is the expression it reads (trusted,
 * from code), default the column of the same name. The same definitions serve list and export. */
export type ListColumn<K extends string = string> = ExportColumn & {
  key: K;
  sortable?: boolean;
  sql?: string;
  /** What ORDER BY uses when it differs from what is shown (a formatted date sorts by its
   * column, so an index can serve the order). */
  sortSql?: string;
  /** The sort expression is never NULL: ORDER BY omits NULLS LAST, so a plain index on the
   * column serves both directions. */
  notNull?: boolean;
};

/** A module's own filter: its schema (query values are text) and its condition. */
export type ListFilter = {
  schema: v.GenericSchema;
  where: (sql: Sql, value: never) => Fragment;
};

// The filters many lists share, each one SQL rule. `column` is trusted SQL from code (a column,
// maybe qualified by its table alias, or an expression).

/** Rows whose `column` holds the given id: the site (`id_obra`, on the expression holding the
 * row's site id, most often the list's `siteColumn` too), a machine, a parent row… */
export const idFilter = (column: string): ListFilter => ({
  schema: positiveId(),
  where: (sql, value: number) => sql`${sql.unsafe(column)} = ${value}`,
});

/** Rows whose `column` equals a 0/1 value (`atendido`…); `message` when the value is neither. */
export const flagFilter = (column: string, message?: string): ListFilter => ({
  schema: v.pipe(v.picklist(['0', '1', 0, 1], message), v.transform(Number)),
  where: (sql, value: number) => sql`${sql.unsafe(column)} = ${value}`,
});

/** `estado=1` active rows, `estado=0` inactive ones. */
export const estadoFilter = (column = 'estado'): ListFilter => flagFilter(column, 'Estado no válido');

/** Rows whose `column` equals the given text (a voucher, an order number) as written. */
export const textFilter = (column: string): ListFilter => ({
  schema: text(50),
  where: (sql, value: string) => sql`${sql.unsafe(column)} = ${value}`,
});

export type ListConfig<R extends v.ObjectEntries = v.ObjectEntries> = {
  /** One row of the reply: every key is a column or an extra field, and each of those is a key
   * of the row (checked by the compiler and when the list is defined). */
  row: v.ObjectSchema<R, undefined>;
  /** Call path, e.g. '/marcas' (GET). Exports at `${path}/export`. */
  path: string;
  /** Menu module whose `see` right opens the list; default the call path (most lists are their
   * own menu entry). */
  module?: string;
  title: string;
  fileBase: string;
  /** FROM clause, trusted (from code): a read-model table or a join. */
  from: string;
  columns: ListColumn<keyof R & string>[];
  /** Extra fields returned with each row but not shown (ids for row menus, flags). */
  extra?: Partial<Record<keyof R & string, string>>;
  /** Expressions searched by `query` (case- and accent-insensitive contains). */
  search: string[];
  /** Instead of `search`: a stored column holding the searched fields already through
   * unaccent_lower (a generated column), so a search runs no function per row and a trigram index
   * can answer it. Large tables use it. */
  searchColumn?: string;
  /** Expression the date range (`date_from`, `date_to`) applies to. */
  dateColumn?: string;
  filters?: Record<string, ListFilter>;
  defaultOrder: { col: string; dir: 'asc' | 'desc' };
  /** A stable tie-breaker so pages never repeat or skip rows. */
  key?: string;
  /** Row-level restriction for the caller (e.g. only the open orders). */
  scope?: (sql: Sql, ctx: RouteContext<unknown>) => Fragment | null;
  /** The expression holding the row's site id: a caller who works on some sites sees only their
   * rows (site scope, platform/site-scope.ts), beside `scope`. */
  siteColumn?: string;
  /** What the caller may do with each row of a page (`can_cancel`, `can_login_as`…), from the same
   * rules the actions enforce, so the screen's row menu follows the server instead of guessing
   * from profile names. Runs on the page only, never on an export. Given the caller, it returns
   * what to add to one row; what it reads about the caller runs beside the page's queries. */
  rowRights?: (ctx: RouteContext<unknown>) => Promise<RowRights> | RowRights;
  /** The fields `rowRights` adds to each row (they are part of the reply's row, not columns). */
  computed?: v.ObjectEntries;
  /** Runs before the list's or the export's queries: brings a derived table its `from` reads up
   * to date (the PM board's forecasts, pm-board-sql.ts `refreshPmForecasts`). */
  prepare?: (ctx: RouteContext<unknown>) => Promise<unknown>;
};

/** The rights the caller has on one row of a page, added to the row. */
export type RowRights = (row: Record<string, unknown>) => Record<string, unknown>;

export const MAX_PAGE_SIZE = 100;

/** What an export replies: the file in the format asked (content-disposition names it). */
export const EXPORT_FILE = fileReply(
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/pdf',
  'text/csv',
  'text/html',
);
export const ORDER_COL_INVALID = 'Columna de orden no válida';

function ident(name: string) {
  return `"${name.replace(/"/g, '""')}"`;
}

/** The routes of a list, and its row schema (`ListRow<typeof list>`). */
export type ListRoutes<R extends v.ObjectEntries> = AnyRoute[] & { row: v.ObjectSchema<R, undefined> };

export type { ListRow } from '@shared/contracts/platform';

/** The reply of a list: a page of rows and the count of rows matching the filters. */
export const listReply = <S extends v.GenericSchema>(row: S) => v.object({ items: v.array(row), total: rowId() });

/** Every key of the row is read (a column or an extra), and nothing else is. */
function assertRowMatches(cfg: ListConfig) {
  const read = [...cfg.columns.map((c) => c.key), ...Object.keys(cfg.extra ?? {})];
  const declared = Object.keys(cfg.row.entries);
  const missing = declared.filter((k) => !read.includes(k));
  const undeclared = read.filter((k) => !declared.includes(k));
  if (missing.length || undeclared.length) {
    throw new Error(`${cfg.path}: the row schema and the columns differ (not read: ${missing.join(', ') || '—'}; not in the row: ${undeclared.join(', ') || '—'})`);
  }
}

function listSchema(cfg: ListConfig) {
  const sortable = cfg.columns.filter((c) => c.sortable).map((c) => c.key);
  const filterEntries = Object.fromEntries(Object.entries(cfg.filters ?? {}).map(([k, f]) => [k, v.optional(f.schema)]));
  return v.pipe(
    v.object({
      page: v.optional(v.pipe(int(), v.minValue(1, 'Debe ser mayor o igual a 1'), v.maxValue(1_000_000, 'Página fuera de rango')), 1),
      limit: v.optional(
        v.pipe(int(), v.minValue(1, 'Debe ser mayor o igual a 1'), v.maxValue(MAX_PAGE_SIZE, `Máximo ${MAX_PAGE_SIZE} registros por página`)),
        10,
      ),
      order_col: v.optional(v.picklist(sortable as [string, ...string[]], ORDER_COL_INVALID)),
      order_dir: v.optional(v.pipe(v.picklist(['asc', 'desc', 'ASC', 'DESC'], 'Dirección de orden no válida'), v.transform((d) => d.toLowerCase() as 'asc' | 'desc'))),
      query: v.optional(text(100)),
      ...periodEntries,
      ...filterEntries,
    }),
    v.check((x) => !(x.date_from && x.date_to && x.date_from > x.date_to), 'La fecha inicial no puede ser mayor a la final'),
  );
}

function and(sql: Sql, parts: Fragment[]): Fragment {
  return parts.reduce((acc, p) => sql`${acc} AND ${p}`, sql`TRUE`);
}

/** The WHERE clause shared by the list and its export. */
function whereOf(sql: Sql, cfg: ListConfig, input: Record<string, unknown>, ctx: RouteContext<unknown>): Fragment {
  const parts: Fragment[] = [];
  const query = typeof input.query === 'string' ? input.query.trim() : '';
  const like = `%${query.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
  if (query && cfg.searchColumn) {
    parts.push(sql`${sql.unsafe(cfg.searchColumn)} LIKE unaccent_lower(${like})`);
  } else if (query && cfg.search.length) {
    const any = cfg.search
      .map((expr) => sql`unaccent_lower(${sql.unsafe(expr)}::text) LIKE unaccent_lower(${like})`)
      .reduce((acc, p) => sql`${acc} OR ${p}`);
    parts.push(sql`(${any})`);
  }
  // Seed 000 §5: the range applies only when both ends are set.
  if (cfg.dateColumn && input.date_from && input.date_to) {
    parts.push(sql`${sql.unsafe(cfg.dateColumn)} >= ${input.date_from as string}::date`);
    parts.push(sql`${sql.unsafe(cfg.dateColumn)} < ${input.date_to as string}::date + 1`);
  }
  for (const [name, filter] of Object.entries(cfg.filters ?? {})) {
    if (input[name] !== undefined) parts.push(filter.where(sql, input[name] as never));
  }
  const scoped = cfg.scope?.(sql, ctx);
  if (scoped) parts.push(scoped);
  const sites = cfg.siteColumn ? siteScope(sql, ctx.principal, cfg.siteColumn) : null;
  if (sites) parts.push(sites);
  return and(sql, parts);
}

function selectList(cfg: ListConfig): string {
  const cols = cfg.columns.map((c) => `${c.sql ?? ident(c.key)} AS ${ident(c.key)}`);
  const extra = Object.entries(cfg.extra ?? {}).map(([k, expr]) => `${expr} AS ${ident(k)}`);
  return [...cols, ...extra].join(', ');
}

function orderBy(cfg: ListConfig, input: Record<string, unknown>): string {
  const col = cfg.columns.find((c) => c.key === (input.order_col ?? cfg.defaultOrder.col)) ?? cfg.columns[0];
  const dir = (input.order_dir ?? cfg.defaultOrder.dir) === 'desc' ? 'DESC' : 'ASC';
  const key = cfg.key ?? 'id';
  return `${col.sortSql ?? col.sql ?? ident(col.key)} ${dir}${col.notNull ? '' : ' NULLS LAST'}, ${key} ${dir}`;
}

async function* exportRows(sql: Sql, cfg: ListConfig, where: Fragment, order: string) {
  const cursor = sql`SELECT ${sql.unsafe(selectList(cfg))} FROM ${sql.unsafe(cfg.from)} WHERE ${where} ORDER BY ${sql.unsafe(order)}`.cursor(500);
  for await (const rows of cursor) yield* rows as Record<string, unknown>[];
}

/** One list protocol for every screen (seed 000 §7): `page, limit, order_col, order_dir, query,
 * date_from, date_to` + the module's filters → `items, total`; plus the export of the whole
 * filtered set in xlsx, pdf, csv or html (GET, or the form POST opened in a new tab). */
export function defineList<R extends v.ObjectEntries>(config: ListConfig<R>): ListRoutes<R> {
  const cfg = config as unknown as ListConfig;
  assertRowMatches(cfg);
  const schema = listSchema(cfg);
  const exportSchema = v.intersect([
    schema,
    v.object({ kind: v.picklist(['xlsx', 'pdf', 'csv', 'html'], 'Formato de exportación no válido') }),
  ]);
  const summary = `Lista de ${cfg.title}`;
  const module = cfg.module ?? cfg.path;

  const list = defineRoute({
    method: 'GET',
    path: cfg.path,
    access: moduleAccess(module, 'see'),
    summary,
    input: schema,
    output: listReply(cfg.computed ? v.object({ ...cfg.row.entries, ...cfg.computed }) : cfg.row),
    async handler(ctx) {
      const { sql } = ctx.deps;
      const input = ctx.input as Record<string, unknown> & { page: number; limit: number };
      const where = whereOf(sql, cfg, input, ctx);
      const offset = (input.page - 1) * input.limit;
      await cfg.prepare?.(ctx);
      // The page and the count as two queries: a window count(*) OVER () would make every
      // request read and sort all matching rows; apart, the page walks an index to its LIMIT.
      const [items, [{ n }], rights] = await Promise.all([
        sql`SELECT ${sql.unsafe(selectList(cfg))} FROM ${sql.unsafe(cfg.from)} WHERE ${where}
             ORDER BY ${sql.unsafe(orderBy(cfg, input))} LIMIT ${input.limit} OFFSET ${offset}`,
        sql<{ n: number }[]>`SELECT count(*)::int AS n FROM ${sql.unsafe(cfg.from)} WHERE ${where}`,
        cfg.rowRights?.(ctx as RouteContext<unknown>),
      ]);
      const rows = [...items] as Record<string, unknown>[];
      if (rights) for (const row of rows) Object.assign(row, rights(row));
      return { items: rows, total: n };
    },
  });

  const exportHandler = async (ctx: RouteContext<unknown>) => {
    const { sql } = ctx.deps;
    const input = ctx.input as Record<string, unknown> & { kind: 'xlsx' | 'pdf' | 'csv' | 'html' };
    const where = whereOf(sql, cfg, input, ctx);
    return exportInSlot(ctx.principal?.userId ?? 0, async () => {
      await cfg.prepare?.(ctx);
      return {
        kind: input.kind,
        title: cfg.title,
        fileBase: cfg.fileBase,
        columns: cfg.columns,
        rows: exportRows(sql, cfg, where, orderBy(cfg, input)),
        coin: await settingCoin(sql),
        now: ctx.deps.now(),
      };
    });
  };

  const exportGet = defineRoute({
    method: 'GET',
    path: `${cfg.path}/export`,
    access: moduleAccess(module, 'see'),
    summary: `Exportar ${cfg.title} (xlsx, pdf, csv, html) con los filtros de la lista`,
    input: exportSchema,
    output: EXPORT_FILE,
    handler: exportHandler,
  });
  const exportPost = defineRoute({
    method: 'POST',
    path: `${cfg.path}/export`,
    access: moduleAccess(module, 'see'),
    summary: `Exportar ${cfg.title} desde un formulario en una pestaña nueva (filtros, kind y token)`,
    input: exportSchema,
    formToken: true,
    output: EXPORT_FILE,
    // The form's target is a new tab: the file is shown there (PDF, HTML) rather than saved.
    handler: (async (ctx: RouteContext<unknown>) => showInTab(await exportHandler(ctx))),
  });
  return Object.assign([list, exportGet, exportPost] as AnyRoute[], { row: config.row });
}

async function settingCoin(sql: Sql): Promise<string> {
  const [row] = await sql`SELECT value #>> '{}' AS coin FROM app_settings WHERE key = 'coin'`;
  return (row?.coin as string | undefined) || 'S/';
}
