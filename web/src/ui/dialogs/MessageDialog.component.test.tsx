import { describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { MessageDialog } from './MessageDialog';

describe('MessageDialog (real Chromium)', () => {
  it("an alert dialog with its title and message; 'Aceptar' has focus and closes it", async () => {
    const onClose = vi.fn();
    await render(<MessageDialog open tone="error" title="La sesión ha expirado" message="Vuelva a iniciar sesión para continuar." onClose={onClose} />);
    const dialog = page.getByRole('alertdialog', { name: 'La sesión ha expirado' });
    await expect.element(dialog).toBeVisible();
    await expect.element(dialog.getByText('Vuelva a iniciar sesión para continuar.')).toBeVisible();
    const accept = page.getByRole('button', { name: 'Aceptar' });
    await expect.element(accept).toHaveFocus();
    await accept.click();
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('Escape closes it as Aceptar does', async () => {
    const onClose = vi.fn();
    await render(<MessageDialog open tone="info" title="Aviso" message="Guardado." onClose={onClose} />);
    await expect.element(page.getByRole('alertdialog', { name: 'Aviso' })).toBeVisible();
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
  });
});

