import { listSearch, optionalEstado, optionalId } from '../../ui/list/listSearch';
import { defineResource } from '../../ui/resource/defineResource';

/** A site as the /obras list sends it (money as PostgreSQL's decimal text). */
export type ObraRow = {
  id: number;
  id_empresa: number;
  codigo: string;
  nombre: string;
  empresa: string;
  direccion: string;
  ciudad: string;
  estado: number;
  gastos_generales: string;
  monto_total: string;
};

/** The work sites (seed 001 §2 /obras): filtered by company and state; the only record form is
 * the total amount (GET /obras/montoTotal, POST /obras/guardarMonto). */
export const obras = defineResource<ObraRow>()({
  path: '/obras',
  topics: ['obra'],
  live: 'banner',
  search: listSearch({ id_empresa: optionalId, estado: optionalEstado }),
  form: (id) => ({ method: 'GET', path: '/obras/montoTotal', query: { id } }),
  savePath: '/obras/guardarMonto',
});
