import { describe, expect, it } from 'vitest';
import type { SiteOrderItem, SiteOrderProduct } from '../siteWarehouseTypes';
import { lineProblems, materialsStateLabel, sitePayload, stockTaken, toRequest, toSiteValues, withMaterial, withMaterialCreation, withSiteStock, withStockProduct, withStockUse, type SiteLine } from './siteValues';

// The site Pedido's line rules (seed 002 §4 "Material quantity logic", §5), with the seed's numbers.

function product(over: Partial<SiteOrderProduct> = {}): SiteOrderProduct {
  return {
    id: 7,
    elemento: 'Motor',
    codigo_material: 'MAT-001',
    id_material: 11,
    id_material_tipo: 3,
    descripcion: 'Filtro de aceite',
    id_unidad: 1,
    unidad: 'UND',
    solicitud_material: 0,
    cantidad_solicitada_por_tecnico: 5,
    cantidad_en_almacen_obra: 0,
    usar_stock_solicitud: 0,
    id_producto_solicitado_stock_solicitud: null,
    cantidad_stock_solicitud: 0,
    stock_solicitud: '',
    cantidad_solicitada_por_almacen_obra: 0,
    estado: 1,
    estado_nombre: 'Pendiente',
    vale_salida: '',
    id_producto_solicitado: null,
    ...over,
  };
}

function line(over: Partial<SiteOrderProduct> = {}): SiteLine {
  return toSiteValues({ productos_solicitados: [product(over)] } as SiteOrderItem).productos_solicitados[0];
}

const option = (cantidad_disponible: number) => ({ value: 90, label: 'SC-0004 · Filtro de aceite (1 disponible)', id_solicitud_compra: 4, codigo_solicitud_compra: 'SC-0004', cantidad_disponible });

describe('site stock as typed', () => {
  it('caps at the requested quantity: requested 5, site stock 7 → 5', () => {
    expect(withSiteStock(line(), '7').stock).toBe('5');
  });

  it('drops an invalid last character and keeps decimals', () => {
    expect(withSiteStock(line(), '3a').stock).toBe('3');
    expect(withSiteStock(line(), '2.5').stock).toBe('2.5');
    expect(withSiteStock(line(), '2,5').stock).toBe('2.5');
    expect(withSiteStock(line(), '-').stock).toBe('');
    expect(withSiteStock(line(), '').stock).toBe('');
  });

  it('site stock 2 of 5 leaves 3 to request', () => {
    expect(toRequest(withSiteStock(line(), '2'))).toBe(3);
  });
});

describe('stock from another request', () => {
  it('takes min(available, requested − site stock)', () => {
    expect(stockTaken(1, 4, 0)).toBe(1);
    expect(stockTaken(10, 4, 1)).toBe(3);
    expect(stockTaken(10, 4, 4)).toBe(0);
    expect(stockTaken(-3, 4, 0)).toBe(0);
  });

  it('1 available for a line of 4 → 1 taken, 3 to request', () => {
    const picked = withStockProduct(withStockUse(line({ cantidad_solicitada_por_tecnico: 4 }), true), option(1));
    expect(picked).toMatchObject({ usar_stock: 1, id_stock: 90, tomado: 1, stock_label: option(1).label });
    expect(toRequest(picked)).toBe(3);
  });

  it('counts the site stock before lending: 5 requested, 2 on site, 10 available → 3 taken, 0 to request', () => {
    const picked = withStockProduct(withSiteStock(line(), '2'), option(10));
    expect(picked.tomado).toBe(3);
    expect(toRequest(picked)).toBe(0);
  });

  it('turning it off or clearing the product forgets what was taken', () => {
    const picked = withStockProduct(line(), option(2));
    expect(withStockUse(picked, false)).toMatchObject({ usar_stock: 0, id_stock: null, stock_label: '', tomado: 0 });
    expect(withStockProduct(picked, null)).toMatchObject({ id_stock: null, tomado: 0 });
    expect(toRequest(withStockUse(picked, false))).toBe(5);
  });

  it('reads a saved line with its stock, and ignores stock fields of a line not using it', () => {
    expect(line({ usar_stock_solicitud: 1, id_producto_solicitado_stock_solicitud: 90, cantidad_stock_solicitud: 2, stock_solicitud: 'SC-0004' })).toMatchObject({ usar_stock: 1, id_stock: 90, tomado: 2, stock_label: 'SC-0004' });
    expect(line({ usar_stock_solicitud: 0, id_producto_solicitado_stock_solicitud: 90, cantidad_stock_solicitud: 2 })).toMatchObject({ usar_stock: 0, id_stock: null, tomado: 0 });
  });
});

describe('Por solicitar', () => {
  it('is requested − site stock − stock taken, never negative', () => {
    expect(toRequest({ ...line(), stock: '5', usar_stock: 1, tomado: 3 })).toBe(0);
    expect(toRequest({ ...line(), stock: '1.25', usar_stock: 1, tomado: 1.5 })).toBe(2.25);
    expect(toRequest({ ...line(), stock: '', usar_stock: 0, tomado: 3 })).toBe(5);
  });
});

describe('material creation', () => {
  it('turning it on or off clears the material, its code and description, and the stock taken; the type stays', () => {
    const picked = withStockProduct(line(), option(1));
    const on = withMaterialCreation(picked, true);
    expect(on).toMatchObject({ solicitud_material: 1, id_material: null, codigo_material: '', id_material_tipo: 3, descripcion: '', usar_stock: 0, id_stock: null, tomado: 0 });
    const off = withMaterialCreation({ ...on, descripcion: 'Bomba nueva' }, false);
    expect(off).toMatchObject({ solicitud_material: 0, id_material: null, codigo_material: '', descripcion: '' });
  });

  it('picking a material sets its code, type and name and lets go of another material’s stock', () => {
    const picked = withMaterial(withStockProduct(line(), option(1)), { id: 12, codigo: 'MAT-002', nombre: 'Filtro de aire', id_material_tipo: 4 });
    expect(picked).toMatchObject({ id_material: 12, codigo_material: 'MAT-002', id_material_tipo: 4, descripcion: 'Filtro de aire', usar_stock: 0, tomado: 0 });
    expect(withMaterial(picked, null)).toMatchObject({ id_material: null, codigo_material: '', descripcion: '' });
  });
});

describe('the request body', () => {
  it('sends every line with the computed quantity to request; terminado only for Atendido', () => {
    const values = toSiteValues({
      productos_solicitados: [product({ id: 1 }), product({ id: 2, cantidad_solicitada_por_tecnico: 4 }), product({ id: 3, solicitud_material: 1, id_material: null, codigo_material: '', descripcion: ' Bomba nueva ' })],
    } as SiteOrderItem);
    const [a, b, c] = values.productos_solicitados;
    const lines = [withSiteStock(a, '2'), withStockProduct(b, option(1)), { ...c, id_material: 99, codigo_material: 'X' }];
    const body = sitePayload({ productos_solicitados: lines }, 42, 0);
    expect(body).toEqual({
      id: 42,
      productos_solicitados: [
        { id: 1, solicitud_material: 0, id_unidad: 1, id_material: 11, codigo_material: 'MAT-001', id_material_tipo: 3, descripcion: 'Filtro de aceite', cantidad_en_almacen_obra: 2, usar_stock_solicitud: 0, id_producto_solicitado_stock_solicitud: null, cantidad_solicitada_por_almacen_obra: 3 },
        { id: 2, solicitud_material: 0, id_unidad: 1, id_material: 11, codigo_material: 'MAT-001', id_material_tipo: 3, descripcion: 'Filtro de aceite', cantidad_en_almacen_obra: 0, usar_stock_solicitud: 1, id_producto_solicitado_stock_solicitud: 90, cantidad_solicitada_por_almacen_obra: 3 },
        { id: 3, solicitud_material: 1, id_unidad: 1, id_material: null, codigo_material: '', id_material_tipo: 3, descripcion: 'Bomba nueva', cantidad_en_almacen_obra: 0, usar_stock_solicitud: 0, id_producto_solicitado_stock_solicitud: null, cantidad_solicitada_por_almacen_obra: 5 },
      ],
    });
    expect(sitePayload({ productos_solicitados: lines }, 42, 1).terminado).toBe(1);
    expect('terminado' in sitePayload({ productos_solicitados: lines }, 42, 0)).toBe(false);
  });
});

describe('material-creation state', () => {
  const base = { tiene_productos_en_solicitud_material: 1, creacion_materiales_atendidos: 0, materiales_estado: null, materiales_motivo: null };
  it('names each step, or nothing when no material is created', () => {
    expect(materialsStateLabel({ ...base, tiene_productos_en_solicitud_material: 0 })).toBeNull();
    expect(materialsStateLabel(base)).toBe('Pendiente de envío');
    expect(materialsStateLabel({ ...base, materiales_estado: 'pendiente' })).toBe('Pendiente de envío');
    expect(materialsStateLabel({ ...base, materiales_estado: 'enviado' })).toBe('Enviada a SICAM');
    expect(materialsStateLabel({ ...base, materiales_estado: 'fallido', materiales_motivo: 'Código duplicado' })).toBe('Falló: Código duplicado');
    expect(materialsStateLabel({ ...base, materiales_estado: 'enviado', creacion_materiales_atendidos: 1 })).toBe('Materiales creados');
  });
});

describe('checks before sending', () => {
  it('a material to create needs its description and type, another line its material, a stock use its product', () => {
    const created = withMaterialCreation(line(), true);
    const noMaterial = withMaterial(line(), null);
    const noStock = withStockUse(line(), true);
    expect(lineProblems({ productos_solicitados: [line(), created, noMaterial, noStock, { ...created, descripcion: 'Bomba', id_material_tipo: null }] })).toEqual({
      'productos_solicitados.1.descripcion': 'Este campo es obligatorio',
      'productos_solicitados.4.id_material_tipo': 'Este campo es obligatorio',
      'productos_solicitados.2.id_material': 'Este campo es obligatorio',
      'productos_solicitados.3.id_producto_solicitado_stock_solicitud': 'Este campo es obligatorio',
    });
    expect(lineProblems({ productos_solicitados: [{ ...created, descripcion: 'Bomba' }] })).toEqual({});
  });
});
