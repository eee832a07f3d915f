import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { page } from 'vitest/browser';
import type { RequestForm, RequestValues } from '../internal/requestValues';
import { fakeApi, savedRequest, renderSection, valuesOf } from '../testing/requestFormKit';
import { CostCentrePanel } from './CostCentrePanel';
import { MobilisationPanel } from './MobilisationPanel';
import { WorkPanel } from './WorkPanel';

type Options = { readOnly?: boolean; errors?: Record<string, string>; onSet?(field: string, value: unknown): void };

function show(values: Partial<RequestValues>, { readOnly = false, ...form }: Options = {}) {
  const panels = (f: RequestForm) => (
    <>
      <CostCentrePanel form={f} readOnly={readOnly} />
      <MobilisationPanel form={f} readOnly={readOnly} />
      <WorkPanel form={f} readOnly={readOnly} />
    </>
  );
  return renderSection(valuesOf(savedRequest(), values), panels, form);
}

const combobox = (name: string) => page.getByRole('combobox', { name, exact: true });

describe('CostCentrePanel, MobilisationPanel and WorkPanel (real Chromium)', () => {
  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      fakeApi({
        '/fil_datas/centros_costo_indirectos': [
          { id: 1, nombre: 'Administración' },
          { id: 2, nombre: 'Talleres' },
        ],
        '/fil_datas/movilizacion_tipos': [
          { id: 1, nombre: 'Propio' },
          { id: 2, nombre: 'Terceros con recurso', codigo_recurso: '2-044' },
        ],
      }).fetch,
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('a direct cost centre asks for the equipment of the site', async () => {
    await show({ id_centro_costo_tipo: 1 });
    await expect.element(combobox('Equipo')).toBeEnabled();
    await expect.element(combobox('Centro de costo indirecto')).not.toBeInTheDocument();
  });

  it('an indirect cost centre asks for its centre, then its element', async () => {
    await show({ id_centro_costo_tipo: 2, id_centro_costo_indirecto: null });
    await expect.element(combobox('Centro de costo indirecto')).toBeEnabled();
    await expect.element(combobox('Elemento')).toBeDisabled();
    await expect.element(combobox('Elemento')).toHaveAttribute('placeholder', 'Elija primero el centro de costo');
  });

  it('another indirect centre clears the element', async () => {
    const onSet = vi.fn();
    await show({ id_centro_costo_tipo: 2, id_centro_costo_indirecto: 1, id_centro_costo_indirecto_elemento: 9 }, { onSet });
    await combobox('Centro de costo indirecto').click();
    await page.getByRole('option', { name: 'Talleres' }).click();
    expect(onSet.mock.calls).toEqual([
      ['id_centro_costo_indirecto', 2],
      ['id_centro_costo_indirecto_elemento', null],
    ]);
  });

  it('a mobilisation type with a fixed resource code fills the third-party resource and locks it', async () => {
    const onSet = vi.fn();
    await show({}, { onSet });
    await combobox('Tipo de centro de costo de terceros').click();
    await page.getByRole('option', { name: 'Terceros con recurso' }).click();
    expect(onSet.mock.calls).toEqual([
      ['id_solicitudes_movilizacion_terceros_tipocc', 2],
      ['id_solicitudes_movilizacion_terceros_ter_recurso', '2-044'],
    ]);
    const resource = page.getByRole('textbox', { name: 'Recurso de terceros' });
    await expect.element(resource).toHaveValue('2-044');
    await expect.element(resource).toBeDisabled();
    await expect.element(page.getByText('Fijado por el tipo de centro de costo de terceros.')).toBeVisible();
    await expect.element(page.getByText('Este tipo exige clasificación, tipo de centro de costo y recurso.')).toBeVisible();
  });

  it('the work description counts its characters and calls back with the text', async () => {
    const onSet = vi.fn();
    await show({ descripcion_trabajo: 'Cambio' }, { onSet });
    await expect.element(page.getByText('6/500')).toBeVisible();
    await page.getByRole('textbox', { name: 'Descripción del trabajo' }).fill('Cambio de filtros');
    expect(onSet).toHaveBeenLastCalledWith('descripcion_trabajo', 'Cambio de filtros');
    await expect.element(page.getByText('17/500')).toBeVisible();
  });

  it('read only (a sent request): every field is disabled', async () => {
    await show({ id_centro_costo_tipo: 2 }, { readOnly: true });
    for (const name of ['Centro de costo indirecto', 'Elemento', 'Tipo de centro de costo de terceros', 'Clasificación']) await expect.element(combobox(name)).toBeDisabled();
    await expect.element(page.getByRole('textbox', { name: 'Descripción del trabajo' })).toBeDisabled();
  });

  it("the server's field errors show under their fields", async () => {
    await show(
      { id_centro_costo_tipo: 1 },
      { errors: { id_equipo: 'Elija el equipo.', id_solicitudes_clasificacion: 'Elija la clasificación.', descripcion_trabajo: 'Describa el trabajo.' } },
    );
    await expect.element(combobox('Equipo')).toHaveAttribute('aria-invalid', 'true');
    await expect.element(page.getByText('Elija el equipo.')).toBeVisible();
    await expect.element(combobox('Clasificación')).toHaveAttribute('aria-invalid', 'true');
    await expect.element(page.getByText('Elija la clasificación.')).toBeVisible();
    await expect.element(page.getByRole('textbox', { name: 'Descripción del trabajo' })).toHaveAccessibleDescription('Describa el trabajo.');
  });
});
