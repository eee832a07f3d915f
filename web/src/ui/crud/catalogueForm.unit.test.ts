import { describe, expect, it } from 'vitest';
import type { CatalogueField } from './catalogueConfig';
import { catalogueFormValues } from './catalogueFormValues';
import { cataloguePayload } from './cataloguePayload';
import { catalogueResource } from './catalogueResource';
import { dependentsOf } from './dependentsOf';

const productFields: CatalogueField[] = [
  { kind: 'select', name: 'id_equipo_grupo', label: 'Grupo', endpoint: '/fil_datas/equipo_grupos' },
  { kind: 'select', name: 'id_equipo_subgrupo', label: 'Subgrupo', endpoint: '/fil_datas/equipo_subgrupos', dependsOn: 'id_equipo_grupo' },
  { kind: 'select', name: 'id_equipo_producto', label: 'Producto', endpoint: '/fil_datas/equipo_productos', dependsOn: 'id_equipo_subgrupo' },
  { kind: 'text', name: 'nombre', label: 'Nombre', maxLength: 200 },
];

describe('dependentsOf', () => {
  it('clears the children of a changed parent, through every level, in order', () => {
    expect(dependentsOf(productFields, 'id_equipo_grupo')).toEqual(['id_equipo_subgrupo', 'id_equipo_producto']);
    expect(dependentsOf(productFields, 'id_equipo_subgrupo')).toEqual(['id_equipo_producto']);
    expect(dependentsOf(productFields, 'nombre')).toEqual([]);
  });
  it('stops on a loop in a config', () => {
    const loop = [
      { name: 'a', dependsOn: 'b' },
      { name: 'b', dependsOn: 'a' },
    ];
    expect(dependentsOf(loop, 'a')).toEqual(['b']);
  });
});

describe('catalogueFormValues', () => {
  const fields: CatalogueField[] = [
    { kind: 'select', name: 'id_equipo_grupo', label: 'Grupo', endpoint: '/fil_datas/equipo_grupos' },
    { kind: 'text', name: 'nombre', label: 'Nombre', maxLength: 200 },
    { kind: 'number', name: 'mantenimiento_valor', label: 'Mantenimiento cada', decimals: 2 },
  ];
  it('empty fields for a new record', () => {
    expect(catalogueFormValues(fields)).toEqual({ id_equipo_grupo: null, nombre: '', mantenimiento_valor: '' });
  });
  it("the server's item: ids as numbers, numbers and text as shown", () => {
    expect(catalogueFormValues(fields, { id: 4, id_equipo_grupo: '3', nombre: 'Volquete', mantenimiento_valor: '10000.00', estado: 1 })).toEqual({
      id_equipo_grupo: 3,
      nombre: 'Volquete',
      mantenimiento_valor: '10000.00',
    });
    expect(catalogueFormValues(fields, { id_equipo_grupo: 0, nombre: null, mantenimiento_valor: 250 })).toEqual({ id_equipo_grupo: null, nombre: '', mantenimiento_valor: '250' });
  });
});

describe('cataloguePayload', () => {
  const fields: CatalogueField[] = [
    { kind: 'text', name: 'nombre', label: 'Nombre', maxLength: 60 },
    { kind: 'number', name: 'decimales', label: 'Decimales', decimals: 0 },
    { kind: 'number', name: 'valor', label: 'Valor', decimals: 4, required: true },
    { kind: 'select', name: 'id_unidad', label: 'Unidad', endpoint: '/fil_datas/unidades' },
  ];
  it('leaves out an empty optional number, keeps an empty required one, trims numbers', () => {
    expect(cataloguePayload(fields, { nombre: 'GLN', decimales: '', valor: '', id_unidad: null })).toEqual({ nombre: 'GLN', valor: '', id_unidad: null });
    expect(cataloguePayload(fields, { nombre: 'GLN', decimales: ' 2 ', valor: '3.7854 ', id_unidad: 5 })).toEqual({ nombre: 'GLN', decimales: '2', valor: '3.7854', id_unidad: 5 });
  });
});

describe("a catalogue resource's search", () => {
  const { validateSearch } = catalogueResource('/equipo_subgrupos', ['equipo_subgrupo'], ['id_equipo_grupo']);
  it('keeps valid filters as numbers and drops invalid or unknown ones instead of failing', () => {
    expect(validateSearch({ estado: '1', id_equipo_grupo: '4', page: 2 })).toMatchObject({ estado: 1, id_equipo_grupo: 4, page: 2 });
    const bad = validateSearch({ estado: 7, id_equipo_grupo: 'x', other: 'dropped' });
    expect(bad.estado).toBeUndefined();
    expect(bad.id_equipo_grupo).toBeUndefined();
    expect('other' in bad).toBe(false);
    expect(validateSearch({ estado: 0 }).estado).toBe(0);
  });
});
