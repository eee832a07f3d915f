import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { saveInputSchema } from '@api/work-orders/work-order-schemas';
import { formatOrderAge, orderAgeTone } from './orderAge';
import { saveRequest } from './saveRequest';
import { unitChoices } from './unitChoices';
import { validateWorkOrder } from './validateWorkOrder';
import type { WorkOrderItem } from '../workOrderTypes';
import { blankDocument, blankPartLine, blankWorkLine, toFormValues } from './workOrderValues';

const PERMS = { locked: false, parts_locked: false, equipment_locked: false, can_close_total: true, can_cancel: false, can_replicate: false, can_create_service_request: false, can_generate_purchase_request: false };

/** A stored part line as the form sends it back (the list's state and its name are not sent). */
const PART_LINE = {
  id: 22,
  id_grupo_funcional: 2,
  id_grupo_funcional_elemento: 9,
  descripcion: 'Filtro',
  id_unidad: 1,
  id_material: 5,
  codigo_material: '1R0750',
  id_material_tipo: 3,
  solicitud_material: 0 as const,
  cantidad_solicitada_por_tecnico: 2,
};

function item(over: Partial<WorkOrderItem> = {}): WorkOrderItem {
  return {
    id: 7,
    codigo: 'OB-LIM-01-OT-000007',
    estado: 1,
    version: 12,
    id_obra: 1,
    id_equipo: 3,
    placa_equipo: 'ABC-123',
    serie_equipo: 'S-1',
    fecha_parada: '2026-11-20 08:00',
    fecha_puesta_marcha: '2026-11-20 17:45',
    fecha_apertura_ot: '2026-11-20 08:30',
    fecha_cierre_ot: null,
    horometro_parada: 1200.5,
    horometro_puesta_marcha: 1208,
    horometro_apertura_ot: null,
    horometro_cierre_ot: null,
    kilometraje: null,
    tercero_ruc: '',
    tercero_razon_social: '',
    id_operador: 4,
    id_mecanico: 5,
    id_supervisor: 6,
    firma_operador: 0,
    firma_mecanico: 1,
    firma_supervisor: 0,
    sin_productos: 0,
    atendido_por_almacen_obra: 0,
    id_solicitud_compra: 0,
    rechazado_id: null,
    tiempo_parada: { horas: 9, minutos: 45 },
    tiempo_ejecucion: { horas: 0, minutos: 0 },
    diagnosticos: [{ id: 21, id_grupo_funcional: 2, id_grupo_funcional_elemento: 9, descripcion: 'Fuga', horas: 1, minutos: 30, observacion: '', elemento: '99.01 - Bomba' }],
    intervenciones: [],
    productos_solicitados: [
      {
        ...PART_LINE,
        estado: 2,
        estado_nombre: 'Atendido',
      },
    ],
    documentos: [{ id: 23, pic: 'abc.pdf', observaciones: 'Informe', url: '/uploads/abc.pdf' }],
    labels: [],
    permissions: PERMS,
    ...over,
  };
}

describe('work-order form values', () => {
  it('a loaded order goes back to the server unchanged (the decider then sees no line change)', () => {
    const body = saveRequest(toFormValues(item()), { id: 7, version: 12, terminado: 0, rechazado_id: null }) as Record<string, unknown>;
    const parsed = v.parse(saveInputSchema, body);
    expect(parsed).toMatchObject({
      id: 7,
      version: 12,
      id_obra: 1,
      horometro_parada: 1200.5,
      horometro_puesta_marcha: 1208,
      horometro_apertura_ot: null,
      kilometraje: null,
      firma_mecanico: 1,
      firma_operador: 0,
      fecha_cierre_ot: null,
      fecha_apertura_ot: '2026-11-20 08:30',
    });
    expect(parsed.diagnosticos).toEqual([{ id: 21, id_grupo_funcional: 2, id_grupo_funcional_elemento: 9, descripcion: 'Fuga', horas: 1, minutos: 30, observacion: '' }]);
    expect(parsed.productos_solicitados[0]).toEqual(PART_LINE);
    // A saved document stays as it is on the server: it is not sent.
    expect(parsed.documentos).toEqual([]);
  });

  it('new files make the body multipart: lists as JSON, each file in documento_{n}', async () => {
    const values = toFormValues(item());
    const file = new File(['%PDF-1.4'], 'informe.pdf', { type: 'application/pdf' });
    values.documentos.push({ ...blankDocument(), observaciones: 'Nuevo', file });
    values.sin_productos = true;
    const body = saveRequest(values, { id: 7, version: 12, terminado: 1, rechazado_id: null });
    expect(body).toBeInstanceOf(FormData);
    const form = body as FormData;
    expect(JSON.parse(String(form.get('documentos')))).toEqual([{ id: 0, observaciones: 'Nuevo', archivo: 'documento_0' }]);
    expect((form.get('documento_0') as File).name).toBe('informe.pdf');
    // 'No requiere productos de almacen' sends no parts (seed 001 §5).
    expect(form.get('productos_solicitados')).toBe('[]');
    const parsed = v.parse(saveInputSchema, Object.fromEntries([...form.entries()].filter(([, x]) => typeof x === 'string')));
    expect(parsed).toMatchObject({ terminado: 1, sin_productos: 1, kilometraje: null, rechazado_id: null, fecha_cierre_ot: null });
  });

  it('a replica keeps its lines as new ones, with fresh keys', () => {
    const values = toFormValues(
      item({ id: 0, diagnosticos: [{ id: 0, id_grupo_funcional: 2, id_grupo_funcional_elemento: 9, descripcion: 'x', horas: 0, minutos: 0, observacion: '' }] }),
    );
    expect(values.diagnosticos[0].key).toMatch(/^new-/);
    expect(values.productos_solicitados[0].key).toBe('id-22');
  });
});

describe('validateWorkOrder', () => {
  it('names the six required fields (seed 001 §5) with the server keys', () => {
    const values = toFormValues(item({ id_obra: null, id_equipo: null, fecha_apertura_ot: null, id_operador: null, id_mecanico: null, id_supervisor: null }));
    expect(Object.keys(validateWorkOrder(values)).sort()).toEqual(['fecha_apertura_ot', 'id_equipo', 'id_mecanico', 'id_obra', 'id_operador', 'id_supervisor']);
  });

  it('checks every line: element, material or a described new one, unit, quantity, a new document file', () => {
    const values = toFormValues(item({ diagnosticos: [], productos_solicitados: [], documentos: [] }));
    values.diagnosticos.push(blankWorkLine());
    values.productos_solicitados.push({ ...blankPartLine(), cantidad: '0' }, { ...blankPartLine(), solicitud_material: 1, id_grupo_funcional_elemento: 9, id_unidad: 1 });
    values.documentos.push(blankDocument());
    expect(validateWorkOrder(values)).toEqual({
      'diagnosticos.0.id_grupo_funcional_elemento': 'Seleccione el elemento',
      'productos_solicitados.0.id_grupo_funcional_elemento': 'Seleccione el elemento',
      'productos_solicitados.0.id_material': 'Este campo es obligatorio',
      'productos_solicitados.0.id_unidad': 'Este campo es obligatorio',
      'productos_solicitados.0.cantidad_solicitada_por_tecnico': 'La cantidad debe ser mayor que 0',
      'productos_solicitados.1.descripcion': 'Describa el material que se solicita crear',
      'documentos.0.pic': 'Adjunte el archivo',
    });
    values.sin_productos = true;
    expect(Object.keys(validateWorkOrder(values)).some((k) => k.startsWith('productos_solicitados'))).toBe(false);
  });
});

describe('unitChoices', () => {
  const units = [
    { value: 1, label: 'UND' },
    { value: 2, label: 'KG' },
    { value: 3, label: 'GLN' },
  ];
  it('keeps the material type units (seed 001 §5), all of them without a usable conversion list (seed 001 §8)', () => {
    const conv = [
      { id_material_tipo: 3, id_unidad: 1 },
      { id_material_tipo: 3, id_unidad: 3 },
      { id_material_tipo: 4, id_unidad: 2 },
    ];
    expect(unitChoices(units, conv, 3).map((u) => u.label)).toEqual(['UND', 'GLN']);
    expect(unitChoices(units, conv, 9)).toEqual(units);
    expect(unitChoices(units, conv, null)).toEqual(units);
    expect(unitChoices(units, { error: 'x' }, 3)).toEqual(units);
  });
});

describe('formats', () => {
  it('tells an open order age and its colour band', () => {
    expect(formatOrderAge(0)).toBe('recién abierta');
    expect(formatOrderAge(12)).toBe('hace 12 min');
    expect(formatOrderAge(125)).toBe('hace 2 h 5 min');
    expect(formatOrderAge(3 * 1440 + 4 * 60 + 10)).toBe('hace 3 d 4 h');
    expect([60, 1440, 3 * 1440, 3 * 1440 + 1].map(orderAgeTone)).toEqual(['fresh', 'aging', 'aging', 'late']);
  });
});
