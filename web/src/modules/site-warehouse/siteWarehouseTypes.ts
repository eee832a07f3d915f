// The shapes of the site warehouse's calls (seed 002 §2, §4, §7 "Site warehouse") as the screens
// read them: the server's reply types (services/api/site-warehouse/site-warehouse-routes.ts).
import type { SiteOrderFormReply } from '@shared/contracts/site-warehouse';

/** The material-creation request's state towards SICAM: not sent yet, sent, or refused. */
export type MaterialsState = 'pendiente' | 'enviado' | 'fallido' | null;

export type { SiteOrderFormReply, SiteOrderRow } from '@shared/contracts/site-warehouse';

/** The work order of GET /almacen_obra_ots/form. */
export type SiteOrderItem = SiteOrderFormReply['item'];

/** A spare-part line of the Pedido as the form reads it. */
export type SiteOrderProduct = SiteOrderItem['productos_solicitados'][number];

/** An option of GET /fil_datas/stockProductosDeSolicitudesCompras: another request's product of
 * the same material and site with stock to lend. */
export type StockOption = {
  value: number;
  label: string;
  id_solicitud_compra: number;
  codigo_solicitud_compra: string;
  cantidad_disponible: number;
};
