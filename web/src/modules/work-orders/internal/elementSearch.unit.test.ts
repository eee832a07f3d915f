import { describe, expect, it } from 'vitest';
import { elementSearch } from './elementSearch';

describe("a work-order line's element search (seed 001 §5)", () => {
  it('needs 4 characters with or without a functional group; the group only narrows the search', () => {
    expect(elementSearch(null)).toMatchObject({ endpoint: '/fil_datas/grupo_funcional_elementos', params: undefined, minLength: 4 });
    expect(elementSearch(7)).toMatchObject({ endpoint: '/fil_datas/grupo_funcional_elementos', params: { id_grupo_funcional: 7 }, minLength: 4 });
    expect(elementSearch(7).placeholder).toContain('4 caracteres');
  });
});
