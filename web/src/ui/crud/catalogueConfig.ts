/** A catalogue row as the generic lists return it: the id, the state and whatever columns the
 * catalogue shows (`protected` rows take no actions). */
export type CatalogueRow = { id: number; estado: number; protected?: number } & Record<string, unknown>;

/** How a list cell shows its value: text as is, `integer` and `decimal` with thousands
 * separators, `estado` as Activo/Inactivo, `datetime` as dd/MM/yyyy hh:mm AM. */
export type CatalogueColumnFormat = 'text' | 'integer' | 'decimal' | 'estado' | 'datetime';

export type CatalogueColumn = {
  /** The row field (the server's list column key). */
  key: string;
  label: string;
  sortable?: boolean;
  format?: CatalogueColumnFormat;
  /** Decimals of a `decimal` column (default 2). */
  decimals?: number;
  width?: string;
};

type FieldBase = {
  /** The item field sent to `{endpoint}/create` and read from `{endpoint}/form`. */
  name: string;
  label: string;
  /** Marks the label; the server decides what is really required. */
  required?: boolean;
  hint?: string;
};

/** A form field. A `select` reads a lookup (`/fil_datas/...`): `local` loads the list once and
 * filters it in the browser, `ajax` searches the server from `minLength` characters. With
 * `dependsOn` (another field's name) the select sends that field's value as its parameter (named
 * `param`, default the parent's name), stays disabled until the parent is chosen, and is cleared
 * whenever the parent changes (seed 001 §5: changing a parent clears the child). */
export type CatalogueField =
  | (FieldBase & { kind: 'text'; maxLength: number })
  | (FieldBase & { kind: 'number'; decimals: number })
  | (FieldBase & { kind: 'select'; endpoint: string; search?: 'local' | 'ajax'; minLength?: number; dependsOn?: string; param?: string });

/** A list filter in the FilterBar: a select over a lookup, written to the URL under `name`. With
 * `dependsOn` it narrows its options to the parent filter's value when one is chosen, and is
 * cleared when the parent filter changes. */
export type CatalogueFilter = { name: string; label: string; endpoint: string; dependsOn?: string };

/** One master-data screen (seed 001 §2): a server-paged list with the generic modal CRUD. */
export type CatalogueConfig = {
  /** The list and CRUD endpoint, also the module url whose rights apply ('/equipo_subgrupos'). */
  endpoint: string;
  /** The list title ('Subgrupos de equipo'). */
  title: string;
  /** Dialog titles: 'Nuevo subgrupo de equipo' / 'Editar subgrupo de equipo'. */
  newTitle: string;
  editTitle: string;
  /** Live topics (record stream types) whose changes offer to refresh the list. */
  topics: string[];
  searchPlaceholder: string;
  columns: CatalogueColumn[];
  filters?: CatalogueFilter[];
  fields: CatalogueField[];
};
