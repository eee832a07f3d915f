import { describe, expect, it } from 'vitest';
import { MSG_VALIDATION } from '@shared/messages';
import { deciderSpec } from '../testing/decider-spec';
import { computeLines, gastosTotales, hasEditableQuantity, isEditable } from '@shared/site-expenses-lines';
import { MSG_CONCEPTO_NO_EXISTE, MSG_CONCEPTO_REPETIDO, MSG_SIN_CONCEPTOS, MSG_TOTAL_EXCEDE, obraGastosDecider } from './decider';
import { parseAmount } from '@shared/parse-amount';
import type { GastoLinea, ObraGastosCommand } from './types';

// Given events / When command / Then events or refusal (the decider kit, events/testing/decider-spec.ts).
const line = (over: Partial<GastoLinea> & Pick<GastoLinea, 'id' | 'numero' | 'grupo'>): GastoLinea => ({
  concepto: `Concepto ${over.numero}`, info: '', usa_cantidad: 1, disabled: 0, regla: 'normal', cantidad: 0, monto: 0, monto_total: 0, ...over,
});

const LINEAS: GastoLinea[] = [
  line({ id: 101, numero: 1, grupo: 'concepto' }),
  line({ id: 105, numero: 5, grupo: 'concepto', usa_cantidad: 0 }),
  line({ id: 110, numero: 10, grupo: 'concepto', usa_cantidad: 0, disabled: 1, monto: 700, monto_total: 700 }),
  line({ id: 111, numero: 11, grupo: 'concepto', usa_cantidad: 0, regla: 'total_otros_grupos' }),
  line({ id: 112, numero: 12, grupo: 'concepto', regla: 'suma_cantidades' }),
  line({ id: 116, numero: 16, grupo: 'concepto', usa_cantidad: 0, regla: 'total_fijo' }),
  line({ id: 117, numero: 17, grupo: 'gestion' }),
  line({ id: 122, numero: 22, grupo: 'almacen' }),
  line({ id: 126, numero: 26, grupo: 'tecnico' }),
  line({ id: 131, numero: 31, grupo: 'tecnico', disabled: 1, cantidad: 9, monto: 10, monto_total: 90 }),
];

const iniciar: ObraGastosCommand = { type: 'IniciarGastosGenerales', id_obra: 3, catalogo_version: 1, lineas: LINEAS };
const given = deciderSpec(obraGastosDecider);
const opened = given([]).when(iniciar).events();

describe('parseAmount (seed 001 §5: integers, non-numeric → 0)', () => {
  it('reads like parseInt(text, 10)', () => {
    expect(parseAmount('1500')).toBe(1500);
    expect(parseAmount('1500.75')).toBe(1500);
    expect(parseAmount(' 42 ')).toBe(42);
    expect(parseAmount('12abc')).toBe(12);
    expect(parseAmount('1,500')).toBe(1);
    expect(parseAmount(1500.99)).toBe(1500);
  });
  it('non-numeric, empty, negative and non-text values become 0', () => {
    for (const v of ['abc', '', '   ', 'S/ 100', '-5', -5, null, undefined, true, {}, [], Number.NaN, Number.POSITIVE_INFINITY]) expect(parseAmount(v)).toBe(0);
  });
  it('too large values stay large, for the caller to refuse', () => {
    expect(parseAmount('99999999999999999999')).toBe(1e20);
    expect(parseAmount(1e15)).toBe(1e15);
  });
});

describe('line rules (seed 001 §9)', () => {
  const lines = computeLines(
    LINEAS.map((l) => {
      const values: Record<number, Partial<GastoLinea>> = {
        101: { cantidad: 6, monto: 2500 }, 105: { cantidad: 4, monto: 1800 }, 116: { cantidad: 3, monto: 12000 },
        117: { cantidad: 1, monto: 9000 }, 122: { cantidad: 2, monto: 2500 }, 126: { cantidad: 3, monto: 6000 },
      };
      return { ...l, ...values[l.id] };
    }),
  );
  const by = (id: number) => lines.find((l) => l.id === id)!;

  it('quantity lines multiply, lump lines take the amount, line 16 is a fixed total', () => {
    expect(by(101).monto_total).toBe(15_000);
    expect([by(105).cantidad, by(105).monto_total]).toEqual([0, 1800]);
    expect([by(116).cantidad, by(116).monto_total]).toEqual([0, 12_000]);
  });
  it('line 11 is the total of the other groups and line 12 their quantity sum; disabled lines count nowhere', () => {
    expect(by(111).monto_total).toBe(9000 + 5000 + 18_000);
    expect([by(112).cantidad, by(112).monto, by(112).monto_total]).toEqual([1 + 2 + 3, 0, 0]);
    expect(by(131)).toEqual(LINEAS.find((l) => l.id === 131));
    expect(by(110)).toEqual(LINEAS.find((l) => l.id === 110));
  });
  it('totals: each section, the headcount, and the site total with every counted line once', () => {
    expect(gastosTotales(lines)).toEqual({
      grupos: { concepto: 15_000 + 1800 + 12_000 + 32_000, gestion: 9000, almacen: 5000, tecnico: 18_000 },
      personal: 6,
      total: 15_000 + 1800 + 12_000 + 32_000,
    });
  });
  it('which cells are typed', () => {
    expect([isEditable(by(101)), hasEditableQuantity(by(101))]).toEqual([true, true]);
    expect([isEditable(by(105)), hasEditableQuantity(by(105))]).toEqual([true, false]);
    expect([isEditable(by(116)), hasEditableQuantity(by(116))]).toEqual([true, false]);
    for (const id of [110, 111, 112, 131]) expect(isEditable(by(id))).toBe(false);
  });
});

describe('obraGastosDecider', () => {
  it('opening copies the catalogue once; opening again changes nothing', () => {
    expect(opened).toHaveLength(1);
    expect(opened[0]).toMatchObject({ type: 'GeneralExpensesOpened', data: { id_obra: 3, catalogo_version: 1 } });
    given(opened).when(iniciar).then([]);
    given([]).when({ ...iniciar, lineas: [] }).then([]);
  });

  it('a save records only the changed lines (before → after) and the new total; computed values sent are ignored', () => {
    const events = given(opened).when(
      { type: 'GuardarGastosGenerales', id_obra: 3, entradas: [
        { id: 101, cantidad: 2, monto: 1000 },
        { id: 111, cantidad: 5, monto: 999_999 }, // computed: ignored
        { id: 112, cantidad: 50, monto: 10 }, // computed: ignored
        { id: 131, cantidad: 1, monto: 1 }, // disabled: ignored
        { id: 117, cantidad: 1, monto: 8000 },
        { id: 105, cantidad: 7, monto: 300 }, // lump line: the quantity is not used
      ] },
    ).then([
      {
        type: 'GeneralExpensesSaved',
        data: {
          id_obra: 3,
          lineas: [
            { id: 101, numero: 1, changes: { cantidad: { from: 0, to: 2 }, monto: { from: 0, to: 1000 }, monto_total: { from: 0, to: 2000 } } },
            { id: 105, numero: 5, changes: { monto: { from: 0, to: 300 }, monto_total: { from: 0, to: 300 } } },
            { id: 111, numero: 11, changes: { monto_total: { from: 0, to: 8000 } } },
            { id: 112, numero: 12, changes: { cantidad: { from: 0, to: 1 } } },
            { id: 117, numero: 17, changes: { cantidad: { from: 0, to: 1 }, monto: { from: 0, to: 8000 }, monto_total: { from: 0, to: 8000 } } },
          ],
          total: { from: 0, to: 2000 + 300 + 8000 },
        },
      },
    ]);
    const saved = given([...opened, ...events]);
    expect(saved.state.status === 'open' && saved.state.lineas.find((l) => l.id === 111)!.monto_total).toBe(8000);
    // The same values again: nothing to record.
    saved.when({ type: 'GuardarGastosGenerales', id_obra: 3, entradas: [{ id: 101, cantidad: 2, monto: 1000 }] }).then([]);
  });

  it('refuses a save before opening, unknown or repeated lines, and a total above the column', () => {
    given([]).when({ type: 'GuardarGastosGenerales', id_obra: 3, entradas: [] }).thenRefused(MSG_SIN_CONCEPTOS, 422);
    const bad = given(opened)
      .when({ type: 'GuardarGastosGenerales', id_obra: 3, entradas: [{ id: 101, cantidad: 1, monto: 1 }, { id: 999, cantidad: 1, monto: 1 }, { id: 101, cantidad: 1, monto: 1 }] })
      .thenRefused(MSG_VALIDATION, 422, { 'obra_conceptos.1.id': MSG_CONCEPTO_NO_EXISTE, 'obra_conceptos.2.id': MSG_CONCEPTO_REPETIDO });
    expect(Object.keys(bad.errors)).toHaveLength(2);
    given(opened)
      .when({ type: 'GuardarGastosGenerales', id_obra: 3, entradas: [{ id: 117, cantidad: 9999, monto: 99_999_999 }, { id: 126, cantidad: 9999, monto: 99_999_999 }] })
      .thenRefused(MSG_TOTAL_EXCEDE, 422);
  });
});
