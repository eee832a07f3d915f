import { afterEach, describe, expect, it, vi } from 'vitest';
import { page } from 'vitest/browser';
import type { FormItem } from '../requestTypes';
import { fakeApi, savedRequest, renderSection, valuesOf } from '../testing/requestFormKit';
import { RequestDocumentsPanel } from './RequestDocumentsPanel';

type Options = { readOnly?: boolean; errors?: Record<string, string>; onSet?(field: string, value: unknown): void; onVersion?(version: number): void };

function show(item: FormItem, { readOnly = false, onVersion = () => {}, ...form }: Options = {}) {
  return renderSection(valuesOf(item), (f) => <RequestDocumentsPanel form={f} readOnly={readOnly} busy={false} onVersion={onVersion} />, form);
}

const withQuote = savedRequest({ documentos: [{ id: 31, nombre: 'cotizacion.pdf', observaciones: 'Cotización del proveedor', url: '/documentos/31', fecha_creado: '2026-12-01' }] });

describe('RequestDocumentsPanel (real Chromium)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("a borrador without documents says what to attach; 'Agregar documento' adds a row to fill", async () => {
    const onSet = vi.fn();
    await show(savedRequest(), { onSet });
    await expect.element(page.getByText('Sin documentos. Adjunte cotizaciones, fichas técnicas o fotos (PDF, imagen o Excel, hasta 10 MB cada uno).')).toBeVisible();
    await page.getByRole('button', { name: 'Agregar documento' }).click();
    await page.getByRole('textbox', { name: 'Observaciones (fila 1)' }).fill('Ficha técnica');
    const [field, rows] = onSet.mock.lastCall as [string, { id: number; observaciones: string }[]];
    expect(field).toBe('documentos');
    expect(rows).toMatchObject([{ id: 0, observaciones: 'Ficha técnica' }]);
  });

  it('a sent request (read only): its documents, nothing to add or remove', async () => {
    await show(withQuote, { readOnly: true });
    await expect.element(page.getByRole('button', { name: 'cotizacion.pdf' })).toBeVisible();
    await expect.element(page.getByText('Cotización del proveedor')).toBeVisible();
    await expect.element(page.getByRole('button', { name: 'Agregar documento' })).not.toBeInTheDocument();
    await expect.element(page.getByRole('button', { name: 'Eliminar fila 1' })).not.toBeInTheDocument();
  });

  it('removing a saved document asks, removes it on the server and takes its new version', async () => {
    const api = fakeApi({}, { '/solicitudes_compras/eliminarElementoDeDetalle': { ok: true, msg: 'Documento eliminado.', errors: {}, version: 4 } });
    vi.stubGlobal('fetch', api.fetch);
    const onVersion = vi.fn();
    await show(withQuote, { onVersion });
    await page.getByRole('button', { name: 'Eliminar fila 1' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Confirmar' }).click();
    await expect.element(page.getByText('Documento eliminado.')).toBeVisible();
    await expect.element(page.getByRole('button', { name: 'cotizacion.pdf' })).not.toBeInTheDocument();
    expect(api.calls).toContainEqual({ method: 'POST', path: '/solicitudes_compras/eliminarElementoDeDetalle', body: { tabla: 'documentos', id: 31 } });
    expect(onVersion).toHaveBeenCalledWith(4);
  });

  it("a new row's errors show under its fields", async () => {
    const item = savedRequest();
    const values = valuesOf(item, { documentos: [{ key: 'new-a', id: 0, observaciones: '', file: null, url: '', nombre: '' }] });
    await renderSection(values, (f) => <RequestDocumentsPanel form={f} readOnly={false} busy={false} onVersion={() => {}} />, {
      errors: { 'documentos.0.pic': 'Adjunte el archivo.', 'documentos.0.observaciones': 'Demasiado largo.' },
    });
    await expect.element(page.getByText('Adjunte el archivo.')).toBeVisible();
    await expect.element(page.getByRole('textbox', { name: 'Observaciones (fila 1)' })).toHaveAttribute('aria-invalid', 'true');
    await expect.element(page.getByText('Demasiado largo.')).toBeVisible();
  });
});
