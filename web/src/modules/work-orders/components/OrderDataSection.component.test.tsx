import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { item } from '../testing/workOrderItem';
import { optionsFetch, WithOrderForm } from '../testing/SectionHarness';
import type { WorkOrderValues } from '../internal/workOrderValues';
import type { WorkOrderItem } from '../workOrderTypes';
import { OrderDataSection } from './OrderDataSection';

const OBRAS = [{ value: 1, label: 'OB-LIM-01 - Lima', codigo: 'OB-LIM-01' }];

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    optionsFetch({
      '/fil_datas/equipos': [{ value: 3, label: 'EQ-003 - Excavadora', placa: 'ABC-123', serie: 'S-1' }],
      '/fil_datas/tipos_mantenimiento': [
        { value: 1, label: 'MP' },
        { value: 2, label: 'MC' },
        { value: 3, label: 'MCD' },
      ],
      '/fil_datas/operadores': [{ value: 4, label: 'Olga Operadora' }],
      '/fil_datas/mecanicos': [{ value: 5, label: 'Mario Mecánico' }],
      '/fil_datas/supervisores': [{ value: 6, label: 'Sara Supervisora' }],
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

type Options = { readOnly?: boolean; equipmentLocked?: boolean; errors?: Record<string, string>; codigo?: string };

async function show(order: WorkOrderItem, opts: Options = {}) {
  const onValues = vi.fn<(values: WorkOrderValues) => void>();
  const onSite = vi.fn();
  const onEquipo = vi.fn();
  await render(
    <WithOrderForm order={order} errors={opts.errors} onValues={onValues}>
      {(form) => (
        <OrderDataSection
          form={form}
          obras={OBRAS}
          codigo={opts.codigo ?? order.codigo}
          readOnly={opts.readOnly ?? false}
          equipmentLocked={opts.equipmentLocked ?? opts.readOnly ?? false}
          onSite={onSite}
          onEquipo={onEquipo}
        />
      )}
    </WithOrderForm>,
  );
  return { last: () => onValues.mock.lastCall?.[0], onSite };
}

const combo = (name: string) => page.getByRole('combobox', { name });

describe('OrderDataSection (real Chromium)', () => {
  it('an open order: its site, machine, type, people with their signatures and code', async () => {
    await show(item());
    await expect.element(combo('Obra')).toHaveValue('OB-LIM-01 - Lima');
    await expect.element(combo('Equipo')).toHaveValue('EQ-003 - Excavadora');
    await expect.element(combo('Tipo de mantenimiento')).toHaveValue('MC');
    await expect.element(combo('Operador')).toHaveValue('Olga Operadora');
    await expect.element(combo('Mecánico')).toHaveValue('Mario Mecánico');
    await expect.element(combo('Supervisor')).toHaveValue('Sara Supervisora');
    await expect.element(page.getByRole('checkbox', { name: 'Firmado (Mecánico)' })).toBeChecked();
    await expect.element(page.getByRole('checkbox', { name: 'Firmado (Operador)' })).not.toBeChecked();
    await expect.element(page.getByRole('textbox', { name: 'Placa' })).toHaveValue('ABC-123');
    await expect.element(page.getByRole('textbox', { name: 'Código' })).toHaveValue('OB-LIM-01-OT-000007');
    await expect.element(page.getByRole('textbox', { name: 'Placa' })).toBeEnabled();
  });

  it('edits reach the form: the plate, a signature', async () => {
    const { last } = await show(item());
    await page.getByRole('textbox', { name: 'Placa' }).fill('XYZ-987');
    await page.getByRole('checkbox', { name: 'Firmado (Operador)' }).click();
    await expect.poll(() => last()?.placa_equipo).toBe('XYZ-987');
    expect(last()?.firma_operador).toBe(true);
    expect(last()?.firma_mecanico).toBe(true);
  });

  it('a closed order reads only', async () => {
    await show(item({ estado: 3 }), { readOnly: true });
    await expect.element(combo('Obra')).toBeDisabled();
    await expect.element(combo('Equipo')).toBeDisabled();
    await expect.element(page.getByRole('textbox', { name: 'Placa' })).toBeDisabled();
    await expect.element(page.getByRole('checkbox', { name: 'Firmado (Mecánico)' })).toBeDisabled();
  });

  it('attended parts fix the site and the machine, the rest stays editable', async () => {
    await show(item({ permissions: { ...item().permissions, parts_locked: true, equipment_locked: true } }), { equipmentLocked: true });
    await expect.element(combo('Obra')).toBeDisabled();
    await expect.element(combo('Equipo')).toBeDisabled();
    await expect.element(page.getByRole('textbox', { name: 'Placa' })).toBeEnabled();
    await expect.element(combo('Operador')).toBeEnabled();
  });

  it('a preventive order opened from a plan is MP and has no code yet', async () => {
    await show(item({ id: 0, codigo: '', version: 0, id_tipo_mantenimiento: 1, id_pm_plan: 2, pm_plan: 'Preventivo 250 h', firma_mecanico: 0 }));
    await expect.element(combo('Tipo de mantenimiento')).toHaveValue('MP');
    const code = page.getByRole('textbox', { name: 'Código' });
    await expect.element(code).toHaveValue('');
    await expect.element(code).toHaveAttribute('placeholder', 'Se genera al guardar');
  });

  it("a replica shows no code (the editor passes none)", async () => {
    await show(item(), { codigo: '' });
    await expect.element(page.getByRole('textbox', { name: 'Código' })).toHaveValue('');
  });

  it("the server's errors show beside their fields", async () => {
    await show(item(), { errors: { placa_equipo: 'La placa es obligatoria', id_operador: 'Elija el operador' } });
    const plate = page.getByRole('textbox', { name: 'Placa' });
    await expect.element(plate).toHaveAttribute('aria-invalid', 'true');
    await expect.element(plate).toHaveAccessibleDescription('La placa es obligatoria');
    await expect.element(page.getByText('Elija el operador')).toBeVisible();
  });
});
