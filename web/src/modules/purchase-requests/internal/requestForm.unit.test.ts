import { describe, expect, it } from 'vitest';
import type { RequestItem, RequestProduct } from '../requestTypes';
import { centralPayload, toCentralValues } from './centralValues';
import { quantityInput, quantityValue, remaining } from './quantity';
import { fixedResource } from './requestOptions';
import { blankDocument, blankLine, documentErrorIndex, kindOf, requestPayload, toRequestValues, typeLocked, withoutLineErrors } from './requestValues';

const product = (over: Partial<RequestProduct>): RequestProduct => ({
  id: 1, id_solicitud_compra: 7, orden: 1, id_material: 3, codigo: 'FLT-01', descripcion: 'Filtro', id_material_tipo: 2, id_unidad: 4, nombre_unidad: 'UND',
  cantidad_solicitada_por_tecnico: 0, cantidad_solicitada_por_almacen_obra: 5, cantidad_en_almacen_central: 0, cantidad_solicitada_por_almacen_central: 0,
  en_almacen_central: 0, observacion_almacen_central: '', estado: 3, estado_nombre: 'Pendiente atención almacén', numero_orden: null, precio: null, moneda: null, puede_anular: 1,
  ...over,
});

const saved = (over: Partial<RequestItem> = {}): RequestItem =>
  ({
    id: 7, codigo: 'OB1-SC-000001', tipo: 1, tipo_nombre: 'compra', estado: 1, estado_nombre: 'Borrador', id_obra: 2, codigo_obra: 'OB1', nombre_obra: 'Obra 1',
    id_orden_trabajo: null, codigo_orden_trabajo: null, creado_desde_ot: 0, id_supervisor: 9, nombre_supervisor: 'Carlos', apellido_supervisor: 'Mendoza',
    id_logistico: null, nombre_logistico: null, id_equipo: 11, codigo_equipo: 'EQ-1', cc_equipo: null, id_centro_costo_tipo: 1, nombre_centro_costo_tipo: 'Directo (equipo)',
    id_centro_costo_indirecto: null, id_centro_costo_indirecto_elemento: null, id_grupo_funcional: null, sigla_grupo_funcional: null, nombre_grupo_funcional: null,
    id_solicitudes_tipo: 1, id_solicitudes_clasificacion: null, id_solicitudes_movilizacion_recursos: 1, id_solicitudes_movilizacion_terceros_tipocc: null,
    id_solicitudes_movilizacion_terceros_ter_recurso: null, solicitudes_tipo: 'Operación y mantenimiento', clasificacion_nombre: null, recurso_codigo: '1-001',
    recurso_nombre: 'Repuestos', centro_costo_indirecto_codigo: null, centro_costo_indirecto_nombre: null, elemento_codigo: null, elemento_nombre: null,
    movilizacion_tipo_nombre: null, ter_recurso_nombre: null, descripcion_trabajo: 'Filtros', fecha_requerimiento: '2026-12-01', fecha_recepcion_pedido: null,
    fecha_creado: '2026-11-20T10:00:00Z', motivo_observado: null, motivo_rechazo: null, atendido_por_almacen_central: 0, enviado_sicam: 0, sicam_estado: null,
    sicam_motivo: null, sicam_intentos: 0, numero_orden: null, material_rechazado: 0, version: 4, editable: 1, puede_anular: 0,
    productos_solicitados: [product({})],
    ...over,
  }) as RequestItem;

describe('quantities as typed (seed 002 §5)', () => {
  it('keeps a non-negative decimal, drops the character that breaks it, caps at the maximum', () => {
    expect(quantityInput('12.5')).toBe('12.5');
    expect(quantityInput('12.5.')).toBe('12.5');
    expect(quantityInput('1a')).toBe('1');
    expect(quantityInput('-3')).toBe('');
    expect(quantityInput('3,25')).toBe('3.25');
    expect(quantityInput('8', 5)).toBe('5');
    expect(quantityInput('5.', 5)).toBe('5.');
    expect(quantityInput('')).toBe('');
  });
  it('reads the text as a number and computes what is left to request', () => {
    expect(quantityValue('')).toBe(0);
    expect(quantityValue('2.5')).toBe(2.5);
    expect(remaining(5, 2)).toBe(3);
    expect(remaining(1.1, 0.3)).toBe(0.8);
    expect(remaining(2, 5)).toBe(0);
  });
});

describe('the request form', () => {
  it('loads a saved request and sends it back with its version, the products in the order shown', () => {
    const values = toRequestValues(saved());
    expect(values.id_solicitudes_movilizacion_recursos).toBe(1);
    const body = requestPayload({ ...values, productos_solicitados: [...values.productos_solicitados, { ...blankLine(), descripcion: ' Perno especial ', cantidad: '' }] }, { id: 7, version: 4, tipo: 'compra', terminado: 1 }) as Record<string, unknown>;
    expect(body).toMatchObject({ id: 7, version: 4, tipo: 'compra', terminado: 1, id_equipo: 11, id_centro_costo_indirecto: null, id_solicitudes_movilizacion_terceros_tipocc: null });
    expect(body.productos_solicitados).toEqual([
      { id: 1, id_material: 3, codigo: 'FLT-01', descripcion: 'Filtro', id_unidad: 4, cantidad_solicitada_por_almacen_obra: '5' },
      { id: 0, id_material: null, codigo: '', descripcion: 'Perno especial', id_unidad: null, cantidad_solicitada_por_almacen_obra: 0 },
    ]);
  });
  it('sends JSON without new files; with them, multipart with each new row naming its file; saved documents are not sent', async () => {
    const values = toRequestValues({ ...saved(), documentos: [{ id: 5, nombre: 'cotizacion.pdf', observaciones: 'Proveedor', url: '/uploads/x.pdf', fecha_creado: '2026-11-20T10:00:00Z' }] });
    expect(values.documentos).toEqual([{ key: 'doc-5', id: 5, observaciones: 'Proveedor', file: null, url: '/uploads/x.pdf', nombre: 'cotizacion.pdf' }]);
    const meta = { id: 7, version: 4, tipo: 'compra' as const, terminado: 0 as const };
    expect(requestPayload(values, meta)).toMatchObject({ documentos: [] });
    const file = new File(['%PDF-1.4'], 'ficha.pdf', { type: 'application/pdf' });
    const rows = [...values.documentos, { ...blankDocument(), observaciones: ' Ficha técnica ', file }, { ...blankDocument(), observaciones: 'sin archivo' }];
    const body = requestPayload({ ...values, documentos: rows }, meta);
    expect(body).toBeInstanceOf(FormData);
    const form = body as FormData;
    expect(JSON.parse(String(form.get('documentos')))).toEqual([{ id: 0, observaciones: 'Ficha técnica', archivo: 'documento_0' }, { id: 0, observaciones: 'sin archivo' }]);
    expect((form.get('documento_0') as File).name).toBe('ficha.pdf');
    expect(form.get('id')).toBe('7');
    expect(JSON.parse(String(form.get('productos_solicitados')))).toHaveLength(1);
    // The server's 'documentos.N' counts the new rows only.
    expect([0, 1, 2].map((i) => documentErrorIndex(rows, i))).toEqual([0, 0, 1]);
  });
  it('keeps only the fields of the chosen cost centre and kind', () => {
    const values = { ...toRequestValues(saved()), id_centro_costo_tipo: 2, id_centro_costo_indirecto: 12, id_centro_costo_indirecto_elemento: null, id_solicitudes_movilizacion_terceros_tipocc: 2 };
    const body = requestPayload(values, { id: 7, version: 4, tipo: 'compra', terminado: 0 });
    expect(body).toMatchObject({ id_equipo: null, id_centro_costo_indirecto: 12, id_centro_costo_indirecto_elemento: null, id_solicitudes_movilizacion_terceros_tipocc: null });
    const service = requestPayload({ ...values, id_solicitudes_movilizacion_terceros_ter_recurso: '2-044' }, { id: 7, version: 4, tipo: 'servicio', terminado: 0 });
    expect(service).toMatchObject({ id_solicitudes_movilizacion_terceros_tipocc: 2, id_solicitudes_movilizacion_terceros_ter_recurso: '2-044' });
  });
  it('a mobilisation type fixes the third-party resource with its catalogue row\'s code, if it has one', () => {
    expect(fixedResource({ value: 2, label: 'Alquiler', codigo_recurso: ' 2-044 ' })).toBe('2-044');
    expect(fixedResource({ value: 1, label: 'Servicio', codigo_recurso: '' })).toBeNull();
    expect(fixedResource(undefined)).toBeNull();
  });
  it('takes the kind from the saved request, else from the route', () => {
    expect(kindOf(saved({ tipo: 3 }), 'compra')).toBe('despacho');
    expect(kindOf({ id: 0, tipo: null, id_obra: null, id_supervisor: 1, nombre_supervisor: null, apellido_supervisor: null, editable: 1, productos_solicitados: [], documentos: [] }, 'servicio')).toBe('servicio');
  });
  it('drops the errors of one product line, or of all of them', () => {
    const errors = { id_obra: 'x', 'productos_solicitados.0.id_unidad': 'a', 'productos_solicitados.1.id_unidad': 'b' };
    expect(withoutLineErrors(errors, 0)).toEqual({ id_obra: 'x', 'productos_solicitados.1.id_unidad': 'b' });
    expect(withoutLineErrors(errors)).toEqual({ id_obra: 'x' });
  });
});

describe('the central Pedido', () => {
  it('edits the live products and sends the stock found and the observation of each', () => {
    const values = toCentralValues(saved({ productos_solicitados: [product({ id: 1, cantidad_en_almacen_central: 2 }), product({ id: 2, estado: 2 }), product({ id: 3, observacion_almacen_central: 'ok' })] }));
    expect(values.productos_solicitados.map((l) => [l.id, l.stock, l.solicitada])).toEqual([
      [1, '2', 5],
      [3, '0', 5],
    ]);
    expect(centralPayload({ productos_solicitados: [{ ...values.productos_solicitados[0], stock: '' }, { ...values.productos_solicitados[1], observacion: ' hay 5 ' }] }, 7, 1)).toEqual({
      id: 7,
      terminado: 1,
      productos_solicitados: [
        { id: 1, cantidad_en_almacen_central: 0, observacion_almacen_central: '' },
        { id: 3, cantidad_en_almacen_central: 0, observacion_almacen_central: 'hay 5' },
      ],
    });
  });
});

describe('the request type lock (issue 28)', () => {
  it('locks once a type was chosen and saved; a saved borrador without one (generated from its OT) still takes it', () => {
    expect(typeLocked(saved())).toBe(true);
    expect(typeLocked(saved({ id_solicitudes_tipo: null, creado_desde_ot: 1 }))).toBe(false);
    expect(typeLocked(saved({ id: 0 }))).toBe(false);
    expect(typeLocked(null)).toBe(false);
  });
  it("sends back the functional group it loaded (a generated request's parts' group); an indirect cost centre clears it", () => {
    const values = toRequestValues(saved({ id_grupo_funcional: 12 }));
    expect(requestPayload(values, { id: 7, version: 4, tipo: 'compra', terminado: 0 })).toMatchObject({ id_grupo_funcional: 12 });
    expect(requestPayload({ ...values, id_centro_costo_tipo: 2 }, { id: 7, version: 4, tipo: 'compra', terminado: 0 })).toMatchObject({ id_grupo_funcional: null });
  });
});
