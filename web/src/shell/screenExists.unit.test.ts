import { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory, createRouter } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { routeTree } from '../routeTree.gen';
import { screenExists } from './screenExists';

// Issue 14 §9: a menu entry whose address has no screen in the route tree shows 'Próximamente'.
const router = createRouter({ routeTree, history: createMemoryHistory({ initialEntries: ['/'] }), context: { queryClient: new QueryClient() } });

describe('screenExists (the router route tree, not a list)', () => {
  it('knows the screens the web app has, lists and their index routes included', () => {
    for (const url of ['/marcas', '/horometros', '/ordenes_trabajo', '/ordenes_trabajo/tablero', '/ordenes_trabajo/nuevo', '/perfil/datos', '/solicitudes_compras', '/obras/12/editar', '/almacen_obra_ots', '/almacen_obra_ots/5/editar']) {
      expect(screenExists(router, url), url).toBe(true);
    }
  });

  it('an address only the catch-all answers leads nowhere yet', () => {
    for (const url of ['/pantalla_que_no_existe', '/no/such/screen', '', null, undefined, 'https://faena.pe']) {
      expect(screenExists(router, url), String(url)).toBe(false);
    }
  });

  it('ignores the query and the fragment', () => {
    expect(screenExists(router, '/marcas?page=2#x')).toBe(true);
  });
});
