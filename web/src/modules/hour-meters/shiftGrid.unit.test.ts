import { describe, expect, it } from 'vitest';
import { applyResults, editCell, gridRows, isDirty, moveCell, pendingIds, shiftPayload, workedHours } from './shiftGrid';

const machine = (id: number, h_inicio: number, registro: { id: number; h_inicio: number; h_fin: number } | null = null) => ({
  id_equipo: id, codigo: `EQ-${id}`, descripcion: '', h_inicio, fuente: 'equipo' as const, registro: registro && { ...registro, estado: 1 as const },
});

describe('the shift grid', () => {
  const machines = [machine(1, 100), machine(2, 200), machine(3, 300, { id: 9, h_inicio: 300, h_fin: 305 })];

  it('opens with the proposed starts; a machine with a log in the slot is saved; nothing is pending', () => {
    const s = gridRows(machines);
    expect(s[1].values.h_inicio).toBe('100');
    expect(s[3]).toMatchObject({ savedId: 9, values: { h_inicio: '300', h_fin: '305' } });
    expect(pendingIds(s)).toEqual([]);
    expect(isDirty(s)).toBe(false);
  });

  it('sends only typed, unsaved rows in the grid order, with the confirmation when ticked', () => {
    let s = gridRows(machines);
    s = editCell(s, 2, 'h_fin', '208');
    s = editCell(s, 1, 'h_fin', '106');
    s = editCell(s, 3, 'h_fin', '999'); // saved rows do not change
    s = { ...s, 2: { ...s[2], confirm: true } };
    expect(shiftPayload(s, [1, 2, 3], { fecha: '2026-03-09', id_tipo_turno: 1 })).toEqual({
      fecha: '2026-03-09',
      id_tipo_turno: 1,
      rows: [
        { id_equipo: 1, h_inicio: '100', h_fin: '106', falla_operacional: '', falla_neta: '', falla_tajo: '' },
        { id_equipo: 2, h_inicio: '200', h_fin: '208', falla_operacional: '', falla_neta: '', falla_tajo: '', confirmar_horometro: 1 },
      ],
    });
  });

  it('a partial failure: saved rows turn read-only, the refused row keeps its input and shows its errors', () => {
    let s = gridRows(machines);
    s = editCell(s, 1, 'h_fin', '106');
    s = editCell(s, 2, 'h_fin', '215');
    s = applyResults(s, [
      { id_equipo: 1, ok: true, id: 41, msg: 'Guardado correctamente' },
      { id_equipo: 2, ok: false, msg: 'Revise los campos marcados', errors: { h_fin: 'Las horas trabajadas (15 h) superan la duración del turno (12 h)' } },
    ]);
    expect(s[1].savedId).toBe(41);
    expect(s[2]).toMatchObject({ savedId: null, values: { h_fin: '215' }, errors: { h_fin: expect.stringContaining('15 h') } });
    expect(pendingIds(s)).toEqual([2]);
    // Typing in the cell clears its error; a refetch keeps the typed row and shows the saved one.
    s = editCell(s, 2, 'h_fin', '210');
    expect(s[2].errors).toEqual({});
    const refetched = gridRows([machine(1, 100, { id: 41, h_inicio: 100, h_fin: 106 }), machine(2, 200), machines[2]], s);
    expect(refetched[2].values.h_fin).toBe('210');
    expect(refetched[1].savedId).toBe(41);
  });

  it('a meter warning asks for confirmation on the row', () => {
    const s = applyResults(editCell(gridRows(machines), 1, 'h_inicio', '90'), [
      { id_equipo: 1, ok: false, msg: 'El horómetro inicial (90) es menor…', errors: { h_inicio: 'x' }, requiere_confirmacion: true },
    ]);
    expect(s[1]).toMatchObject({ needsConfirm: true, confirm: false });
  });

  it('keys move like a spreadsheet, skipping saved rows; edges stay', () => {
    const rows = [{ editable: true }, { editable: false }, { editable: true }];
    expect(moveCell({ row: 0, col: 1 }, 'down', rows)).toEqual({ row: 2, col: 1 });
    expect(moveCell({ row: 2, col: 1 }, 'up', rows)).toEqual({ row: 0, col: 1 });
    expect(moveCell({ row: 2, col: 1 }, 'down', rows)).toBeNull();
    expect(moveCell({ row: 0, col: 0 }, 'left', rows)).toBeNull();
    expect(moveCell({ row: 0, col: 4 }, 'right', rows)).toBeNull();
    expect(moveCell({ row: 0, col: 3 }, 'right', rows)).toEqual({ row: 0, col: 4 });
  });

  it('worked hours preview only for whole readings', () => {
    expect(workedHours({ h_inicio: '100', h_fin: '108', falla_operacional: '', falla_neta: '', falla_tajo: '' })).toBe(8);
    expect(workedHours({ h_inicio: '100', h_fin: '', falla_operacional: '', falla_neta: '', falla_tajo: '' })).toBeNull();
  });
});
