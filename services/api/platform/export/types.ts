/** The formats a list screen can be exported to. */
export type ExportKind = 'xlsx' | 'pdf' | 'csv' | 'html';

/** How a column's values are read and shown (see formatCell): `integer` for ids, years, states
 * and counts (no decimals, no thousands separator), `decimal` for measures (two decimals),
 * `money` (the coin and two decimals), `date`, `datetime`, `bool`, `text`. Every list column
 * that holds numbers or dates names its kind. */
export type ColumnKind = 'text' | 'integer' | 'decimal' | 'money' | 'date' | 'datetime' | 'bool';

export type ExportColumn = {
  /** The row field. */
  key: string;
  /** Spanish header. */
  label: string;
  /** Default 'text'. */
  kind?: ColumnKind;
  /** Computed value; default row[key]. */
  value?: (row: Record<string, unknown>) => unknown;
};

/** One export of a list screen over the whole filtered set. */
export type ExportRequest = {
  kind: ExportKind;
  /** Shown in pdf/html headings; the xlsx sheet name (31 characters at most there). */
  title: string;
  /** 'marcas' → file name `marcas_2026-11-22.xlsx`, dated today in the business time zone. */
  fileBase: string;
  columns: ExportColumn[];
  /** Streamed from the database page by page, pulled only as fast as the client reads; or rows
   * already read (a report computed whole). */
  rows: AsyncIterable<Record<string, unknown>> | Iterable<Record<string, unknown>>;
  /** Currency symbol, default 'S/'. */
  coin?: string;
  /** Called once when the body stream closes: sent whole, failed or abandoned by the client. */
  onClose?: () => void;
  /** Injectable clock for the file name and the generation date. */
  now?: Date;
};
