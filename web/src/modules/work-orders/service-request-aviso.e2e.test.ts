import { describe, expect, it } from 'vitest';
import { CONFIRM_SERVICE_REQUEST } from '@shared/messages';
import { rowAction, useE2e } from '../../../../tests/harness/e2e';

// Seed 002 §8: a reply flagged is_new shows its message in an info dialog titled 'Aviso'. The OT
// list's 'Generar solicitud de servicio' gets one (crearPreSolicitudServicio replies is_new), as
// the site Pedido's 'Generar solicitud de compra' does.

const e2e = useE2e();
const WAIT = 30_000;

describe('generating a service request from the OT list', () => {
  it('asks the seed\'s question, then shows the server\'s message in Aviso', async () => {
    const [order] = await e2e.sql<{ id: number; codigo: string }[]>`
      SELECT id::int, codigo FROM rm_ordenes_trabajo WHERE estado = 1 AND sin_productos = 1 AND coalesce(id_solicitud_compra, 0) = 0 ORDER BY id LIMIT 1`;
    expect(order).toBeDefined();
    const { page } = await e2e.signIn('admin@faena.pe', { path: `/ordenes_trabajo?query=${encodeURIComponent(order.codigo)}` });
    const row = page.getByRole('row').filter({ hasText: order.codigo });
    await row.waitFor({ timeout: WAIT });
    await rowAction(row, 'Generar solicitud de servicio');
    // (A dialog's own box is empty, its panel is fixed: wait on what it holds.)
    const question = page.getByRole('alertdialog');
    await question.getByText(CONFIRM_SERVICE_REQUEST, { exact: true }).waitFor({ timeout: WAIT });
    await question.getByRole('button', { name: 'Confirmar' }).click();
    const aviso = page.getByRole('alertdialog', { name: 'Aviso' });
    await aviso.getByRole('button', { name: 'Aceptar' }).waitFor({ timeout: WAIT });
    expect(await aviso.innerText()).toContain('Se generó la solicitud de servicio');
    await aviso.getByRole('button', { name: 'Aceptar' }).click();
    await aviso.getByRole('button', { name: 'Aceptar' }).waitFor({ state: 'detached', timeout: WAIT });
    const [linked] = await e2e.sql<{ id: number }[]>`SELECT coalesce(id_solicitud_compra, 0)::int AS id FROM rm_ordenes_trabajo WHERE id = ${order.id}`;
    expect(linked.id).toBeGreaterThan(0);
  });
});
