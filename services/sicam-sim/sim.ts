// The SICAM simulator's state: purchase/service requests and material-creation requests that the
// external purchasing system accepted, and how their orders progress. Faena never imports this
// file: it knows SICAM only by SICAM_URL (services/sicam-sim/server.ts serves it over HTTP).
import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';

export type OrderState = 'recibida' | 'enviada_aprobacion' | 'aprobada' | 'anulada';

export type SimProduct = {
  id_producto_solicitado: number;
  codigo_material: string;
  descripcion: string;
  unidad: string;
  cantidad: number;
  precio: number | null;
  moneda: 'PEN' | 'USD' | null;
  anulado: boolean;
};

export type SimRequest = {
  id_sicam: number;
  numero_solicitud: string;
  key: string;
  codigo: string;
  tipo: 'compra' | 'servicio';
  estado: OrderState;
  numero_orden: string | null;
  productos: SimProduct[];
  body: unknown;
  recibida_at: string;
  actualizada_at: string;
};

export type SimMaterialLine = { id_linea: number; descripcion: string; unidad: string; tipo: number | null; codigo: string | null; nombre: string | null };

export type SimMaterialRequest = {
  id_sicam: number;
  key: string;
  id_orden_trabajo: number;
  estado: 'pendiente' | 'creado';
  lineas: SimMaterialLine[];
  body: unknown;
  recibida_at: string;
  actualizada_at: string;
};

/** Fault and pace knobs (environment variables SICAM_SIM_*, changeable at run time through the
 * control endpoint so tests can open and close an outage). */
export type SimKnobs = {
  /** Added to every reply. */
  latencyMs: number;
  /** Share of calls answered 503 before anything is stored (0..1). */
  failRate: number;
  /** The next N calls answer 503. */
  failNext: number;
  /** The next N pushes (purchase or material-creation requests) are refused (422, SICAM's own reason, nothing stored): a permanent
   * refusal the caller must not retry; the same key may be sent again later. */
  refuseNext: number;
  /** Share of accepted pushes whose reply is lost (the connection drops after the request was
   * stored): the caller must retry with the same key and get the first answer back. */
  loseReplyRate: number;
  /** Every connection is dropped without an answer, as if SICAM were unreachable. */
  outage: boolean;
  /** Seconds after acceptance before the order is sent for approval / approved (negative: never
   * by itself; tests advance orders through the control endpoint). */
  approvalAfterS: number;
  approvedAfterS: number;
  /** Seconds after a material-creation request before SICAM creates the materials. */
  materialsAfterS: number;
};

export function knobsFromEnv(env: NodeJS.ProcessEnv = process.env): SimKnobs {
  const num = (name: string, fallback: number) => {
    const v = Number(env[name]);
    return env[name] !== undefined && env[name] !== '' && Number.isFinite(v) ? v : fallback;
  };
  return {
    latencyMs: num('SICAM_SIM_LATENCY_MS', 0),
    failRate: num('SICAM_SIM_FAIL_RATE', 0),
    failNext: num('SICAM_SIM_FAIL_NEXT', 0),
    refuseNext: num('SICAM_SIM_REFUSE_NEXT', 0),
    loseReplyRate: num('SICAM_SIM_LOSE_REPLY_RATE', 0),
    outage: env.SICAM_SIM_OUTAGE === '1' || env.SICAM_SIM_OUTAGE === 'true',
    approvalAfterS: num('SICAM_SIM_APPROVAL_AFTER_S', -1),
    approvedAfterS: num('SICAM_SIM_APPROVED_AFTER_S', -1),
    materialsAfterS: num('SICAM_SIM_MATERIALS_AFTER_S', -1),
  };
}

/** A refusal SICAM gives for a request it will never accept (4xx: permanent, not retried). */
export class SimRefusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

type Op =
  | { op: 'request'; value: SimRequest }
  | { op: 'request_update'; id_sicam: number; patch: Partial<SimRequest> }
  | { op: 'material'; value: SimMaterialRequest }
  | { op: 'material_update'; id_sicam: number; patch: Partial<SimMaterialRequest> };

/** Deterministic unit price of a material (so tests can compute totals): 5.00 to 504.99 soles. */
export function priceOf(codigo: string): number {
  let h = 2166136261;
  for (const ch of codigo) h = Math.imul(h ^ ch.charCodeAt(0), 16777619) >>> 0;
  return Math.round(500 + (h % 50000)) / 100;
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The simulator's store: in memory, optionally kept as an append-only file of operations
 * (SICAM_SIM_DATA) so `npm start` keeps its orders across restarts. */
export class SicamSim {
  readonly requests = new Map<number, SimRequest>();
  readonly byKey = new Map<string, number>();
  readonly materials = new Map<number, SimMaterialRequest>();
  readonly materialsByKey = new Map<string, number>();
  /** Every push attempt that reached the simulator, accepted or not. */
  attempts = 0;
  private nextId = 1;
  private nextMaterialId = 1;

  constructor(
    public knobs: SimKnobs,
    private readonly file?: string,
    private readonly clock: () => Date = () => new Date(),
  ) {
    if (file && existsSync(file)) {
      for (const line of readFileSync(file, 'utf8').split('\n')) if (line.trim()) this.apply(JSON.parse(line) as Op);
    }
  }

  private apply(op: Op) {
    switch (op.op) {
      case 'request':
        this.requests.set(op.value.id_sicam, op.value);
        this.byKey.set(op.value.key, op.value.id_sicam);
        this.nextId = Math.max(this.nextId, op.value.id_sicam + 1);
        break;
      case 'request_update':
        Object.assign(this.requests.get(op.id_sicam) ?? {}, op.patch);
        break;
      case 'material':
        this.materials.set(op.value.id_sicam, op.value);
        this.materialsByKey.set(op.value.key, op.value.id_sicam);
        this.nextMaterialId = Math.max(this.nextMaterialId, op.value.id_sicam + 1);
        break;
      case 'material_update':
        Object.assign(this.materials.get(op.id_sicam) ?? {}, op.patch);
        break;
    }
  }

  private record(op: Op) {
    this.apply(op);
    if (this.file) {
      mkdirSync(dirname(this.file), { recursive: true });
      appendFileSync(this.file, `${JSON.stringify(op)}\n`);
    }
  }

  /** Decides whether this call fails before anything is stored (failNext, failRate). */
  injectedFailure(): boolean {
    if (this.knobs.failNext > 0) {
      this.knobs.failNext -= 1;
      return true;
    }
    return this.knobs.failRate > 0 && Math.random() < this.knobs.failRate;
  }

  /** The start of a keyed call (a request, a material-creation request): a key SICAM has seen
   * answers its first reply again (a duplicate is never created), refused when the body differs;
   * otherwise the `refuseNext` knob refuses it with `refusal`. Null: the call goes on. */
  private replayOrRefuse<R extends { body: unknown }>(known: R | undefined, body: Record<string, unknown>, refusal: string): { created: false; request: R } | null {
    if (known !== undefined) {
      if (!sameJson(known.body, body)) throw new SimRefusal(422, 'La clave de idempotencia ya se usó con otra solicitud');
      return { created: false, request: known };
    }
    if (this.knobs.refuseNext > 0) {
      this.knobs.refuseNext -= 1;
      throw new SimRefusal(422, refusal);
    }
    return null;
  }

  /** POST /solicitudes. The same idempotency key answers the first reply again (a duplicate is
   * never created); the same key with another body is refused. */
  acceptRequest(key: string, body: Record<string, unknown>): { created: boolean; request: SimRequest } {
    const replay = this.replayOrRefuse(this.requests.get(this.byKey.get(key) ?? 0), body, 'El centro de costo no está habilitado en SICAM');
    if (replay) return replay;
    const tipo = body.tipo === 'servicio' ? 'servicio' : body.tipo === 'compra' ? 'compra' : null;
    if (!tipo) throw new SimRefusal(422, 'Tipo de solicitud no admitido por SICAM');
    const codigo = typeof body.codigo === 'string' ? body.codigo : '';
    if (!codigo) throw new SimRefusal(422, 'La solicitud no tiene código');
    const productos = Array.isArray(body.productos) ? (body.productos as Record<string, unknown>[]) : [];
    if (!productos.length) throw new SimRefusal(422, 'La solicitud no tiene productos');
    const now = this.clock().toISOString();
    const id = this.nextId;
    const request: SimRequest = {
      id_sicam: id,
      numero_solicitud: `SOL-${String(id).padStart(6, '0')}`,
      key,
      codigo,
      tipo,
      estado: 'recibida',
      numero_orden: null,
      productos: productos.map((p) => ({
        id_producto_solicitado: Number(p.id_producto_solicitado),
        codigo_material: String(p.codigo_material ?? ''),
        descripcion: String(p.descripcion ?? ''),
        unidad: String(p.unidad ?? ''),
        cantidad: Number(p.cantidad ?? 0),
        precio: null,
        moneda: null,
        anulado: false,
      })),
      body,
      recibida_at: now,
      actualizada_at: now,
    };
    this.record({ op: 'request', value: request });
    return { created: true, request };
  }

  acceptMaterials(key: string, body: Record<string, unknown>): { created: boolean; request: SimMaterialRequest } {
    const replay = this.replayOrRefuse(this.materials.get(this.materialsByKey.get(key) ?? 0), body, 'El tipo de material no admite creación de códigos en SICAM');
    if (replay) return replay;
    const lineas = Array.isArray(body.lineas) ? (body.lineas as Record<string, unknown>[]) : [];
    if (!lineas.length) throw new SimRefusal(422, 'La solicitud de creación no tiene materiales');
    const now = this.clock().toISOString();
    const request: SimMaterialRequest = {
      id_sicam: this.nextMaterialId,
      key,
      id_orden_trabajo: Number(body.id_orden_trabajo ?? 0),
      estado: 'pendiente',
      lineas: lineas.map((l) => ({
        id_linea: Number(l.id_linea),
        descripcion: String(l.descripcion ?? ''),
        unidad: String(l.unidad ?? ''),
        tipo: l.tipo === undefined || l.tipo === null ? null : Number(l.tipo),
        codigo: null,
        nombre: null,
      })),
      body,
      recibida_at: now,
      actualizada_at: now,
    };
    this.record({ op: 'material', value: request });
    return { created: true, request };
  }

  /** Moves an order forward (tests and the automatic pace). Approval prices every product that
   * was not annulled; one in ten materials is priced in dollars. */
  advance(id: number, to: OrderState, numeroOrden?: string): SimRequest {
    const r = this.requests.get(id);
    if (!r) throw new SimRefusal(404, 'Solicitud no encontrada en SICAM');
    const order: OrderState[] = ['recibida', 'enviada_aprobacion', 'aprobada'];
    if (r.estado === 'anulada') throw new SimRefusal(409, 'La solicitud está anulada en SICAM');
    if (to !== 'anulada' && order.indexOf(to) <= order.indexOf(r.estado)) return r;
    const patch: Partial<SimRequest> = { estado: to, actualizada_at: this.clock().toISOString() };
    if (to === 'enviada_aprobacion' || to === 'aprobada') {
      patch.numero_orden = r.numero_orden ?? numeroOrden ?? `${r.tipo === 'servicio' ? 'OS' : 'OC'}-${String(4500000 + r.id_sicam)}`;
    }
    if (to === 'aprobada') {
      patch.productos = r.productos.map((p) =>
        p.anulado ? p : { ...p, precio: priceOf(p.codigo_material), moneda: Math.round(priceOf(p.codigo_material) * 100) % 10 === 7 ? 'USD' : 'PEN' },
      );
    }
    this.record({ op: 'request_update', id_sicam: id, patch });
    return this.requests.get(id)!;
  }

  annulRequest(id: number): SimRequest {
    const r = this.requests.get(id);
    if (!r) throw new SimRefusal(404, 'Solicitud no encontrada en SICAM');
    if (r.estado === 'aprobada') throw new SimRefusal(409, 'La orden ya fue aprobada en SICAM');
    return this.advance(id, 'anulada');
  }

  annulProduct(id: number, idProducto: number): SimRequest {
    const r = this.requests.get(id);
    if (!r) throw new SimRefusal(404, 'Solicitud no encontrada en SICAM');
    if (!r.productos.some((p) => p.id_producto_solicitado === idProducto)) throw new SimRefusal(404, 'Producto no encontrado en SICAM');
    const productos = r.productos.map((p) => (p.id_producto_solicitado === idProducto ? { ...p, anulado: true, precio: null, moneda: null } : p));
    this.record({ op: 'request_update', id_sicam: id, patch: { productos, actualizada_at: this.clock().toISOString() } });
    return this.requests.get(id)!;
  }

  createMaterials(id: number): SimMaterialRequest {
    const m = this.materials.get(id);
    if (!m) throw new SimRefusal(404, 'Solicitud de materiales no encontrada en SICAM');
    if (m.estado === 'creado') return m;
    const lineas = m.lineas.map((l) => ({ ...l, codigo: `MAT-${String(id).padStart(5, '0')}-${l.id_linea}`, nombre: l.descripcion.toUpperCase() }));
    this.record({ op: 'material_update', id_sicam: id, patch: { estado: 'creado', lineas, actualizada_at: this.clock().toISOString() } });
    return this.materials.get(id)!;
  }

  /** The automatic pace: orders and material requests older than the configured delays move on. */
  tick() {
    const now = this.clock().getTime();
    const age = (iso: string) => (now - new Date(iso).getTime()) / 1000;
    const { approvalAfterS, approvedAfterS, materialsAfterS } = this.knobs;
    for (const r of this.requests.values()) {
      if (r.estado === 'recibida' && approvalAfterS >= 0 && age(r.recibida_at) >= approvalAfterS) this.advance(r.id_sicam, 'enviada_aprobacion');
      else if (r.estado === 'enviada_aprobacion' && approvedAfterS >= 0 && age(r.actualizada_at) >= approvedAfterS) this.advance(r.id_sicam, 'aprobada');
    }
    for (const m of this.materials.values()) {
      if (m.estado === 'pendiente' && materialsAfterS >= 0 && age(m.recibida_at) >= materialsAfterS) this.createMaterials(m.id_sicam);
    }
  }

  /** What GET /solicitudes/{id} answers: the order's progress and, once approved, each product's
   * price and currency. */
  static view(r: SimRequest) {
    return {
      id_sicam: r.id_sicam,
      numero_solicitud: r.numero_solicitud,
      codigo: r.codigo,
      tipo: r.tipo,
      estado: r.estado,
      orden: r.numero_orden ? { numero_orden: r.numero_orden, estado: r.estado } : null,
      productos: r.productos.map((p) => ({
        id_producto_solicitado: p.id_producto_solicitado,
        codigo_material: p.codigo_material,
        cantidad: p.cantidad,
        precio: p.precio,
        moneda: p.moneda,
        anulado: p.anulado,
      })),
      actualizada_at: r.actualizada_at,
    };
  }

  static materialView(m: SimMaterialRequest) {
    return {
      id_sicam: m.id_sicam,
      id_orden_trabajo: m.id_orden_trabajo,
      estado: m.estado,
      materiales: m.lineas.map((l) => ({ id_linea: l.id_linea, codigo: l.codigo, nombre: l.nombre, id_material_tipo: l.tipo, unidad: l.unidad })),
      actualizada_at: m.actualizada_at,
    };
  }
}
