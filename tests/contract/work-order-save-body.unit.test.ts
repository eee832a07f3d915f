import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { saveInputSchema } from '../../services/api/work-orders/work-order-schemas';
import { saveRequest } from '../../web/src/modules/work-orders/internal/saveRequest';
import { blankDocument, toFormValues } from '../../web/src/modules/work-orders/internal/workOrderValues';
import { item, PART_LINE } from '../../web/src/modules/work-orders/testing/workOrderItem';

// The body the work-order form saves (web) read by the API's save schema (POST /ordenes_trabajo/create):
// both sides of the call, so the web's own tests import nothing of the server.

describe('work-order form values', () => {
  it('a loaded order goes back to the server unchanged (the decider then sees no line change)', () => {
    const body = saveRequest(toFormValues(item()), { id: 7, version: 12, terminado: 0, rechazado_id: null }) as Record<string, unknown>;
    const parsed = v.parse(saveInputSchema, body);
    expect(parsed).toMatchObject({
      id: 7,
      version: 12,
      id_obra: 1,
      horometro_parada: 1200.5,
      horometro_puesta_marcha: 1208,
      horometro_apertura_ot: null,
      kilometraje: null,
      firma_mecanico: 1,
      firma_operador: 0,
      fecha_cierre_ot: null,
      fecha_apertura_ot: '2026-11-20 08:30',
    });
    expect(parsed.diagnosticos).toEqual([{ id: 21, id_grupo_funcional: 2, id_grupo_funcional_elemento: 9, descripcion: 'Fuga', horas: 1, minutos: 30, observacion: '' }]);
    expect(parsed.productos_solicitados[0]).toEqual(PART_LINE);
    // A saved document stays as it is on the server: it is not sent.
    expect(parsed.documentos).toEqual([]);
  });

  it('new files make the body multipart: lists as JSON, each file in documento_{n}', async () => {
    const values = toFormValues(item());
    const file = new File(['%PDF-1.4'], 'informe.pdf', { type: 'application/pdf' });
    values.documentos.push({ ...blankDocument(), observaciones: 'Nuevo', file });
    values.sin_productos = true;
    const body = saveRequest(values, { id: 7, version: 12, terminado: 1, rechazado_id: null });
    expect(body).toBeInstanceOf(FormData);
    const form = body as FormData;
    expect(JSON.parse(String(form.get('documentos')))).toEqual([{ id: 0, observaciones: 'Nuevo', archivo: 'documento_0' }]);
    expect((form.get('documento_0') as File).name).toBe('informe.pdf');
    // 'No requiere productos de almacen' sends no parts (seed 001 §5).
    expect(form.get('productos_solicitados')).toBe('[]');
    const parsed = v.parse(saveInputSchema, Object.fromEntries([...form.entries()].filter(([, x]) => typeof x === 'string')));
    expect(parsed).toMatchObject({ terminado: 1, sin_productos: 1, kilometraje: null, rechazado_id: null, fecha_cierre_ot: null });
  });
});
