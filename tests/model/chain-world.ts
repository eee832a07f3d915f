import ExcelJS from 'exceljs';
import { createRecord } from '../../events/record/commands';
import { traceabilityProjection } from '../../projections/traceability';
import { pmPlansProjection } from '../../projections/pm-plans';
import { startSicamSim, type SicamSimServer } from '../../services/sicam-sim/server';
import { createLogger } from '../../services/shared/logger';
import { createSicamClient, type SicamClient } from '../../services/shared/sicam-client';
import { runSicamPush, SICAM_PUSH_QUEUE } from '../../services/app/jobs/sicam';
import type { TestApi, Reply } from '../harness/api';
import { catchUpProjections } from '../harness/catch-up';
import { waitForLogReadable } from '../harness/wait';
import { readCheckpoint } from '../../projections/runner';
import { processReactorBatch, reactorCheckpoint } from '../../projections/reactors/runner';
import { workOrderFollowsRequest } from '../../projections/reactors/work-order-follows-request';
import { finalizeRequest } from '../../projections/reactors/finalize-request';
import { createPlainMachine } from '../harness/equipment';

/** The model of the chain (what the commands expect the product to hold), beside the world they drive. */
export type MLine = { id: number; material: number; qty: number; site: number; issued: number };
export type MOrder = { id: number; lines: MLine[]; attended: boolean; request: number | null; obra: number };
export type MProduct = {
  id: number; line: number; material: number; qty: number; central: number; buy: number;
  entered: number; sentStock: number; sentOrder: number; received: number;
  /** Cancelled (2) or annulled in its order (13) by `AnnulProduct` / `AnnulRequest`. */
  annulled?: boolean;
};
export type MRequest = { id: number; order: number; estado: number; attended: boolean; products: MProduct[]; approved: boolean; numeroOrden: string | null; ocApproved: boolean };
export type Model = {
  orders: MOrder[]; requests: MRequest[]; milestones: Map<number, (string | null)[]>;
  /** Transfer requests (`/traslado_materiales`): the groups asked for, as `numero_orden|codigo`. */
  transferRequested: Set<string>;
};

export const emptyModel = (): Model => ({ orders: [], requests: [], milestones: new Map(), transferRequested: new Set() });


// The world a simulated month runs in: the demo data (the eight demo profiles signed in through
// the real captcha), a few machines and two catalogue materials of the test's own at the first
// active site, the SICAM simulator with its fault knobs, and the worker's SICAM push run when the
// model says "the worker runs" (deterministic: no polling). Every call goes through the HTTP API
// and is checked on its way back: never a 5xx, every refusal a 4xx with a Spanish message.

export const PROFILES = ['root', 'admin', 'jefe', 'supervisor', 'mecanico', 'asistente', 'almacen.central', 'almacen.obra'] as const;
export type Profile = (typeof PROFILES)[number];

const log = createLogger({}, true);
const metadata = { userId: null, requestId: 'model-fixture' };

/** One call as a step made it, for the violation report. */
export type CallRecord = { as: Profile; method: string; path: string; status: number; msg: string };

export class Violation extends Error {}

/** Words only a Spanish message has (a refusal must read as Spanish to the user). */
const SPANISH = /[áéíóúñ¿¡]|\b(el|la|los|las|de|del|no|un|una|ya|en|que|se|debe|ingrese|seleccione|solo|puede|es|su|sin|por|para|con|al)\b/i;
export const isSpanish = (msg: unknown) => typeof msg === 'string' && msg.trim().length > 0 && SPANISH.test(msg) && !/\b(the|is|not|error|invalid|failed|cannot|must)\b/i.test(msg);

export type WorldSite = { id: number; codigo: string; nombre: string; base: string; operador: number; mecanico: number };
/** A machine's meter: its registered reading, the highest reading of its logs and work orders, the
 * next free log slot (slot n: day n ÷ 2 after LOG_EPOCH, shift n mod 2 + 1) and the last one used. */
export type MachineMeter = { equipo: number | null; reading: number | null; slot: number; last: number | null };
export type WorldPlan = { id_plan: number; nombre: string; unidad: 'horas' | 'dias'; intervalo: number; ultimo_valor: number | null; ultima_fecha: string | null; codigo: string };

export class World {
  sim!: SicamSimServer;
  sicam!: SicamClient;
  tokens = {} as Record<Profile, string>;
  site = { id: 0, codigo: '' };
  machines: number[] = [];
  // ---- Sites, meters, PM plans and renamed masters (issue 28: seeds 000-001 in the month) ----
  /** The demo sites orders open on (the first is `site`): machine i stands on site i % sites.length,
   * with an operator and a mechanic who work there. */
  sites: WorldSite[] = [];
  /** Each machine's meter as the model expects it (by machine index). */
  meters: MachineMeter[] = [];
  /** Each machine's own PM plans as saved (by machine index, then id_plan). */
  plans: Map<number, WorldPlan>[] = [];
  /** The plans removed from each machine (by machine index). */
  removedPlans: Set<number>[] = [];
  /** The functional group's name as last saved (renames). */
  grupoNombre = '';
  /** How many renames and new materials so far (their names and codes). */
  renames = 0;
  siteOf(machine: number): WorldSite {
    return this.sites[(machine % this.machines.length) % this.sites.length];
  }
  /** The machine's current meter as the product documents it (equipo_medidor, migrations 0050 and
   * 0091): the highest reading of its logs and work orders, or its registered reading when that is
   * not lower (a tie goes to the registered one); null when it has none. */
  expectedMeter(machine: number): number | null {
    const m = this.meters[machine % this.machines.length];
    if (m.reading === null) return m.equipo;
    return m.equipo === null ? m.reading : Math.max(m.equipo, m.reading);
  }
  // ---- end ----
  materials: { id: number; codigo: string; nombre: string }[] = [];
  people = { operador: 0, mecanico: 0, supervisor: 0, und: 0, grupo: 0, elemento: 0, tipo: 0 };
  /** The calls of the current step (cleared by the runner before each). */
  calls: CallRecord[] = [];
  /** Counts of outcomes per call kind, for the run's summary. */
  outcomes = new Map<string, number>();
  private serial = 0;

  constructor(readonly api: TestApi, readonly tag: string) {}

  async setup() {
    this.sim = await startSicamSim({
      port: 0, host: '127.0.0.1',
      knobs: { latencyMs: 0, failRate: 0, failNext: 0, refuseNext: 0, outage: false, loseReplyRate: 0, approvalAfterS: -1, approvedAfterS: -1, materialsAfterS: -1 },
    });
    this.sicam = createSicamClient({ url: this.sim.url, timeoutMs: 2000 });
    (this.api.deps as { sicam: unknown }).sicam = this.sicam;
    for (const p of PROFILES) this.tokens[p] = await this.api.login(`${p}@faena.pe`);
    const sql = this.api.sql;
    const one = async (q: Promise<{ id: number }[]>) => Number((await q)[0].id);
    // Two active demo sites, each with an operator and a mechanic who work there (the demo
    // accounts work on every site: all_works).
    const worksAt = (site: number) => sql`(u.all_works = 1 OR u.id_obra = ${site} OR EXISTS (SELECT 1 FROM rm_user_obras uo WHERE uo.id_user = u.id AND uo.id_obra = ${site} AND uo.estado = 1))`;
    for (const o of await sql<{ id: number; codigo: string; nombre: string }[]>`SELECT id::int, codigo, nombre FROM rm_obras WHERE estado = 1 AND codigo <> '' ORDER BY id`) {
      const [op] = await sql<{ id: number }[]>`SELECT u.id::int FROM rm_users u WHERE u.id_role = 11 AND u.estado = 1 AND ${worksAt(o.id)} ORDER BY u.id LIMIT 1`;
      const [me] = await sql<{ id: number }[]>`SELECT u.id::int FROM rm_users u WHERE u.id_role = 14 AND u.estado = 1 AND ${worksAt(o.id)} ORDER BY u.id LIMIT 1`;
      if (op && me) this.sites.push({ ...o, base: o.nombre, operador: op.id, mecanico: me.id });
      if (this.sites.length === 2) break;
    }
    if (this.sites.length < 2) throw new Error('the demo has fewer than two active sites with an operator and a mechanic');
    this.site = { id: this.sites[0].id, codigo: this.sites[0].codigo };
    this.people.und = await one(sql`SELECT id FROM rm_unidades WHERE nombre = 'UND'`);
    this.people.operador = this.sites[0].operador;
    this.people.mecanico = this.sites[0].mecanico;
    this.people.supervisor = await one(sql`SELECT id FROM rm_users WHERE email = 'supervisor@faena.pe'`);
    const t = this.tag.toUpperCase();
    this.people.grupo = (await createRecord(this.api.store, 'grupo_funcional', { sigla: `M${t}`.slice(0, 6), nombre: `Sistema modelo ${t}`, estado: 1 }, { metadata })).id;
    this.grupoNombre = `Sistema modelo ${t}`;
    this.people.elemento = (await createRecord(this.api.store, 'grupo_funcional_elemento', { numero: '95.01', nombre: `Elemento modelo ${t}`, id_grupo_funcional: this.people.grupo, id_padre: null, estado: 1 }, { metadata })).id;
    this.people.tipo = (await createRecord(this.api.store, 'material_tipo', { codigo: `M${t}`.slice(0, 6), nombre: `Repuestos modelo ${t}`, estado: 1 }, { metadata })).id;
    await createRecord(this.api.store, 'conversion_unidad', { id_material_tipo: this.people.tipo, id_unidad: this.people.und, valor: 1, estado: 1 }, { metadata });
    for (const [i, nombre] of ['Filtro modelo', 'Rodillo modelo'].entries()) {
      const codigo = `MDL-${t}-${i + 1}`;
      const id = (await createRecord(this.api.store, 'material', { id_material_tipo: this.people.tipo, codigo, nombre: `${nombre} ${t}`, estado: 1 }, { metadata })).id;
      this.materials.push({ id, codigo, nombre: `${nombre} ${t}` });
    }
    for (let i = 0; i < 4; i++) this.machines.push(await createPlainMachine(this.api.store, sql, this.sites[i % this.sites.length].id, `MDL-${t}-EQ${i + 1}`));
    for (const id of this.machines) {
      const [m] = await sql<{ horometro: number }[]>`SELECT horometro FROM rm_equipo_medidores WHERE id_equipo = ${id}`;
      this.meters.push({ equipo: m ? Number(m.horometro) : null, reading: null, slot: 0, last: null });
      this.plans.push(new Map());
      this.removedPlans.push(new Set());
    }
  }

  async close() {
    await this.sim?.close();
  }

  next() {
    return ++this.serial;
  }

  /** A call as `as`; any 5xx, or a refusal without a Spanish message, is a violation. */
  async call(as: Profile, method: 'GET' | 'POST', path: string, o: Parameters<TestApi['call']>[2] = {}): Promise<Reply> {
    const r = await this.api.call(method, path, { token: this.tokens[as], ...o });
    this.calls.push({ as, method, path, status: r.status, msg: String(r.body?.msg ?? '') });
    const key = `${path} ${r.status}`;
    this.outcomes.set(key, (this.outcomes.get(key) ?? 0) + 1);
    if (r.status >= 500) throw new Violation(`${as} ${method} ${path} answered ${r.status}: ${JSON.stringify(r.body).slice(0, 300)}`);
    if (r.status >= 400 && !isSpanish(r.body?.msg)) throw new Violation(`${as} ${method} ${path} refused (${r.status}) without a Spanish message: ${JSON.stringify(r.body).slice(0, 300)}`);
    return r;
  }

  /** A call the model expects to succeed. */
  async ok(as: Profile, method: 'GET' | 'POST', path: string, o: Parameters<TestApi['call']>[2] = {}): Promise<Reply['body']> {
    const r = await this.call(as, method, path, o);
    if (r.status !== 200) throw new Violation(`${as} ${method} ${path} ${JSON.stringify(o.json ?? o.query ?? {})} was refused (${r.status}) though the model allows it: ${r.body.msg} ${JSON.stringify(r.body.errors ?? {})}`);
    return r.body;
  }

  /** A call the model expects to be refused: a 4xx (with its Spanish message, checked by `call`). */
  async refused(as: Profile, method: 'GET' | 'POST', path: string, o: Parameters<TestApi['call']>[2] = {}): Promise<Reply> {
    const r = await this.call(as, method, path, o);
    if (r.status < 400) throw new Violation(`${as} ${method} ${path} ${JSON.stringify(o.json ?? {})} was accepted though the model refuses it: ${JSON.stringify(r.body).slice(0, 300)}`);
    return r;
  }

  /** The worker's SICAM push, once over the queued pushes of `requests` (the demo's own stay queued). */
  async runPushes(requests: number[]): Promise<number> {
    if (!requests.length) return 0;
    const keys = requests.map((id) => `request-${id}`);
    const jobs = await this.api.sql<{ id: string; data: never; retry_count: number; retry_limit: number }[]>`
      SELECT id::text, data, retry_count, retry_limit FROM pgboss.job
       WHERE name = ${SICAM_PUSH_QUEUE} AND singleton_key IN ${this.api.sql(keys)} AND state IN ('created', 'retry') ORDER BY created_on`;
    for (const job of jobs) {
      let outcome: string;
      try {
        outcome = await runSicamPush({ store: this.api.store, sicam: this.sicam, log }, { data: job.data, retryCount: job.retry_count, retryLimit: job.retry_limit });
      } catch {
        // A retryable failure: pg-boss would retry it later (the job stays queued with one more try).
        await this.api.sql`UPDATE pgboss.job SET state = 'retry', retry_count = retry_count + 1, start_after = now() WHERE name = ${SICAM_PUSH_QUEUE} AND id = ${job.id}::uuid`;
        continue;
      }
      void outcome;
      await this.api.sql`UPDATE pgboss.job SET state = 'completed', completed_on = now() WHERE name = ${SICAM_PUSH_QUEUE} AND id = ${job.id}::uuid`;
    }
    return jobs.length;
  }

  /** The chain's reactors (the OT follows its request; a request whose products are all issued
   * finishes), the traceability projection and the PM plans' (the board reads them) follow the log
   * to its end, as the projector would. */
  async catchUp() {
    for (let moved = true; moved; ) {
      moved = false;
      await waitForLogReadable(this.api.sql);
      for (const reactor of [workOrderFollowsRequest, finalizeRequest]) {
        let from = await readCheckpoint(this.api.sql, reactorCheckpoint(reactor.name));
        for (;;) {
          const batch = await processReactorBatch(this.api.sql, this.api.store, reactor, from);
          if (batch.read === 0 || !batch.to) break;
          if (batch.applied.length) moved = true;
          from = batch.to;
        }
      }
    }
    await catchUpProjections(this.api.sql, this.api.store, [traceabilityProjection, pmPlansProjection]);
  }

  /** The purchasing system's Excel of entries: rows of (code, quantity) under one order number. */
  async entriesWorkbook(numeroOrden: string, rows: { codigo: string; cantidad: number }[], codigoObra = this.site.codigo): Promise<FormData> {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Ingresos');
    ws.addRow(['Código Obra', 'Código Recurso', 'Descripción Recurso', 'Unidad', 'Albarán', 'Cantidad', 'Número Orden Compra']);
    for (const r of rows) ws.addRow([codigoObra, r.codigo, `Recurso ${r.codigo}`, 'UND', `ALB-${this.next()}`, r.cantidad, numeroOrden]);
    const form = new FormData();
    form.append('archivo', new File([new Uint8Array(await wb.xlsx.writeBuffer())], `ingresos-${this.next()}.xlsx`));
    return form;
  }
}
