import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { page } from 'vitest/browser';
import type { FormItem } from '../requestTypes';
import { fakeApi, newRequest, savedRequest, renderSection, valuesOf } from '../testing/requestFormKit';
import { RequestDataPanel } from './RequestDataPanel';

const OBRAS = [
  { id: 5, nombre: 'Obra Norte' },
  { id: 6, nombre: 'Obra Sur' },
];

function show(item: FormItem, { readOnly = false, ...form }: { readOnly?: boolean; errors?: Record<string, string>; onSet?(field: string, value: unknown): void } = {}) {
  return renderSection(valuesOf(item), (f) => <RequestDataPanel form={f} item={item} readOnly={readOnly} />, form);
}

describe('RequestDataPanel (real Chromium)', () => {
  beforeEach(() => {
    vi.stubGlobal('fetch', fakeApi({ '/fil_datas/obras': OBRAS, '/fil_datas/solicitudes_tipos': [{ id: 1, nombre: 'Mantenimiento' }] }).fetch);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('a new borrador: the code is generated on saving, the requester is the user, the site and its work order are chosen', async () => {
    await show(newRequest());
    const panel = page.getByRole('region', { name: 'Datos de la solicitud', exact: true });
    await expect.element(panel.getByRole('textbox', { name: 'Código', exact: true })).toHaveAttribute('placeholder', 'Se genera al guardar');
    await expect.element(panel.getByRole('textbox', { name: 'Solicitante', exact: true })).toHaveValue('Ana Pérez');
    await expect.element(panel.getByRole('combobox', { name: 'Obra', exact: true })).toHaveValue('Obra Norte');
    await expect.element(panel.getByRole('combobox', { name: 'Obra', exact: true })).toBeEnabled();
    await expect.element(panel.getByRole('combobox', { name: 'Orden de trabajo', exact: true })).toBeEnabled();
    await expect.element(panel.getByRole('combobox', { name: 'Tipo de solicitud', exact: true })).toBeEnabled();
  });

  it('a new request without a site: the front and the work order wait for it', async () => {
    await show(newRequest({ id_obra: null }));
    await expect.element(page.getByRole('combobox', { name: 'Orden de trabajo', exact: true })).toBeDisabled();
    await expect.element(page.getByRole('combobox', { name: 'Orden de trabajo', exact: true })).toHaveAttribute('placeholder', 'Elija primero la obra');
    await expect.element(page.getByRole('combobox', { name: 'Frente de obra', exact: true })).toBeDisabled();
  });

  it('another site clears the equipment, the front and the work order of a new request', async () => {
    const onSet = vi.fn();
    await show(newRequest(), { onSet });
    await page.getByRole('combobox', { name: 'Obra', exact: true }).click();
    await page.getByRole('option', { name: 'Obra Sur', exact: true }).click();
    expect(onSet.mock.calls).toEqual([
      ['id_obra', 6],
      ['id_equipo', null],
      ['id_frente_obra', null],
      ['id_orden_trabajo', null],
    ]);
    await expect.element(page.getByRole('combobox', { name: 'Obra', exact: true })).toHaveValue('Obra Sur');
  });

  it('a saved borrador: its code, the site locked, no work order', async () => {
    await show(savedRequest({ id_solicitudes_tipo: 1 }));
    await expect.element(page.getByRole('textbox', { name: 'Código', exact: true })).toHaveValue('SC-0007');
    await expect.element(page.getByRole('combobox', { name: 'Obra', exact: true })).toBeDisabled();
    await expect.element(page.getByRole('textbox', { name: 'Orden de trabajo', exact: true })).toHaveAttribute('placeholder', 'Sin orden de trabajo');
    // A type chosen and saved stays; type 1 asks for the cost-centre type.
    await expect.element(page.getByRole('combobox', { name: 'Tipo de solicitud', exact: true })).toBeDisabled();
    await expect.element(page.getByText('Este tipo de solicitud exige el tipo de centro de costo.')).toBeVisible();
    await expect.element(page.getByRole('textbox', { name: 'Fecha de necesidad', exact: true })).toBeEnabled();
  });

  it("a request generated from a work order's Pedido: the order is a link to it, the type may still be chosen", async () => {
    await show(savedRequest({ id_orden_trabajo: 12, codigo_orden_trabajo: 'OT-0012', creado_desde_ot: 1 }));
    await expect.element(page.getByRole('link', { name: 'OT-0012', exact: true })).toHaveAttribute('href', '/ordenes_trabajo/12/editar');
    await expect.element(page.getByRole('combobox', { name: 'Tipo de solicitud', exact: true })).toBeEnabled();
  });

  it('a sent request (read only): every field is disabled', async () => {
    await show(savedRequest({ estado: 2, editable: 0 }), { readOnly: true });
    for (const name of ['Obra', 'Frente de obra', 'Tipo de solicitud', 'Recurso']) await expect.element(page.getByRole('combobox', { name, exact: true })).toBeDisabled();
    await expect.element(page.getByRole('textbox', { name: 'Fecha de necesidad', exact: true })).toBeDisabled();
    await expect.element(page.getByRole('textbox', { name: 'Fecha de requerimiento', exact: true })).toBeDisabled();
  });

  it("the server's field errors show under their fields", async () => {
    await show(newRequest(), { errors: { id_obra: 'Elija la obra.', id_solicitudes_tipo: 'Elija el tipo de solicitud.', fecha_requerimiento: 'Indique la fecha de necesidad.' } });
    await expect.element(page.getByRole('combobox', { name: 'Obra', exact: true })).toHaveAttribute('aria-invalid', 'true');
    await expect.element(page.getByText('Elija la obra.')).toBeVisible();
    await expect.element(page.getByRole('combobox', { name: 'Tipo de solicitud', exact: true })).toHaveAttribute('aria-invalid', 'true');
    await expect.element(page.getByText('Elija el tipo de solicitud.')).toBeVisible();
    await expect.element(page.getByRole('textbox', { name: 'Fecha de necesidad', exact: true })).toHaveAccessibleDescription('Indique la fecha de necesidad.');
  });

  it('editing a date and the resource calls back with their values', async () => {
    const onSet = vi.fn();
    vi.stubGlobal('fetch', fakeApi({ '/fil_datas/recursos': [{ id: 4, nombre: 'Grúa' }] }).fetch);
    await show(newRequest(), { onSet });
    await page.getByRole('combobox', { name: 'Recurso', exact: true }).click();
    await page.getByRole('option', { name: 'Grúa', exact: true }).click();
    expect(onSet).toHaveBeenCalledWith('id_solicitudes_movilizacion_recursos', 4);
  });
});
