import { defineLookup } from '../../platform/define-lookup';
import type { AnyRoute } from '../../platform/route';
import { empresaOption, obraOption } from '@shared/contracts/sites';

/** Selects of companies and sites (seed 000 §7, fil_datas): the site select depends on the
 * company (`id_empresa`), as in the user's site assignment. Active rows only. */
export function siteLookupRoutes(): AnyRoute[] {
  return [
    defineLookup({
      path: '/fil_datas/empresas',
      access: { kind: 'signed_in' },
      summary: 'Empresas activas para selects',
      from: 'rm_empresas',
      valueColumn: 'id',
      labelColumn: 'nombre',
      extra: { ruc: 'ruc' },
      fields: empresaOption,
      search: ['nombre', 'ruc'],
      where: 'estado = 1',
      defaultLimit: 100,
      maxLimit: 500,
    }),
    defineLookup({
      path: '/fil_datas/obras',
      access: { kind: 'signed_in' },
      summary: 'Obras activas de una empresa (select dependiente de id_empresa)',
      from: 'rm_obras',
      valueColumn: 'id',
      labelColumn: 'nombre',
      extra: { id_empresa: 'id_empresa', codigo: 'codigo', ciudad: 'ciudad' },
      fields: obraOption,
      search: ['nombre', 'codigo', 'ciudad'],
      where: 'estado = 1',
      parent: { param: 'id_empresa', column: 'id_empresa' },
      defaultLimit: 100,
      maxLimit: 500,
    }),
  ];
}
