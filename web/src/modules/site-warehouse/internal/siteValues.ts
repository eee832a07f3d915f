import { quantityInput, quantityValue, remaining } from '../../purchase-requests/internal/quantity';
import type { SiteOrderItem, StockOption } from '../siteWarehouseTypes';

/** One spare-part line of the site Pedido as the form edits it (seed 002 §4 "Material quantity
 * logic"): the material (or a material to create), the unit, the site stock as typed text, and the
 * stock taken from another request's product; the rest is read-only and shown beside them. */
export type SiteLine = {
  id: number;
  elemento: string;
  estado: number;
  estado_nombre: string;
  vale_salida: string;
  /** 1: the material does not exist yet; SICAM is asked to create it. */
  solicitud_material: 0 | 1;
  id_material: number | null;
  codigo_material: string;
  id_material_tipo: number | null;
  descripcion: string;
  id_unidad: number | null;
  unidad: string;
  /** What the technician asked for (cantidad_solicitada_por_tecnico): every quantity's cap. */
  solicitada: number;
  /** Stock found on site (cantidad_en_almacen_obra) as typed. */
  stock: string;
  /** 1: part of the line comes from another request's product (usar_stock_solicitud). */
  usar_stock: 0 | 1;
  id_stock: number | null;
  /** The chosen product's label (stock_solicitud). */
  stock_label: string;
  /** The quantity taken from it (cantidad_stock_solicitud). */
  tomado: number;
};

export type SiteValues = { productos_solicitados: SiteLine[] };

const flag = (value: unknown): 0 | 1 => (Number(value) === 1 ? 1 : 0);

/** The Pedido's values from the form's item, every line in the server's order (its errors name
 * lines by position). */
export function toSiteValues(item: SiteOrderItem): SiteValues {
  return {
    productos_solicitados: (item.productos_solicitados ?? []).map((p) => {
      const usar = flag(p.usar_stock_solicitud);
      return {
        id: p.id,
        elemento: p.elemento ?? '',
        estado: p.estado,
        estado_nombre: p.estado_nombre ?? '',
        vale_salida: p.vale_salida ?? '',
        solicitud_material: flag(p.solicitud_material),
        id_material: p.id_material ?? null,
        codigo_material: p.codigo_material ?? '',
        id_material_tipo: p.id_material_tipo ?? null,
        descripcion: p.descripcion ?? '',
        id_unidad: p.id_unidad ?? null,
        unidad: p.unidad ?? '',
        solicitada: Number(p.cantidad_solicitada_por_tecnico) || 0,
        stock: String(p.cantidad_en_almacen_obra ?? 0),
        usar_stock: usar,
        id_stock: usar ? (p.id_producto_solicitado_stock_solicitud ?? null) : null,
        stock_label: usar ? (p.stock_solicitud ?? '') : '',
        tomado: usar ? Number(p.cantidad_stock_solicitud) || 0 : 0,
      };
    }),
  };
}

/** The site stock as typed: a non-negative decimal (an invalid last character is dropped), capped
 * at the requested quantity (purchase-requests/internal/quantity). */
export function withSiteStock(line: SiteLine, text: string): SiteLine {
  return { ...line, stock: quantityInput(text, line.solicitada) };
}

/** What another request's product lends the line: all it has available, up to what the site
 * stock leaves to request — min(available, requested − site stock), never below 0. */
export function stockTaken(available: number, requested: number, siteStock: number): number {
  return Math.max(0, Math.min(Number(available) || 0, remaining(requested, siteStock)));
}

/** 'Usar stock de otra solicitud' on or off; off forgets the product and what it lent. */
export function withStockUse(line: SiteLine, on: boolean): SiteLine {
  return { ...line, usar_stock: on ? 1 : 0, id_stock: null, stock_label: '', tomado: 0 };
}

/** Another request's product picked (or cleared): the stock taken is computed from its
 * availability; the site stock stays as it was (its field is locked while the stock is used). */
export function withStockProduct(line: SiteLine, option: StockOption | null): SiteLine {
  if (!option) return { ...line, id_stock: null, stock_label: '', tomado: 0 };
  return { ...line, usar_stock: 1, id_stock: Number(option.value), stock_label: option.label, tomado: stockTaken(option.cantidad_disponible, line.solicitada, quantityValue(line.stock)) };
}

/** 'Crear material' on or off: either way the material, its code and description start blank (a
 * material to create is described anew; an existing one is searched again), and no other request's
 * stock is kept (it was for the previous material). The material type stays: SICAM creates the
 * material in it, and a material picked later brings its own. */
export function withMaterialCreation(line: SiteLine, on: boolean): SiteLine {
  return { ...withStockUse(line, false), solicitud_material: on ? 1 : 0, id_material: null, codigo_material: '', descripcion: '' };
}

/** A material picked in the search (or cleared): its id, code, type and name; the stock of another
 * request was for the previous material, so it is let go. */
export function withMaterial(line: SiteLine, material: { id: number; codigo: string; nombre: string; id_material_tipo: number | null } | null): SiteLine {
  const next = withStockUse(line, false);
  if (!material) return { ...next, id_material: null, codigo_material: '', id_material_tipo: null, descripcion: '' };
  return { ...next, id_material: material.id, codigo_material: material.codigo, id_material_tipo: material.id_material_tipo, descripcion: material.nombre };
}

/** 'Por solicitar': requested − site stock − stock taken, never below 0 (what the site-warehouse
 * request will ask for). */
export function toRequest(line: SiteLine): number {
  return remaining(line.solicitada, quantityValue(line.stock) + (line.usar_stock ? line.tomado : 0));
}

/** POST /almacen_obra_ots/create's body (seed 002 §7): every line in the order shown, so the
 * server's line errors ('productos_solicitados.0.…') point at the cards on screen; `terminado: 1`
 * only for 'Atendido'. The server computes the quantities again. */
export function sitePayload(values: SiteValues, id: number, terminado: 0 | 1) {
  return {
    id,
    ...(terminado === 1 ? { terminado: 1 as const } : {}),
    productos_solicitados: values.productos_solicitados.map((l) => ({
      id: l.id,
      solicitud_material: l.solicitud_material,
      id_unidad: l.id_unidad,
      id_material: l.solicitud_material ? null : l.id_material,
      codigo_material: l.solicitud_material ? '' : l.codigo_material,
      id_material_tipo: l.id_material_tipo,
      descripcion: l.descripcion.trim(),
      cantidad_en_almacen_obra: quantityValue(l.stock),
      usar_stock_solicitud: l.usar_stock,
      id_producto_solicitado_stock_solicitud: l.usar_stock ? l.id_stock : null,
      cantidad_solicitada_por_almacen_obra: toRequest(l),
    })),
  };
}

/** The material-creation state as the storekeeper reads it, or null when the order asks for no
 * new material. */
export function materialsStateLabel(o: { tiene_productos_en_solicitud_material: number; creacion_materiales_atendidos: number; materiales_estado: string | null; materiales_motivo?: string | null }): string | null {
  if (Number(o.tiene_productos_en_solicitud_material) !== 1) return null;
  if (Number(o.creacion_materiales_atendidos) === 1) return 'Materiales creados';
  if (o.materiales_estado === 'enviado') return 'Enviada a SICAM';
  if (o.materiales_estado === 'fallido') return o.materiales_motivo ? `Falló: ${o.materiales_motivo}` : 'Falló';
  return 'Pendiente de envío';
}

/** Under a required field left blank. */
export const MSG_REQUIRED = 'Este campo es obligatorio';

/** What the Pedido refuses before sending, keyed as the server's errors are: a material to create
 * needs its description and its type (SICAM creates it in that type); any other line needs its
 * material; a stock use its product. */
export function lineProblems(values: SiteValues): Record<string, string> {
  const errors: Record<string, string> = {};
  values.productos_solicitados.forEach((l, i) => {
    if (l.solicitud_material === 1 && l.descripcion.trim() === '') errors[`productos_solicitados.${i}.descripcion`] = MSG_REQUIRED;
    if (l.solicitud_material === 1 && !l.id_material_tipo) errors[`productos_solicitados.${i}.id_material_tipo`] = MSG_REQUIRED;
    if (l.solicitud_material === 0 && !l.id_material) errors[`productos_solicitados.${i}.id_material`] = MSG_REQUIRED;
    if (l.usar_stock === 1 && !l.id_stock) errors[`productos_solicitados.${i}.id_producto_solicitado_stock_solicitud`] = MSG_REQUIRED;
  });
  return errors;
}
