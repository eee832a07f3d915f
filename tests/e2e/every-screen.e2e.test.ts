import { describe, expect, it } from 'vitest';
import { API_CSP, PAGE_CSP } from '../../services/api/platform/security-headers';
import { useE2e } from '../harness/e2e';
import { replicaParam, screenRoutes, visitEveryScreen, watchPageErrors } from '../harness/visit-every-screen';

// Issue 13 §7: the built app under its Content-Security-Policy (no inline script), signed in as
// root, on every screen of the web route table and every record dialog: no console error, no
// CSP violation, no uncaught exception. One browser, one sign-in.
const e2e = useE2e();

describe('every screen under the security headers (real Chromium)', () => {
  it('pages and API answer with the CSP, nosniff, same-origin referrers and no framing', async () => {
    for (const [path, csp] of [['/login', PAGE_CSP], ['/ordenes_trabajo', PAGE_CSP], ['/api/health', API_CSP], ['/api/no/such/route', API_CSP], ['/api/me', API_CSP]] as const) {
      const res = await fetch(`${e2e.baseUrl}${path}`);
      expect(res.headers.get('content-security-policy'), path).toBe(csp);
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(res.headers.get('referrer-policy'), path).toBe('same-origin');
      expect(res.headers.get('x-frame-options'), path).toBe('DENY');
    }
    expect(PAGE_CSP).toContain("script-src 'self'");
    expect(PAGE_CSP).not.toContain('unsafe-inline');
    expect(PAGE_CSP).toContain("frame-ancestors 'none'");
  });

  it('root visits every screen and opens every record dialog with no console error or CSP violation', async () => {
    const context = await e2e.newContext();
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await e2e.login(page, 'root@faena.pe');
    const stops = await visitEveryScreen(page, e2e.baseUrl, {
      param: replicaParam(e2e.sql),
    });
    await context.close();

    const screens = screenRoutes().filter((r) => r.signedIn);
    const visited = new Set(stops.filter((s) => s.opened === null).map((s) => s.path));
    console.log(`${visited.size} screens, ${stops.length - visited.size} dialogs and pages opened from them`);
    expect(visited.size).toBe(screens.length);
    for (const must of [
      '/marcas', '/users', '/roles', '/ordenes_trabajo', '/ordenes_trabajo/tablero', '/perfil/datos', '/settings', '/legal', '/horometros', '/equipos',
      '/solicitudes_compras', '/solicitudes_compras/nuevo', '/almacen_central_ots', '/solicitud_compra_logs', '/solicitud_compra_productos',
    ]) {
      expect(visited, must).toContain(must);
    }
    expect(stops.filter((s) => s.opened === 'Editar').length).toBeGreaterThan(10);
    expect(errors).toEqual([]);
  }, 600_000);
});
