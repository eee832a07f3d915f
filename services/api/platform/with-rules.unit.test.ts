import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { fieldErrors } from './field-errors';
import { HEADLINES, withRules } from './fields';

const input = withRules(
  v.object({ a: v.pipe(v.string(), v.maxLength(3, 'Largo')), b: v.string() }),
  { field: 'b', refuses: (x) => x.a === x.b, message: 'Iguales', headline: true },
  { field: 'c', refuses: (x) => x.b === '', message: (x) => `Vacío tras ${x.a}` },
);
const errorsOf = (data: unknown) => {
  const parsed = v.safeParse(input, data);
  return parsed.success ? null : fieldErrors(parsed.issues);
};

describe('withRules: rules of an input checked once it is well formed', () => {
  it('the first rule that refuses is the one field error, on its field (a field the input need not have)', () => {
    expect(errorsOf({ a: 'x', b: 'x' })).toEqual({ b: 'Iguales' });
    expect(errorsOf({ a: 'x', b: '' })).toEqual({ c: 'Vacío tras x' });
    expect(errorsOf({ a: 'x', b: 'y' })).toBeNull();
  });

  it('an input the schema refuses gets only the schema’s errors', () => {
    expect(errorsOf({ a: 'xxxx', b: 'xxxx' })).toEqual({ a: 'Largo' });
    expect(errorsOf({ a: 'x' })).toEqual({ b: 'Este campo es obligatorio' });
  });

  it('names the messages that are also the reply’s msg', () => {
    expect(v.getMetadata(input)).toEqual({ [HEADLINES]: ['Iguales'] });
  });
});
