import { describe, expect, it, vi } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { savedRequest } from '../testing/requestFormKit';
import { RequestActionBar } from './RequestActionBar';
import { RequestNotices } from './RequestNotices';

describe('RequestActionBar (real Chromium)', () => {
  it('an editable request: Volver, Guardar (0) and Enviar (1), and its unsaved changes', async () => {
    const onBack = vi.fn();
    const onSave = vi.fn();
    await render(<RequestActionBar dirty readOnly={false} saving={null} onBack={onBack} onSave={onSave} />);
    await expect.element(page.getByText('Hay cambios sin guardar.')).toBeVisible();
    await page.getByRole('button', { name: 'Guardar', exact: true }).click();
    await page.getByRole('button', { name: 'Enviar' }).click();
    await page.getByRole('button', { name: 'Volver' }).click();
    expect(onSave.mock.calls).toEqual([[0], [1]]);
    expect(onBack).toHaveBeenCalledTimes(1);
  });

  it('a sent request (read only): only Volver, no unsaved-changes line', async () => {
    await render(<RequestActionBar dirty readOnly saving={null} onBack={() => {}} onSave={() => {}} />);
    await expect.element(page.getByRole('button', { name: 'Volver' })).toBeEnabled();
    await expect.element(page.getByRole('button', { name: 'Guardar', exact: true })).not.toBeInTheDocument();
    await expect.element(page.getByRole('button', { name: 'Enviar' })).not.toBeInTheDocument();
    await expect.element(page.getByText('Hay cambios sin guardar.')).not.toBeInTheDocument();
  });

  it('while saving every button waits', async () => {
    await render(<RequestActionBar dirty={false} readOnly={false} saving={1} onBack={() => {}} onSave={() => {}} />);
    for (const name of ['Volver', 'Guardar', 'Enviar']) await expect.element(page.getByRole('button', { name, exact: true })).toBeDisabled();
  });
});

describe('RequestNotices (real Chromium)', () => {
  const notices = { canEdit: true, readOnly: false, productsLocked: false, stale: false, onReload: () => {} };

  it('an observed request shows the central warehouse reason on top', async () => {
    await render(<RequestNotices {...notices} item={savedRequest({ estado: 8, motivo_observado: 'Falta la ficha técnica.' })} />);
    await expect.element(page.getByRole('status').getByText('Solicitud observada por el almacén central')).toBeVisible();
    await expect.element(page.getByText('Falta la ficha técnica.')).toBeVisible();
  });

  it('a sent request says it cannot be changed; without the right, that it is read only', async () => {
    await render(<RequestNotices {...notices} readOnly productsLocked item={savedRequest({ estado: 2, editable: 0 })} />);
    await expect.element(page.getByText('Esta solicitud ya se envió: no se puede modificar.')).toBeVisible();
    await render(<RequestNotices {...notices} canEdit={false} readOnly productsLocked item={savedRequest()} />);
    await expect.element(page.getByText('Solo lectura: no tiene permiso para modificar solicitudes.')).toBeVisible();
  });

  it("a compra generated from its work order's Pedido says its products are the order's", async () => {
    await render(<RequestNotices {...notices} productsLocked item={savedRequest({ creado_desde_ot: 1, id_orden_trabajo: 12 })} />);
    await expect.element(page.getByText('Los productos de una solicitud de compra generada desde su orden de trabajo son los de la orden.')).toBeVisible();
  });

  it("another user's change offers 'Recargar'", async () => {
    const onReload = vi.fn();
    await render(<RequestNotices {...notices} stale onReload={onReload} item={savedRequest()} />);
    await expect.element(page.getByText('Otro usuario modificó esta solicitud.')).toBeVisible();
    await page.getByRole('button', { name: 'Recargar' }).click();
    expect(onReload).toHaveBeenCalledTimes(1);
  });
});
