import { describe, expect, it } from 'vitest';
import { MSG_VALIDATION } from '@shared/messages';
import { CommandRejected, FieldRefusals } from './errors';
import { MSG_PICK_ROWS, MSG_ROW_NOT_FOUND, refusePickedRows } from './picked-rows';
import { refusalOf } from './testing/decider-spec';


describe('the rows a warehouse command was given', () => {
  it('passes rows on the caller\'s sites', () => {
    expect(refusalOf(() => refusePickedRows('entradas', [{ visible: true }, { visible: true }]))).toBeNull();
  });

  it('refuses no row, and a row off the caller\'s sites beside the command\'s other errors (422)', () => {
    expect(refusalOf(() => refusePickedRows('entradas', [], { otro: 'x' }))).toMatchObject([MSG_VALIDATION, 422, { entradas: MSG_PICK_ROWS }]);
    expect(refusalOf(() => refusePickedRows('entradas', [{ visible: true }, { visible: false }], { otro: 'x' }))?.[2]).toEqual({
      otro: 'x', 'entradas.1.id_producto_solicitado': MSG_ROW_NOT_FOUND,
    });
  });
});

describe('field refusals of several streams', () => {
  it('gathers 422 field errors into one refusal and passes other refusals through', () => {
    const refusals = new FieldRefusals();
    expect(refusals.attempt(() => {})).toBe(true);
    expect(refusalOf(() => refusals.refuseIfAny())).toBeNull();
    expect(refusals.attempt(() => { throw new CommandRejected(MSG_VALIDATION, { a: '1' }); })).toBe(false);
    refusals.add({ b: '2' });
    expect(refusalOf(() => refusals.refuseIfAny())).toMatchObject([MSG_VALIDATION, 422, { a: '1', b: '2' }]);
    expect(refusalOf(() => refusals.attempt(() => { throw new CommandRejected('Conflicto', {}, 409); }))?.[1]).toBe(409);
  });
});
