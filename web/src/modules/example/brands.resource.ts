import { listSearch, optionalEstado } from '../../ui/list/listSearch';
import { defineResource } from '../../ui/resource/defineResource';

/** A brand as the /marcas list sends it. */
export type Brand = { id: number; nombre: string; estado: number; date_created: string };

/** The brands of the demonstration list (seed 000 §2 /example): the generic CRUD on `/marcas`, a
 * banner when another user changes a brand, and the estado filter in the URL. */
export const brands = defineResource<Brand>()({
  path: '/marcas',
  topics: ['marca'],
  live: 'banner',
  search: listSearch({ estado: optionalEstado }),
});
