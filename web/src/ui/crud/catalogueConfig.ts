import type { CatalogueResource } from './catalogueResource';

/** How a list cell shows its value: text as is, `integer` and `decimal` with thousands
 * separators, `estado` as Activo/Inactivo, `datetime` as dd/MM/yyyy hh:mm AM. */
export type CatalogueColumnFormat = 'text' | 'integer' | 'decimal' | 'estado' | 'datetime';

/** A sortable list column: the row field (the server's list column key), its label, its format
 * (default text) and, for `decimal`, its decimals (default 2). With `labels` a code is shown by
 * its name (`type_generation` 1 → 'Catálogo'). */
export type CatalogueColumn = { key: string; label: string; format?: CatalogueColumnFormat; decimals?: number; sortable?: boolean; labels?: Record<string, string> };

/** A filter by one of a few codes (in the URL under `name`; the resource's `codes` declare it). */
export type CatalogueCodeFilter = { name: string; label: string; items: { value: string; label: string }[] };

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
 * whenever the parent changes (seed 001 §5: changing a parent clears the child). With `filter`
 * the same select also filters the list (in the URL under its name; a dependent filter narrows
 * its options to its parent filter's value and is cleared when that changes). */
export type CatalogueField =
  | (FieldBase & { kind: 'text'; maxLength: number })
  | (FieldBase & { kind: 'number'; decimals: number })
  | (FieldBase & { kind: 'select'; endpoint: string; search?: 'local' | 'ajax'; minLength?: number; dependsOn?: string; param?: string; filter?: boolean });

/** One master-data screen (seed 001 §2): a server-paged list with the generic modal CRUD. */
export type CatalogueConfig = {
  /** The list and CRUD calls, topics and search (catalogueResource). */
  resource: CatalogueResource;
  /** The list title ('Subgrupos de equipo'). */
  title: string;
  /** The record's name in the dialog titles ('subgrupo de equipo' → 'Nuevo subgrupo de equipo',
   * 'Editar subgrupo de equipo'); `feminine` for 'Nueva'. */
  noun: string;
  feminine?: boolean;
  searchPlaceholder: string;
  /** The columns between ID and Estado and Creado, which every catalogue list shows. */
  columns: CatalogueColumn[];
  fields: CatalogueField[];
  /** Filters by code, after the parent filters. */
  codeFilters?: CatalogueCodeFilter[];
};

/** A list column (sortable unless `sortable: false`). */
export const col = (key: string, label: string, format?: CatalogueColumnFormat, extra: { decimals?: number; sortable?: boolean; labels?: Record<string, string> } = {}): CatalogueColumn => ({ key, label, format, ...extra });

type Extra = Partial<Pick<FieldBase, 'required' | 'hint'>>;

/** A text field of at most `maxLength` characters. */
export const textField = (name: string, label: string, maxLength: number, extra: Extra = {}): CatalogueField => ({ kind: 'text', name, label, maxLength, ...extra });

/** A number field typed as text, with `decimals` decimals. */
export const numberField = (name: string, label: string, decimals: number, extra: Extra = {}): CatalogueField => ({ kind: 'number', name, label, decimals, ...extra });

/** A select over a lookup (see CatalogueField). */
export const selectField = (name: string, label: string, endpoint: string, extra: Omit<Extract<CatalogueField, { kind: 'select' }>, 'kind' | 'name' | 'label' | 'endpoint'> = {}): CatalogueField => ({
  kind: 'select',
  name,
  label,
  endpoint,
  ...extra,
});
