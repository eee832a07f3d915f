import { catalogueResource } from '../../ui/crud/catalogueResource';

/** The companies of the work sites (issue 13, item 22): /empresas and its generic CRUD. Apart from
 * the screen's configuration so the route (in the entry chunk) carries only this. */
export const empresas = catalogueResource('/empresas', ['empresa', 'obra']);
