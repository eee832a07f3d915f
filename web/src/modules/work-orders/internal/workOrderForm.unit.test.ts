import { describe, expect, it } from 'vitest';
import { formatOrderAge, orderAgeTone } from './orderAge';
import { unitChoices } from './unitChoices';
import { validateWorkOrder } from './validateWorkOrder';
import { item } from '../testing/workOrderItem';
import { blankDocument, blankPartLine, blankWorkLine, toFormValues } from './workOrderValues';


describe('work-order form values', () => {
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
