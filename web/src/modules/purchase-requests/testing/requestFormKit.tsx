import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';
import { render } from 'vitest-browser-react';
import type { RequestProduct } from '@shared/contracts/purchase-requests';
import { DialogsProvider } from '../../../ui/dialogs/DialogsProvider';
import { useFormState } from '../../../ui/dialogs/useFormState';
import { ToastProvider } from '../../../ui/toast/ToastProvider';
import { toRequestValues, type RequestForm, type RequestValues } from '../internal/requestValues';
import type { FormItem, RequestItem } from '../requestTypes';

// What a section of the request form needs around it when it is rendered alone: the app's
// providers (queries, toasts, dialogs, a router for its links), a live form state, requests in
// each state, and answers to the lookups it calls.

const Slot = createContext<ReactNode>(null);

/** The router's only page: the section given to SectionProviders. */
function SlotPage() {
  return useContext(Slot);
}

/** The app's providers around one section: a fresh query cache (no retries), toasts, dialogs, and a
 * router at '/' whose page is the section (its links resolve, nothing navigates). */
export function SectionProviders({ children }: { children: ReactNode }) {
  const [client] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: false } } }));
  const [router] = useState(() => createRouter({ routeTree: createRootRoute({ component: SlotPage }), history: createMemoryHistory() }));
  return (
    <QueryClientProvider client={client}>
      <ToastProvider>
        <DialogsProvider>
          <Slot.Provider value={children}>
            <RouterProvider router={router} />
          </Slot.Provider>
        </DialogsProvider>
      </ToastProvider>
    </QueryClientProvider>
  );
}

type FormProps = {
  values: RequestValues;
  /** The server's field errors, set once the form is there (as a refused save sets them). */
  errors?: Record<string, string>;
  /** Told of every `form.set` (field and value) before it applies. */
  onSet?(field: keyof RequestValues, value: unknown): void;
  children(form: RequestForm): ReactNode;
};

/** A live request form (useFormState, as the page's) for a section: its changes apply and show. */
export function WithRequestForm({ values, errors, onSet, children }: FormProps) {
  const state = useFormState<RequestValues>(values);
  const { setErrors, set: apply } = state;
  const [initialErrors] = useState(errors);
  useEffect(() => {
    if (initialErrors) setErrors(initialErrors);
  }, [initialErrors, setErrors]);
  const set = useCallback(
    <K extends keyof RequestValues>(field: K, value: RequestValues[K]) => {
      onSet?.(field, value);
      apply(field, value);
    },
    [apply, onSet],
  );
  return children({ ...state, set });
}

/** Renders a section of the request form with `values` in a live form (WithRequestForm) inside the
 * app's providers (SectionProviders). */
export function renderSection(values: RequestValues, section: (form: RequestForm) => ReactNode, { errors, onSet }: Omit<FormProps, 'values' | 'children'> = {}) {
  return render(
    <SectionProviders>
      <WithRequestForm values={values} errors={errors} onSet={onSet}>
        {section}
      </WithRequestForm>
    </SectionProviders>,
  );
}

/** A requested product line as the server sends it. */
export function productRow(over: Partial<RequestProduct> = {}): RequestProduct {
  return {
    id: 1, id_solicitud_compra: 1, orden: 1, id_material: 10, codigo: 'MAT-001', descripcion: 'Filtro de aceite', id_material_tipo: null, id_unidad: 1, nombre_unidad: 'UND',
    cantidad_solicitada_por_tecnico: 2, cantidad_solicitada_por_almacen_obra: 2, cantidad_en_almacen_central: 0, cantidad_solicitada_por_almacen_central: 0,
    en_almacen_central: 0, observacion_almacen_central: '', estado: 1, estado_nombre: 'Pendiente', objeto_estado: { id: 1, nombre: 'Pendiente', color: 'slate' },
    numero_orden: null, precio: null, moneda: null, puede_anular: 0,
    ...over,
  };
}

/** A saved request: a compra in borrador of site 5 (OBR-01) by Ana Pérez, editable, with no work
 * order, products or documents unless given. */
export function savedRequest(over: Partial<RequestItem> = {}): RequestItem {
  return {
    id: 7, codigo: 'SC-0007', tipo: 1, tipo_nombre: 'compra', estado: 1, estado_nombre: 'Borrador',
    id_obra: 5, codigo_obra: 'OBR-01', nombre_obra: 'Obra Norte', id_orden_trabajo: null, codigo_orden_trabajo: null, creado_desde_ot: 0,
    id_tipo_mantenimiento: null, tipo_mantenimiento: null, nombre_tipo_mantenimiento: null,
    id_frente_obra: null, frente_obra_codigo: null, frente_obra_nombre: null,
    id_supervisor: 3, nombre_supervisor: 'Ana', apellido_supervisor: 'Pérez', id_logistico: null, nombre_logistico: null,
    id_equipo: null, codigo_equipo: null, cc_equipo: null, id_centro_costo_tipo: null, nombre_centro_costo_tipo: null,
    id_centro_costo_indirecto: null, id_centro_costo_indirecto_elemento: null, id_grupo_funcional: null, sigla_grupo_funcional: null,
    nombre_grupo_funcional: null, id_solicitudes_tipo: null, id_solicitudes_clasificacion: null, id_solicitudes_movilizacion_recursos: null,
    id_solicitudes_movilizacion_terceros_tipocc: null, id_solicitudes_movilizacion_terceros_ter_recurso: null,
    solicitudes_tipo: null, clasificacion_nombre: null, recurso_codigo: null, recurso_nombre: null,
    centro_costo_indirecto_codigo: null, centro_costo_indirecto_nombre: null, elemento_codigo: null, elemento_nombre: null,
    movilizacion_tipo_nombre: null, ter_recurso_nombre: null,
    descripcion_trabajo: '', fecha_requerimiento: null, fecha_recepcion_pedido: null, fecha_creado: '2026-12-01T10:00:00.000Z',
    motivo_observado: null, motivo_rechazo: null, atendido_por_almacen_central: 0, enviado_sicam: 0,
    sicam_estado: null, sicam_motivo: null, sicam_intentos: 0, numero_orden: null,
    material_rechazado: 0, version: 3, editable: 1, puede_anular: 1,
    objeto_estado: { id: 1, nombre: 'Borrador', color: 'slate' }, protected: 0,
    productos_solicitados: [], documentos: [],
    ...over,
  };
}

/** A new request's form (id 0) for site 5 by Ana Pérez. */
export function newRequest(over: Partial<Extract<FormItem, { id: 0 }>> = {}): FormItem {
  return { id: 0, tipo: null, id_obra: 5, id_supervisor: 3, nombre_supervisor: 'Ana', apellido_supervisor: 'Pérez', editable: 1, productos_solicitados: [], documentos: [], objeto_estado: null, protected: 0, ...over };
}

/** The form's values of a request, with some changed. */
export function valuesOf(item: FormItem, over: Partial<RequestValues> = {}): RequestValues {
  return { ...toRequestValues(item), ...over };
}

/** A `fetch` that answers the app's calls without a server: a GET of a lookup ('/fil_datas/obras')
 * with its rows from `lookups` (one row for `?value=`), a POST with its envelope from `posts`; any
 * other call gets an empty list. `calls` keeps each call's path and body. */
export function fakeApi(lookups: Record<string, Record<string, unknown>[]> = {}, posts: Record<string, Record<string, unknown>> = {}) {
  const calls: { method: string; path: string; body?: unknown }[] = [];
  const fetch = (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const address = new URL(input instanceof Request ? input.url : String(input), window.location.href);
    const path = address.pathname.replace(/^\/api/, '');
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : init?.body;
    calls.push({ method, path, body });
    let reply: Record<string, unknown>;
    if (method === 'POST') reply = posts[path] ?? { ok: false, msg: `Sin respuesta para ${path}`, errors: {} };
    else {
      const rows = lookups[path] ?? [];
      const value = address.searchParams.get('value');
      reply = value === null ? { ok: true, msg: '', items: rows } : { ok: true, msg: '', item: rows.find((r) => String(r.id ?? r.value) === value) ?? null };
    }
    return Promise.resolve(new Response(JSON.stringify(reply), { status: 200, headers: { 'content-type': 'application/json' } }));
  };
  return { fetch, calls };
}
