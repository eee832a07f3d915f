import * as v from 'valibot';
import { listSearch, optionalEstado, optionalId, type ListSearch } from '../list/listSearch';
import { defineResource, type Resource } from '../resource/defineResource';
import type { CatalogueRow } from './catalogueConfig';

/** A catalogue list's URL state: the list protocol, estado, and its parent filters' ids. */
export type CatalogueSearch = ListSearch & { estado?: 0 | 1 } & Partial<Record<`id_${string}`, number>>;

export type CatalogueResource = Resource<CatalogueRow, CatalogueSearch>;

/** The resource of a master-data catalogue: `{path}` list and generic CRUD, banner live mode on
 * `topics`, and the search schema of its `filters` (parent ids, besides estado). Kept apart from
 * the catalogue's screen config so a route's search schema does not carry its columns. */
export function catalogueResource(path: string, topics: string[], filters: `id_${string}`[] = []): CatalogueResource {
  const ids = Object.fromEntries(filters.map((name) => [name, optionalId])) as Record<`id_${string}`, typeof optionalId>;
  const search = listSearch({ estado: optionalEstado, ...ids }) as unknown as v.GenericSchema<Record<string, unknown>, CatalogueSearch>;
  return defineResource<CatalogueRow>()({ path, topics, search });
}
