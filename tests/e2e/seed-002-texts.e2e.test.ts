import { describe, expect, it } from 'vitest';
import { useE2e } from '../harness/e2e';

// Issue 29: seed 002 §8 quotes the texts of its screens; they are on screen verbatim. An empty
// list of requests, warehouses, transfers and stock says 'No hay datos'; the profitability report
// before its search 'Use el buscador'; the reason a request is rejected for is asked with
// 'Escribe el motivo...'; the request form asks '¿Estás seguro de eliminar este producto? No hay
// marcha atras' before removing a product line and 'Seguro que quieres eliminar esta fila?' before
// removing a document row.

const e2e = useE2e();
const WAIT = 30_000;
const NOTHING = 'zz-sin-coincidencias-e2e';

/** Seed 002's lists, each searched for text nothing matches. */
const LISTS = [
  '/solicitudes_compras',
  '/almacen_central_ots',
  '/solicitud_compra_productos',
  '/almacen_obra_ots',
  '/almacen_obra_historico_salidas',
  '/almacen_obra_entradas',
  '/almacen_central_entradas',
  '/almacen_central_entradas_archivos',
  '/almacen_central_traslado_materiales',
  '/traslado_materiales',
  '/stock_almacen',
  '/stock_movimientos',
];

describe("seed 002's texts on screen", () => {
  it("an empty seed-002 list says 'No hay datos'; the profitability report before its search, 'Use el buscador'", async () => {
    const { page } = await e2e.signIn('admin@faena.pe', { path: '/' });
    for (const path of LISTS) {
      await page.goto(`${e2e.baseUrl}${path}?query=${NOTHING}`);
      await page.getByText('No hay datos', { exact: true }).waitFor({ timeout: WAIT });
      expect(await page.getByText('No hay contenido para mostrar.').count(), path).toBe(0);
    }

    await page.goto(`${e2e.baseUrl}/reporte_rentabilidad?id_selected=1`);
    await page.getByText('Use el buscador', { exact: true }).waitFor({ timeout: WAIT });
  });

  it("rejecting a request asks for the reason with 'Escribe el motivo...'", async () => {
    const [pending] = await e2e.sql<{ codigo: string }[]>`SELECT codigo FROM rm_solicitudes_compras WHERE estado = 4 ORDER BY id LIMIT 1`;
    const { page } = await e2e.signIn('jefe@faena.pe', { path: `/solicitudes_compras?query=${encodeURIComponent(pending.codigo)}` });
    const row = page.getByRole('row').filter({ hasText: pending.codigo });
    await row.getByRole('button', { name: 'Acciones' }).click({ timeout: WAIT });
    await page.getByRole('menuitem', { name: 'Rechazar' }).click();
    const dialog = page.getByRole('alertdialog', { name: '¿Estás seguro de rechazar esta solicitud?' });
    await dialog.getByPlaceholder('Escribe el motivo...', { exact: true }).waitFor({ timeout: WAIT });
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
  });

  it('the request form asks before removing a product line and a document row, in the seed\'s words', async () => {
    const { page } = await e2e.signIn('supervisor@faena.pe', { path: '/solicitudes_compras/nuevo?tipo=compra' });
    const products = page.getByRole('region', { name: 'Productos' });
    await products.getByRole('button', { name: 'Agregar fila en Productos' }).click({ timeout: WAIT });
    await products.getByRole('button', { name: 'Eliminar fila 1' }).click();
    const product = page.getByRole('alertdialog');
    await product.getByText('¿Estás seguro de eliminar este producto? No hay marcha atras', { exact: true }).waitFor({ timeout: WAIT });
    await product.getByRole('button', { name: 'Eliminar' }).click();
    await products.getByText('Sin items...').waitFor({ timeout: WAIT });

    const documents = page.getByRole('region', { name: 'Documentos' });
    await documents.getByRole('button', { name: 'Agregar documento' }).click();
    await documents.getByRole('button', { name: 'Eliminar fila 1' }).click();
    const row = page.getByRole('alertdialog');
    await row.getByText('Seguro que quieres eliminar esta fila?', { exact: true }).waitFor({ timeout: WAIT });
    await row.getByRole('button', { name: 'Confirmar' }).click();
    await documents.getByText(/^Sin documentos\./).waitFor({ timeout: WAIT });
  });
});
