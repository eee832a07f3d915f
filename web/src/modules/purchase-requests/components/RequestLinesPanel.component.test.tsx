import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { page } from 'vitest/browser';
import type { FormItem } from '../requestTypes';
import { fakeApi, productRow, savedRequest, renderSection, valuesOf } from '../testing/requestFormKit';
import { RequestLinesPanel } from './RequestLinesPanel';

type Options = { service?: boolean; locked?: boolean; errors?: Record<string, string>; onSet?(field: string, value: unknown): void };

function show(item: FormItem, { service = false, locked = false, ...form }: Options = {}) {
  return renderSection(valuesOf(item), (f) => <RequestLinesPanel form={f} service={service} locked={locked} busy={false} />, form);
}

const twoLines = savedRequest({ productos_solicitados: [productRow(), productRow({ id: 2, id_material: 11, codigo: 'MAT-002', descripcion: 'Correa', cantidad_solicitada_por_almacen_obra: 4 })] });

describe('RequestLinesPanel (real Chromium)', () => {
  beforeEach(() => {
    vi.stubGlobal('fetch', fakeApi({ '/fil_datas/unidades': [{ id: 1, nombre: 'UND' }] }).fetch);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("a borrador's products: one row each, and 'Agregar fila' adds a blank one of quantity 1", async () => {
    const onSet = vi.fn();
    await show(twoLines, { onSet });
    const panel = page.getByRole('region', { name: 'Productos' });
    await expect.element(panel.getByRole('textbox', { name: 'Descripción (fila 2)', exact: true })).toHaveValue('Correa');
    await expect.element(panel.getByRole('textbox', { name: 'Cantidad solicitada (fila 1)', exact: true })).toHaveValue('2');
    await panel.getByRole('button', { name: 'Agregar fila en Productos' }).click();
    await expect.element(panel.getByRole('textbox', { name: 'Cantidad solicitada (fila 3)', exact: true })).toHaveValue('1');
    const [field, lines] = onSet.mock.lastCall as [string, { codigo: string; cantidad: string }[]];
    expect(field).toBe('productos_solicitados');
    expect(lines.map((l) => [l.codigo, l.cantidad])).toEqual([
      ['MAT-001', '2'],
      ['MAT-002', '4'],
      ['', '1'],
    ]);
  });

  it('an edited quantity calls back with the row changed', async () => {
    const onSet = vi.fn();
    await show(twoLines, { onSet });
    await page.getByRole('textbox', { name: 'Cantidad solicitada (fila 2)', exact: true }).fill('7');
    const [, lines] = onSet.mock.lastCall as [string, { cantidad: string }[]];
    expect(lines.map((l) => l.cantidad)).toEqual(['2', '7']);
  });

  it('removing a row asks first, then calls back without it', async () => {
    const onSet = vi.fn();
    await show(twoLines, { onSet });
    await page.getByRole('button', { name: 'Eliminar fila 1' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Eliminar' }).click();
    await expect.element(page.getByRole('textbox', { name: 'Descripción (fila 1)', exact: true })).toHaveValue('Correa');
    const [, lines] = onSet.mock.lastCall as [string, { codigo: string }[]];
    expect(lines.map((l) => l.codigo)).toEqual(['MAT-002']);
  });

  it("a service's lines are 'Servicios'; none shows 'Sin items...'", async () => {
    await show(savedRequest({ tipo: 2, tipo_nombre: 'servicio' }), { service: true });
    const panel = page.getByRole('region', { name: 'Servicios' });
    await expect.element(panel.getByText('Sin items...')).toBeVisible();
    await expect.element(panel.getByRole('button', { name: 'Agregar fila en Servicios' })).toBeVisible();
  });

  it("a despacho's lines are 'Productos', as a compra's", async () => {
    await show(savedRequest({ tipo: 3, tipo_nombre: 'despacho', productos_solicitados: [productRow()] }));
    await expect.element(page.getByRole('region', { name: 'Productos' }).getByRole('textbox', { name: 'Descripción (fila 1)', exact: true })).toHaveValue('Filtro de aceite');
  });

  it("locked (sent, or the products of its work order's Pedido): no row is added, changed or removed", async () => {
    await show(savedRequest({ creado_desde_ot: 1, id_orden_trabajo: 12, productos_solicitados: [productRow()] }), { locked: true });
    await expect.element(page.getByRole('textbox', { name: 'Cantidad solicitada (fila 1)', exact: true })).toBeDisabled();
    await expect.element(page.getByRole('button', { name: 'Agregar fila en Productos' })).not.toBeInTheDocument();
    await expect.element(page.getByRole('button', { name: 'Eliminar fila 1' })).not.toBeInTheDocument();
  });

  it("the table's error shows on top, a row's under its field; a change clears that row's", async () => {
    await show(twoLines, { errors: { productos_solicitados: 'Agregue al menos un producto.', 'productos_solicitados.1.cantidad_solicitada_por_almacen_obra': 'La cantidad debe ser mayor que 0.' } });
    await expect.element(page.getByRole('alert').getByText('Agregue al menos un producto.')).toBeVisible();
    const quantity = page.getByRole('textbox', { name: 'Cantidad solicitada (fila 2)', exact: true });
    await expect.element(quantity).toHaveAttribute('aria-invalid', 'true');
    await expect.element(page.getByText('La cantidad debe ser mayor que 0.')).toBeVisible();
    await quantity.fill('3');
    await expect.element(page.getByText('La cantidad debe ser mayor que 0.')).not.toBeInTheDocument();
    await expect.element(page.getByText('Agregue al menos un producto.')).not.toBeInTheDocument();
  });
});
