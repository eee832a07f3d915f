import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { LABEL_IN_PROCESS } from '@shared/work-order-derive';
import { item } from '../testing/workOrderItem';
import { optionsFetch, WithOrderForm } from '../testing/SectionHarness';
import type { LineTable, WorkOrderValues } from '../internal/workOrderValues';
import type { WorkOrderItem } from '../workOrderTypes';
import { OrderLineTabs } from './OrderLineTabs';

beforeEach(() => {
  vi.stubGlobal('fetch', optionsFetch({}));
});
afterEach(() => vi.unstubAllGlobals());

type Options = { readOnly?: boolean; partsLocked?: boolean; errors?: Record<string, string>; lineTab?: number };

async function show(order: WorkOrderItem, opts: Options = {}) {
  const onValues = vi.fn<(values: WorkOrderValues) => void>();
  const onRemove = vi.fn<(tabla: LineTable, row: { key: string; id: number }) => void>();
  const onSinProductos = vi.fn<(checked: boolean) => void>();
  const onLineTab = vi.fn<(index: number) => void>();
  await render(
    <WithOrderForm order={order} errors={opts.errors} onValues={onValues}>
      {(form) => (
        <OrderLineTabs
          form={form}
          lineTab={opts.lineTab ?? 0}
          onLineTab={onLineTab}
          readOnly={opts.readOnly ?? false}
          partsLocked={opts.partsLocked ?? opts.readOnly ?? false}
          labels={order.labels}
          unidades={[{ value: 1, label: 'UND', decimales: 0 }]}
          conversiones={[]}
          removing={null}
          onRemove={onRemove}
          onSinProductos={onSinProductos}
        />
      )}
    </WithOrderForm>,
  );
  return { last: () => onValues.mock.lastCall?.[0], onRemove, onSinProductos, onLineTab };
}

const tab = (name: string) => page.getByRole('tab', { name });

describe('OrderLineTabs (real Chromium)', () => {
  it('an open order: each tab names its table and its rows; a tab chosen calls back with its index', async () => {
    const { onLineTab } = await show(item());
    await expect.element(tab('Diagnósticos 1')).toHaveAttribute('aria-selected', 'true');
    await expect.element(tab('Intervenciones 0')).toBeVisible();
    await expect.element(tab('Repuestos 1')).toBeVisible();
    await expect.element(tab('Documentos 1')).toBeVisible();
    await expect.element(page.getByRole('textbox', { name: 'Descripción (fila 1)' }).first()).toHaveValue('Fuga');
    await tab('Repuestos 1').click();
    expect(onLineTab).toHaveBeenCalledWith(2);
  });

  it('Agregar adds a blank line to its table; removing one asks the editor with its table and row', async () => {
    const { last, onRemove } = await show(item());
    await page.getByRole('button', { name: 'Agregar fila en Diagnósticos' }).click();
    await expect.element(tab('Diagnósticos 2')).toBeVisible();
    const added = last()?.diagnosticos[1];
    expect(added).toMatchObject({ id: 0, descripcion: '', horas: '0', minutos: '0' });
    await page.getByRole('button', { name: 'Eliminar fila 1' }).first().click();
    expect(onRemove).toHaveBeenCalledWith('diagnosticos', expect.objectContaining({ id: 21 }));
  });

  it("ticking 'No requiere productos de almacén' goes to the editor (which asks before clearing)", async () => {
    const { onSinProductos } = await show(item(), { lineTab: 2 });
    await page.getByRole('checkbox', { name: 'No requiere productos de almacén' }).click();
    expect(onSinProductos).toHaveBeenCalledWith(true);
  });

  it("parts attended: their labels show, the parts can no longer change, the other tables still can", async () => {
    await show(item({ labels: [LABEL_IN_PROCESS], permissions: { ...item().permissions, parts_locked: true } }), { partsLocked: true, lineTab: 2 });
    await expect.element(page.getByText(LABEL_IN_PROCESS)).toBeVisible();
    await expect.element(page.getByRole('checkbox', { name: 'No requiere productos de almacén' })).toBeDisabled();
    await expect.element(page.getByRole('button', { name: 'Agregar fila en Descripción de repuestos' })).not.toBeInTheDocument();
    // The diagnoses' panel stays mounted behind its tab.
    await expect.element(page.getByRole('button', { name: 'Agregar fila en Diagnósticos', includeHidden: true })).toBeInTheDocument();
  });

  it('a closed order: no table can change', async () => {
    await show(item({ estado: 3 }), { readOnly: true });
    await expect.element(page.getByRole('button', { name: /^Agregar/ })).not.toBeInTheDocument();
    await expect.element(page.getByRole('textbox', { name: 'Descripción (fila 1)' }).first()).toBeDisabled();
  });

  it('a preventive order opened from a plan brings its standard interventions as new lines', async () => {
    const intervention = { id: 0, id_grupo_funcional: null, id_grupo_funcional_elemento: null, descripcion: 'Cambio de aceite de motor', horas: 0, minutos: 0, observacion: '' };
    await show(item({ id: 0, codigo: '', id_tipo_mantenimiento: 1, id_pm_plan: 2, pm_plan: 'Preventivo 250 h', diagnosticos: [], intervenciones: [intervention], documentos: [] }), { lineTab: 1 });
    await expect.element(tab('Diagnósticos 0')).toBeVisible();
    await expect.element(tab('Intervenciones 1')).toHaveAttribute('aria-selected', 'true');
    await expect.element(page.getByRole('textbox', { name: 'Descripción (fila 1)' })).toHaveValue('Cambio de aceite de motor');
  });

  it("a line's error shows beside its field and marks its tab", async () => {
    await show(item(), { errors: { 'diagnosticos.0.descripcion': 'Ingrese la descripción' } });
    await expect.element(tab('Diagnósticos 1, con errores')).toBeVisible();
    const description = page.getByRole('textbox', { name: 'Descripción (fila 1)' }).first();
    await expect.element(description).toHaveAttribute('aria-invalid', 'true');
    await expect.element(page.getByText('Ingrese la descripción')).toBeVisible();
  });
});
