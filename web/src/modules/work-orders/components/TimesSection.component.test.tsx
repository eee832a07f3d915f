import { describe, expect, it, vi } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { item } from '../testing/workOrderItem';
import { WithOrderForm } from '../testing/SectionHarness';
import type { WorkOrderValues } from '../internal/workOrderValues';
import type { WorkOrderItem } from '../workOrderTypes';
import { TimesSection } from './TimesSection';

function show(order: WorkOrderItem, opts: { readOnly?: boolean; errors?: Record<string, string>; reading?: { hint: string; msg: string } } = {}) {
  const onValues = vi.fn<(values: WorkOrderValues) => void>();
  const screen = render(
    <WithOrderForm order={order} errors={opts.errors} onValues={onValues}>
      {(form) => <TimesSection form={form} readOnly={opts.readOnly ?? false} reading={opts.reading ?? null} />}
    </WithOrderForm>,
  );
  return { screen, last: () => onValues.mock.lastCall?.[0] };
}

const value = (label: string) => page.getByRole('textbox', { name: label });

describe('TimesSection (real Chromium)', () => {
  it("an open order: its readings and the times they yield, recomputed as a reading is typed", async () => {
    const { screen, last } = show(item());
    await screen;
    await expect.element(value('Tiempo de parada (H:M)')).toHaveValue('9:45');
    await expect.element(value('Horómetro: tiempo de parada')).toHaveValue('7.50');
    await expect.element(value('Tiempo de ejecución (H:M)')).toHaveValue('0:00');
    const restart = page.getByRole('spinbutton', { name: 'Horómetro de puesta en marcha' });
    await expect.element(restart).toHaveValue(1208);
    await restart.fill('1210.25');
    await expect.element(value('Horómetro: tiempo de parada')).toHaveValue('9.75');
    expect(last()?.horometro_puesta_marcha).toBe('1210.25');
  });

  it('a closed order reads only', async () => {
    await show(item({ estado: 3, fecha_cierre_ot: '2026-11-21 10:30', horometro_cierre_ot: 1300 }), { readOnly: true }).screen;
    await expect.element(page.getByRole('spinbutton', { name: 'Horómetro de parada' })).toBeDisabled();
    await expect.element(page.getByRole('spinbutton', { name: 'Horómetro de cierre' })).toBeDisabled();
    await expect.element(page.getByRole('spinbutton', { name: 'Horómetro de cierre' })).toHaveValue(1300);
    await expect.element(value('Tiempo de ejecución (H:M)')).toHaveValue('26:00');
  });

  it('the opening reading proposed from the machine says where it came from', async () => {
    await show(item({ id: 0, codigo: '', horometro_apertura_ot: 1500 }), { reading: { hint: 'Último registro de horómetro', msg: 'Horómetro al 20/11' } }).screen;
    const opening = page.getByRole('spinbutton', { name: 'Horómetro de apertura' });
    await expect.element(opening).toHaveAccessibleDescription('Último registro de horómetro');
    await expect.element(opening).toHaveAttribute('title', 'Horómetro al 20/11');
  });

  it("the server's errors show under their fields", async () => {
    await show(item(), { errors: { horometro_cierre_ot: 'El horómetro de cierre no puede ser menor que el de apertura', fecha_cierre_ot: 'Ingrese la fecha de cierre' } }).screen;
    const closing = page.getByRole('spinbutton', { name: 'Horómetro de cierre' });
    await expect.element(closing).toHaveAttribute('aria-invalid', 'true');
    await expect.element(closing).toHaveAccessibleDescription('El horómetro de cierre no puede ser menor que el de apertura');
    await expect.element(page.getByText('Ingrese la fecha de cierre')).toBeVisible();
  });
});
