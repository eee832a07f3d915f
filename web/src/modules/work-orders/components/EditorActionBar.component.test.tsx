import { describe, expect, it, vi } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { EditorActionBar } from './EditorActionBar';

const base = { mode: 'edit' as const, readOnly: false, dirty: false, saving: null, closeBlocker: null };

describe('EditorActionBar (real Chromium)', () => {
  it('an open order: Volver, CIERRE MECÁNICO and CIERRE TOTAL call back with what was asked', async () => {
    const onBack = vi.fn();
    const onSave = vi.fn();
    await render(<EditorActionBar {...base} onBack={onBack} onSave={onSave} />);
    await page.getByRole('button', { name: 'CIERRE MECÁNICO' }).click();
    await page.getByRole('button', { name: 'CIERRE TOTAL' }).click();
    await page.getByRole('button', { name: 'Volver' }).click();
    expect(onSave.mock.calls).toEqual([[0], [1]]);
    expect(onBack).toHaveBeenCalledTimes(1);
    await expect.element(page.getByText('Hay cambios sin guardar.')).not.toBeInTheDocument();
  });

  it('unsaved changes are noted above the buttons', async () => {
    await render(<EditorActionBar {...base} dirty onBack={vi.fn()} onSave={vi.fn()} />);
    await expect.element(page.getByText('Hay cambios sin guardar.')).toBeVisible();
  });

  it('a closed order (read only) offers only Volver, and notes no unsaved change', async () => {
    await render(<EditorActionBar {...base} readOnly dirty onBack={vi.fn()} onSave={vi.fn()} />);
    await expect.element(page.getByRole('button', { name: 'Volver' })).toBeEnabled();
    await expect.element(page.getByRole('button', { name: 'CIERRE MECÁNICO' })).not.toBeInTheDocument();
    await expect.element(page.getByRole('button', { name: 'CIERRE TOTAL' })).not.toBeInTheDocument();
    await expect.element(page.getByText('Hay cambios sin guardar.')).not.toBeInTheDocument();
  });

  it('a replica is saved only with CIERRE MECÁNICO', async () => {
    await render(<EditorActionBar {...base} mode="replicate" closeBlocker="No disponible" onBack={vi.fn()} onSave={vi.fn()} />);
    await expect.element(page.getByRole('button', { name: 'CIERRE MECÁNICO' })).toBeEnabled();
    await expect.element(page.getByRole('button', { name: 'CIERRE TOTAL' })).not.toBeInTheDocument();
    await expect.element(page.getByText('No disponible')).not.toBeInTheDocument();
  });

  it('a disabled CIERRE TOTAL says why beside it, in its title and its description', async () => {
    const why = 'Guarde primero la orden con CIERRE MECÁNICO.';
    await render(<EditorActionBar {...base} closeBlocker={why} onBack={vi.fn()} onSave={vi.fn()} />);
    const total = page.getByRole('button', { name: 'CIERRE TOTAL' });
    await expect.element(total).toBeDisabled();
    await expect.element(total).toHaveAttribute('title', why);
    await expect.element(total).toHaveAccessibleDescription(why);
    await expect.element(page.getByText(why)).toBeVisible();
  });

  it('while saving, the buttons wait', async () => {
    await render(<EditorActionBar {...base} saving={0} onBack={vi.fn()} onSave={vi.fn()} />);
    await expect.element(page.getByRole('button', { name: 'CIERRE MECÁNICO' })).toBeDisabled();
    await expect.element(page.getByRole('button', { name: 'Volver' })).toBeDisabled();
  });
});
