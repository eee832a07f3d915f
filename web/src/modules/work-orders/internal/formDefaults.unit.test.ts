import { describe, expect, it } from 'vitest';
import { closeTotalBlocker, initialSupervisor, machineReading, materialUnit, proposedReading, readingSource, unitForMaterial } from './formDefaults';
import { firstTabWithError, LINE_TABS, tablesWithErrors } from './lineTabs';

// The pure parts of the work-order form's first-time-user help (issue 14, item 4): what it
// proposes (unit, opening reading, supervisor), why CIERRE TOTAL is off, and the line tabs.

const UNITS = [
  { value: 1, label: 'UND' },
  { value: 2, label: 'CJA' },
  { value: 3, label: 'GLN' },
  { value: 4, label: 'LT' },
  { value: 5, label: 'M' },
];
const CONV = [
  // Filtros: UND (base) and CJA of 12.
  { id_material_tipo: 10, id_unidad: 1, valor: 1 },
  { id_material_tipo: 10, id_unidad: 2, valor: 12 },
  // Lubricantes: GLN (base) and LT.
  { id_material_tipo: 11, id_unidad: 3, valor: 1 },
  { id_material_tipo: 11, id_unidad: 4, valor: 0.2642 },
  // Cables: two units of factor 1 — no single base unit.
  { id_material_tipo: 12, id_unidad: 5, valor: 1 },
  { id_material_tipo: 12, id_unidad: 1, valor: 1 },
  // One unit only, its factor not 1.
  { id_material_tipo: 13, id_unidad: 2, valor: 12 },
];

describe('materialUnit: the unit a material is counted in', () => {
  it("is its type's one base unit (factor 1)", () => {
    expect(materialUnit(UNITS, CONV, 10)).toBe(1);
    expect(materialUnit(UNITS, CONV, 11)).toBe(3);
  });
  it('is none when two units have factor 1, without a type, without conversions, or when the base unit is not a unit on offer', () => {
    expect(materialUnit(UNITS, CONV, 12)).toBeNull();
    expect(materialUnit(UNITS, CONV, null)).toBeNull();
    expect(materialUnit(UNITS, CONV, 99)).toBeNull();
    expect(materialUnit(UNITS, 'no es una lista', 10)).toBeNull();
    expect(materialUnit(UNITS.filter((u) => u.value !== 1), CONV, 10)).toBeNull();
  });
});

describe('unitForMaterial: a part line once its material is chosen', () => {
  it("takes the material's unit over the line's, even when the line's is allowed", () => {
    expect(unitForMaterial(null, UNITS, CONV, 10)).toBe(1);
    expect(unitForMaterial(2, UNITS, CONV, 10)).toBe(1);
    expect(unitForMaterial(4, UNITS, CONV, 11)).toBe(3);
  });
  it("keeps an allowed unit when the material has none, takes a type's only unit, clears one outside the type", () => {
    expect(unitForMaterial(5, UNITS, CONV, 12)).toBe(5);
    expect(unitForMaterial(3, UNITS, CONV, 12)).toBeNull();
    expect(unitForMaterial(null, UNITS, CONV, 13)).toBe(2);
    expect(unitForMaterial(1, UNITS, CONV, 13)).toBe(2);
  });
});

describe('proposedReading: the opening reading from the machine', () => {
  it('fills an empty field, and replaces its own earlier proposal when another machine is chosen', () => {
    expect(proposedReading('', null, 1520.5)).toBe('1520.5');
    expect(proposedReading('  ', null, 0)).toBe('0');
    expect(proposedReading('1520.5', '1520.5', 880)).toBe('880');
  });
  it('never overwrites what the user typed', () => {
    expect(proposedReading('1600', null, 1520.5)).toBe('1600');
    expect(proposedReading('1600', '1520.5', 880)).toBe('1600');
  });
  it('withdraws its own proposal when the machine goes (or the lookup fails), not a typed value', () => {
    expect(proposedReading('1520.5', '1520.5', null)).toBe('');
    expect(proposedReading('1600', '1520.5', null)).toBe('1600');
    expect(proposedReading('', null, Number.NaN)).toBe('');
  });
});

describe("machineReading: the lookup's reading, when it knows one", () => {
  it("is the last log's end (even 0) or the machine's registered reading when above 0", () => {
    expect(machineReading({ h_inicio: 1520, fuente: 'registro' })).toBe(1520);
    expect(machineReading({ h_inicio: 0, fuente: 'registro' })).toBe(0);
    expect(machineReading({ h_inicio: 4321, fuente: 'equipo' })).toBe(4321);
  });
  it('is none for a never-read machine (0, no logs) or a reply without a number', () => {
    expect(machineReading({ h_inicio: 0, fuente: 'equipo' })).toBeNull();
    expect(machineReading({ fuente: 'equipo' })).toBeNull();
    expect(machineReading({ h_inicio: '12', fuente: 'registro' })).toBeNull();
    expect(machineReading({ h_inicio: -3, fuente: 'registro' })).toBeNull();
  });
});

describe('readingSource: where the proposed reading came from', () => {
  it("names the last log's date and shift, or the machine's own reading", () => {
    expect(readingSource({ fuente: 'registro', ultimo: { fecha: '2026-11-19', turno: 'Día' } })).toBe('Propuesto: fin del último registro de horómetro (19/11/2026, Día).');
    expect(readingSource({ fuente: 'equipo', ultimo: null })).toBe('Propuesto: lectura registrada del equipo.');
  });
});

describe('initialSupervisor', () => {
  it("is the blank order's proposal on a new order only", () => {
    expect(initialSupervisor('new', 42)).toBe(42);
    expect(initialSupervisor('new', null)).toBeNull();
    expect(initialSupervisor('edit', 42)).toBeNull();
    expect(initialSupervisor('replicate', 42)).toBeNull();
  });
});

describe('closeTotalBlocker: why CIERRE TOTAL is off', () => {
  const open = { locked: false, can_close_total: true };
  it('is null for a saved open order the user may edit', () => {
    expect(closeTotalBlocker({ mode: 'edit', permissions: open, canEdit: true, saving: false })).toBeNull();
  });
  it('names the first thing in the way', () => {
    expect(closeTotalBlocker({ mode: 'new', permissions: { locked: false, can_close_total: false }, canEdit: true, saving: false })).toBe(
      'Guarde primero la orden con CIERRE MECÁNICO: el cierre total se habilita una vez guardada.',
    );
    expect(closeTotalBlocker({ mode: 'edit', permissions: open, canEdit: false, saving: false })).toBe('No tiene permiso para modificar órdenes de trabajo.');
    expect(closeTotalBlocker({ mode: 'edit', permissions: { locked: true, can_close_total: false }, canEdit: true, saving: false })).toBe('La orden de trabajo ya no está abierta.');
    expect(closeTotalBlocker({ mode: 'edit', permissions: { locked: false, can_close_total: false }, canEdit: true, saving: false })).toBe('La orden de trabajo ya no está abierta.');
    expect(closeTotalBlocker({ mode: 'edit', permissions: open, canEdit: true, saving: true })).toBe('Espere a que termine el guardado.');
  });
});

describe('line tabs', () => {
  it('are the four tables in order', () => {
    expect(LINE_TABS.map((t) => t.label)).toEqual(['Diagnósticos', 'Intervenciones', 'Repuestos', 'Documentos']);
  });
  it('find the tables with errors among the server-keyed errors, and the first in tab order', () => {
    const errors = { id_obra: 'Este campo es obligatorio', 'documentos.0.pic': 'Falta el archivo', 'productos_solicitados.1.id_unidad': 'Este campo es obligatorio', 'intervenciones.0.descripcion': '' };
    expect([...tablesWithErrors(errors)].sort()).toEqual(['documentos', 'productos_solicitados']);
    expect(firstTabWithError(errors)).toBe(2);
    expect(firstTabWithError({ id_obra: 'Este campo es obligatorio' })).toBeNull();
    expect(firstTabWithError({ 'diagnosticos.0.id_grupo_funcional_elemento': 'Este campo es obligatorio' })).toBe(0);
  });
});
