// The SICAM simulator over HTTP (dev, tests and benchmarks only). Plain node:http rather than
// Hono: faults must be able to drop a connection after the request was stored, which is the case
// a client's idempotency key exists for.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { knobsFromEnv, SicamSim, SimRefusal, type OrderState, type SimKnobs } from './sim';

export type SicamSimServer = { url: string; port: number; sim: SicamSim; close(): Promise<void> };

export type SicamSimOptions = {
  port?: number;
  host?: string;
  knobs?: Partial<SimKnobs>;
  /** Append-only file of the simulator's operations (kept across restarts). */
  dataFile?: string;
  /** Bearer token SICAM expects (SICAM_TOKEN); none: any caller. */
  token?: string;
  /** The control endpoints (`/_control/*`) that advance orders and change faults at run time. */
  control?: boolean;
  tickMs?: number;
};

const MAX_BODY = 5 * 1024 * 1024;

function readBody(req: IncomingMessage): Promise<unknown> {
  return new Promise((resolve, reject) => {
    let size = 0;
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY) {
        reject(new SimRefusal(413, 'Solicitud demasiado grande'));
        req.destroy();
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => {
      if (!chunks.length) return resolve({});
      try {
        resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      } catch {
        reject(new SimRefusal(400, 'JSON inválido'));
      }
    });
    req.on('error', reject);
  });
}

function send(res: ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function startSicamSim(options: SicamSimOptions = {}): Promise<SicamSimServer> {
  const sim = new SicamSim({ ...knobsFromEnv(), ...options.knobs }, options.dataFile);
  const control = options.control ?? true;

  async function route(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://sicam');
    const path = url.pathname.replace(/\/+$/, '') || '/';
    const method = req.method ?? 'GET';
    let m: RegExpExecArray | null;

    if (path.startsWith('/_control')) {
      if (!control) return send(res, 404, { message: 'No encontrado' });
      const body = (method === 'POST' ? await readBody(req) : {}) as Record<string, unknown>;
      if (path === '/_control/config' && method === 'POST') {
        Object.assign(sim.knobs, body);
        return send(res, 200, { knobs: sim.knobs });
      }
      if (path === '/_control/stats') {
        return send(res, 200, {
          attempts: sim.attempts,
          solicitudes: sim.requests.size,
          claves: sim.byKey.size,
          materiales: sim.materials.size,
          knobs: sim.knobs,
          items: [...sim.requests.values()].map((r) => ({ id_sicam: r.id_sicam, codigo: r.codigo, key: r.key, estado: r.estado })),
        });
      }
      if ((m = /^\/_control\/solicitudes\/(\d+)\/(enviada_aprobacion|aprobada|anulada)$/.exec(path)) && method === 'POST') {
        return send(res, 200, SicamSim.view(sim.advance(Number(m[1]), m[2] as OrderState, typeof body.numero_orden === 'string' ? body.numero_orden : undefined)));
      }
      if ((m = /^\/_control\/materiales\/solicitudes\/(\d+)\/crear$/.exec(path)) && method === 'POST') {
        return send(res, 200, SicamSim.materialView(sim.createMaterials(Number(m[1]))));
      }
      return send(res, 404, { message: 'No encontrado' });
    }

    if (options.token && req.headers.authorization !== `Bearer ${options.token}`) return send(res, 401, { message: 'Credenciales de SICAM inválidas' });
    if (sim.knobs.latencyMs > 0) await sleep(sim.knobs.latencyMs);

    const isPush = method === 'POST';
    if (isPush) sim.attempts += 1;
    if (sim.injectedFailure()) return send(res, 503, { message: 'SICAM no disponible, intente más tarde' });

    if (path === '/solicitudes' && method === 'POST') {
      const key = String(req.headers['idempotency-key'] ?? '');
      if (!key) return send(res, 400, { message: 'Falta la cabecera Idempotency-Key' });
      const { created, request } = sim.acceptRequest(key, (await readBody(req)) as Record<string, unknown>);
      if (created && sim.knobs.loseReplyRate > 0 && Math.random() < sim.knobs.loseReplyRate) {
        res.socket?.destroy();
        return;
      }
      return send(res, created ? 201 : 200, { id_sicam: request.id_sicam, numero_solicitud: request.numero_solicitud });
    }
    if ((m = /^\/solicitudes\/(\d+)$/.exec(path)) && method === 'GET') {
      const r = sim.requests.get(Number(m[1]));
      return r ? send(res, 200, SicamSim.view(r)) : send(res, 404, { message: 'Solicitud no encontrada en SICAM' });
    }
    if ((m = /^\/solicitudes\/(\d+)\/anular$/.exec(path)) && method === 'POST') {
      return send(res, 200, SicamSim.view(sim.annulRequest(Number(m[1]))));
    }
    if ((m = /^\/solicitudes\/(\d+)\/productos\/(\d+)\/anular$/.exec(path)) && method === 'POST') {
      const [idSicam, idProducto] = [Number(m[1]), Number(m[2])];
      const already = sim.requests.get(idSicam)?.productos.some((p) => p.id_producto_solicitado === idProducto && p.anulado) ?? false;
      const r = sim.annulProduct(idSicam, idProducto);
      // As a push's: only the reply to a first annulment is lost; annulling again answers the same.
      if (!already && sim.knobs.loseReplyRate > 0 && Math.random() < sim.knobs.loseReplyRate) {
        res.socket?.destroy();
        return;
      }
      return send(res, 200, SicamSim.view(r));
    }
    if (path === '/materiales/solicitudes' && method === 'POST') {
      const key = String(req.headers['idempotency-key'] ?? '');
      if (!key) return send(res, 400, { message: 'Falta la cabecera Idempotency-Key' });
      const { created, request } = sim.acceptMaterials(key, (await readBody(req)) as Record<string, unknown>);
      return send(res, created ? 201 : 200, { id_sicam: request.id_sicam });
    }
    if ((m = /^\/materiales\/solicitudes\/(\d+)$/.exec(path)) && method === 'GET') {
      const r = sim.materials.get(Number(m[1]));
      return r ? send(res, 200, SicamSim.materialView(r)) : send(res, 404, { message: 'Solicitud de materiales no encontrada en SICAM' });
    }
    if (path === '/health') return send(res, 200, { ok: true });
    return send(res, 404, { message: 'No encontrado' });
  }

  const server: Server = createServer((req, res) => {
    // An outage: the connection drops without an answer (the caller sees a network error).
    if (sim.knobs.outage && !(req.url ?? '').startsWith('/_control')) {
      req.socket.destroy();
      return;
    }
    route(req, res).catch((error: unknown) => {
      if (res.headersSent) return;
      if (error instanceof SimRefusal) send(res, error.status, { message: error.message });
      else send(res, 500, { message: 'Error interno de SICAM' });
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const timer = setInterval(() => sim.tick(), options.tickMs ?? 1000);
  timer.unref();
  return {
    url: `http://${options.host === '0.0.0.0' ? '127.0.0.1' : (options.host ?? '127.0.0.1')}:${port}`,
    port,
    sim,
    close: () =>
      new Promise<void>((resolve) => {
        clearInterval(timer);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
