import * as v from 'valibot';
import { listSearch, optionalCode, optionalEstado, optionalId, type ListSearch } from '../list/listSearch';
import { defineResource, type Resource } from '../resource/defineResource';

/** A catalogue row as the generic lists return it: the id, the state and whatever columns the
 * catalogue shows (`protected` rows take no actions). */
export type CatalogueRow = { id: number; estado: number; protected?: number } & Record<string, unknown>;

/** A catalogue list's URL state: the list protocol, estado, its parent filters' ids and its code
 * filters (`type_generation` of /materiales). */
export type CatalogueSearch = ListSearch & { estado?: 0 | 1 } & Partial<Record<`id_${string}`, number>> & Partial<Record<string, unknown>>;

export type CatalogueResource = Resource<CatalogueRow, CatalogueSearch>;

/** The resource of a master-data catalogue: `{path}` list and generic CRUD, banner live mode on
 * `topics`, and the search schema of its `filters` (parent ids, besides estado) and of its `codes`
 * (a filter by one of a few numeric codes). Kept apart from the catalogue's screen config so a
 * route's search schema does not carry its columns. */
export function catalogueResource(path: string, topics: string[], filters: `id_${string}`[] = [], codes: Record<string, readonly [number, ...number[]]> = {}): CatalogueResource {
  const ids = Object.fromEntries(filters.map((name) => [name, optionalId])) as Record<`id_${string}`, typeof optionalId>;
  const coded = Object.fromEntries(Object.entries(codes).map(([name, values]) => [name, optionalCode(values)]));
  const search = listSearch({ estado: optionalEstado, ...ids, ...coded }) as unknown as v.GenericSchema<Record<string, unknown>, CatalogueSearch>;
  return defineResource<CatalogueRow>()({ path, topics, search });
}
