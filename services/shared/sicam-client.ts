// The client of SICAM, the external purchasing system. Faena knows SICAM only by its address
// (SICAM_URL) and this contract (docs/modules/sicam.md); the simulator in services/sicam-sim serves
// the same contract for development and tests.

export type SicamOrderState = 'recibida' | 'enviada_aprobacion' | 'aprobada' | 'anulada';

export type SicamRequestStatus = {
  id_sicam: number;
  numero_solicitud: string;
  estado: SicamOrderState;
  orden: { numero_orden: string; estado: SicamOrderState } | null;
  productos: { id_producto_solicitado: number; codigo_material: string; cantidad: number; precio: number | null; moneda: string | null; anulado: boolean }[];
};

export type SicamMaterialStatus = {
  id_sicam: number;
  estado: 'pendiente' | 'creado';
  materiales: { id_linea: number; codigo: string | null; nombre: string | null; id_material_tipo: number | null; unidad: string }[];
};

/** A failed call. `retryable`: SICAM was unreachable, too slow or answered 5xx/429, so the same
 * call may succeed later; otherwise SICAM refused it (4xx) and `message` is SICAM's own reason. */
export class SicamError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly status: number | null,
  ) {
    super(message);
    this.name = 'SicamError';
  }
}

export type SicamClient = ReturnType<typeof createSicamClient>;

export function createSicamClient(options: { url: string; token?: string; timeoutMs?: number; fetch?: typeof fetch }) {
  const base = options.url.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 10_000;
  const doFetch = options.fetch ?? fetch;

  async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown, key?: string): Promise<T> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (key) headers['idempotency-key'] = key;
    let res: Response;
    try {
      res = await doFetch(`${base}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const e = error as Error;
      const reason = e.name === 'TimeoutError' ? `SICAM no respondió en ${Math.round(timeoutMs / 1000)} s` : 'No se pudo conectar con SICAM';
      throw new SicamError(reason, true, null);
    }
    let payload: Record<string, unknown> = {};
    try {
      payload = (await res.json()) as Record<string, unknown>;
    } catch {
      if (res.ok) throw new SicamError('SICAM respondió algo que no se pudo leer', true, res.status);
    }
    if (!res.ok) {
      const message = typeof payload.message === 'string' && payload.message ? payload.message : `SICAM respondió ${res.status}`;
      throw new SicamError(message, res.status >= 500 || res.status === 429 || res.status === 408, res.status);
    }
    return payload as T;
  }

  return {
    url: base,
    /** Sends a purchase or service request. The key must stay the same for every retry and resend
     * of one request until a success is recorded: SICAM then answers the first reply again. */
    pushRequest: (key: string, body: Record<string, unknown>) => call<{ id_sicam: number; numero_solicitud: string }>('POST', '/solicitudes', body, key),
    requestStatus: (idSicam: number) => call<SicamRequestStatus>('GET', `/solicitudes/${idSicam}`),
    annulRequest: (idSicam: number) => call<SicamRequestStatus>('POST', `/solicitudes/${idSicam}/anular`, {}),
    annulProduct: (idSicam: number, idProducto: number) => call<SicamRequestStatus>('POST', `/solicitudes/${idSicam}/productos/${idProducto}/anular`, {}),
    pushMaterials: (key: string, body: Record<string, unknown>) => call<{ id_sicam: number }>('POST', '/materiales/solicitudes', body, key),
    materialsStatus: (idSicam: number) => call<SicamMaterialStatus>('GET', `/materiales/solicitudes/${idSicam}`),
  };
}
