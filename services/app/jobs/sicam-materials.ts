// The material-creation link with SICAM (issue 16; docs/modules/sicam.md, "Material creation"):
// when the site warehouse attends a Pedido with lines asking for a new material, the decider
// records MaterialCreationRequested and the push is queued in the same transaction; this worker
// sends it exactly once (the event's id is SICAM's idempotency key), records the outcome on the
// work order, and the periodic status pull creates each material SICAM reports created in the
// catalogue (`type_generation` 2) and links it to its line, both in one transaction. The same
// shape as the purchase-request push in ./sicam.ts, with its own queues and bookkeeping table.
import { randomUUID } from 'node:crypto';
import type { JobWithMetadata, PgBoss, Queue, SendOptions } from 'pg-boss';
import type { Sql, TransactionSql } from 'postgres';
import { fold } from '../../../events/decider';
import { CommandRejected } from '../../../events/errors';
import { execute, executeOn } from '../../../events/execute';
import { recordAggregate } from '../../../events/record/commands';
import { streamIdOf, type EventStore } from '../../../events/store';
import type { RecordedEvent } from '../../../events/types';
import { canResendMaterials, MSG_NO_MATERIAL_REQUEST, workOrders } from '../../../events/work-order/decider';
import type { MaterialCreationLine, WorkOrderEvent, WorkOrderState } from '../../../events/work-order/types';
import { txDb } from '../../shared/boss';
import { attemptSicam, sicamJobQueues, sicamJobRetries } from './sicam-outbox';
import type { Logger } from '../../shared/logger';
import { SicamError, type SicamClient, type SicamMaterialStatus } from '../../shared/sicam-client';

/** Pushes of material-creation requests: one live job per work order (queue policy `exclusive`). */
export const SICAM_MATERIALS_PUSH_QUEUE = 'sicam-materials-push';
/** Material pushes pg-boss gave up on without an outcome: their handler records the failure. */
export const SICAM_MATERIALS_PUSH_FAILED_QUEUE = 'sicam-materials-push-failed';

export const MSG_MATERIALS_PUSH_IN_PROGRESS = 'El envío a SICAM de la solicitud de materiales ya está en curso';
export const MSG_MATERIALS_PUSH_INTERRUPTED = 'El envío a SICAM se interrumpió sin respuesta; reenvíe la solicitud de materiales';
export const MSG_MATERIALS_NO_TYPE = 'SICAM creó el material sin tipo de material y la fila tampoco lo tiene';

/** The queues and their policies, in creation order (the dead-letter queue before its source). */
export const SICAM_MATERIALS_QUEUE_OPTIONS: [string, Omit<Queue, 'name'>][] = sicamJobQueues(SICAM_MATERIALS_PUSH_QUEUE, SICAM_MATERIALS_PUSH_FAILED_QUEUE);

/** Retries as the purchase-request push (SICAM_PUSH_OPTIONS): 9 attempts over about six minutes. */
export const SICAM_MATERIALS_PUSH_OPTIONS: SendOptions = sicamJobRetries(SICAM_MATERIALS_PUSH_FAILED_QUEUE);

/** What a push job carries: the order, the key (the MaterialCreationRequested event id, the same
 * for every retry and resend) and the body. */
export type MaterialsPushJob = { id_orden_trabajo: number; key: string; body: Record<string, unknown> };
/** `series`: one id per enqueue; the failure it ends with is recorded once under it. */
type PushJobData = MaterialsPushJob & { series: string };

export type SicamMaterialsDeps = { store: EventStore; boss: PgBoss; sicam: SicamClient; log?: Logger };

/** The MaterialCreationRequested event among a command's events (`within`'s second argument). */
export function materialsRequestOf(events: readonly RecordedEvent[]): RecordedEvent | undefined {
  return events.find((e) => e.type === 'MaterialCreationRequested');
}

/** The key of the order's material push: the MaterialCreationRequested event's id, or null when
 * the command asked for no material (a Pedido saved without `terminado`, or without such lines). */
export function materialsKeyOf(events: readonly RecordedEvent[]): string | null {
  return materialsRequestOf(events)?.id ?? null;
}

/** What SICAM receives for a material-creation request (docs/modules/sicam.md): the order's code
 * and site, and per line its id, description, unit name and material type (id, code and name).
 * Read in the attending transaction after the inline projections ran. */
export async function materialsBody(db: Sql | TransactionSql, idOrden: number, lineas: readonly MaterialCreationLine[]): Promise<Record<string, unknown>> {
  const [o] = await db<{ codigo: string; obra: string }[]>`SELECT codigo, ob_codigo AS obra FROM rm_ordenes_trabajo WHERE id = ${idOrden}`;
  const unitIds = [...new Set(lineas.map((l) => l.id_unidad).filter((x): x is number => x !== null))];
  const typeIds = [...new Set(lineas.map((l) => l.id_material_tipo).filter((x): x is number => x !== null))];
  const units = new Map(
    (unitIds.length ? await db<{ id: number; nombre: string }[]>`SELECT id::int, nombre FROM rm_unidades WHERE id IN ${db(unitIds)}` : []).map((u) => [u.id, u.nombre]),
  );
  const types = new Map(
    (typeIds.length ? await db<{ id: number; codigo: string; nombre: string }[]>`SELECT id::int, codigo, nombre FROM rm_material_tipos WHERE id IN ${db(typeIds)}` : []).map((t) => [t.id, t]),
  );
  return {
    id_orden_trabajo: idOrden,
    codigo_ot: o?.codigo ?? '',
    obra: o?.obra ?? '',
    lineas: lineas.map((l) => {
      const type = l.id_material_tipo === null ? undefined : types.get(l.id_material_tipo);
      return {
        id_linea: l.line_id,
        descripcion: l.descripcion,
        unidad: (l.id_unidad !== null && units.get(l.id_unidad)) || '',
        tipo: l.id_material_tipo,
        tipo_codigo: type?.codigo ?? '',
        tipo_nombre: type?.nombre ?? '',
      };
    }),
  };
}

/** Queues the push of an order's material-creation request. Inside `tx` (the attending
 * transaction, through `execute`'s `within`) the job and its row commit or roll back with the
 * events. The first key and body are kept and every later push (a resend) sends them unchanged.
 * While a push of the order is queued or running another is not queued: the answer is then null. */
export async function enqueueMaterialsPush(boss: PgBoss, job: MaterialsPushJob, tx?: TransactionSql, options: SendOptions = {}): Promise<string | null> {
  const db = tx ? txDb(tx) : boss.getDb();
  const { rows: [first] } = await db.executeSql(
    `INSERT INTO sicam_material_pushes (id_orden_trabajo, key, body) VALUES ($1, $2::text::uuid, $3::text::jsonb)
     ON CONFLICT (id_orden_trabajo) DO UPDATE SET updated_at = now()
     RETURNING key::text AS key, body`,
    [job.id_orden_trabajo, job.key, JSON.stringify(job.body)],
  );
  const data: PushJobData = { id_orden_trabajo: job.id_orden_trabajo, key: first.key, body: first.body, series: randomUUID() };
  const send: SendOptions = { ...SICAM_MATERIALS_PUSH_OPTIONS, ...options, singletonKey: `materials-${job.id_orden_trabajo}`, db };
  if (send.retryBackoff !== true) delete send.retryDelayMax; // pg-boss takes a maximum only with backoff
  return boss.send(SICAM_MATERIALS_PUSH_QUEUE, data, send);
}

/** The whole step for a command's `within`: when its events asked for materials, the body is
 * built and the push queued in the same transaction (the Pedido's "Atendido"). */
export async function enqueueRequestedMaterials(boss: PgBoss, tx: TransactionSql, events: readonly RecordedEvent[], options: SendOptions = {}): Promise<string | null> {
  const requested = materialsRequestOf(events);
  if (!requested) return null;
  const data = requested.data as { id: number; lineas: MaterialCreationLine[] };
  return enqueueMaterialsPush(boss, { id_orden_trabajo: Number(data.id), key: requested.id, body: await materialsBody(tx, Number(data.id), data.lineas) }, tx, options);
}

async function loadOrder(store: EventStore, id: number) {
  const events = (await store.readStream(streamIdOf(workOrders.streamType, id))) as RecordedEvent<WorkOrderEvent>[];
  const state: WorkOrderState = fold(workOrders.decider, events);
  return { events, state, version: events.length ? events[events.length - 1].version : 0 };
}

function lastRequest(events: RecordedEvent<WorkOrderEvent>[]): RecordedEvent<WorkOrderEvent> | undefined {
  for (let i = events.length - 1; i >= 0; i--) if (events[i].type === 'MaterialCreationRequested') return events[i];
  return undefined;
}

/** Queues the push again with the same key and body (the resend of a failed push). Refused with
 * the decider's reason (canResendMaterials: none asked, or already sent) or while a push of the
 * order is queued or running. An order whose row is missing (attended before the push was
 * queued) gets its body built now, under the request's key. */
export async function resendMaterials(deps: Pick<SicamMaterialsDeps, 'store' | 'boss'>, idOrden: number, options: SendOptions = {}): Promise<{ jobId: string }> {
  const { state, events } = await loadOrder(deps.store, idOrden);
  const refusal = canResendMaterials(state);
  if (refusal) throw new CommandRejected(refusal, {}, state.status === 'absent' ? 404 : 409);
  const request = lastRequest(events);
  if (!request || !state.materiales) throw new CommandRejected(MSG_NO_MATERIAL_REQUEST, {}, 409);
  const [row] = await deps.store.sql<{ body: Record<string, unknown> }[]>`SELECT body FROM sicam_material_pushes WHERE id_orden_trabajo = ${idOrden}`;
  const body = row?.body ?? (await materialsBody(deps.store.sql, idOrden, state.materiales.lineas));
  const jobId = await enqueueMaterialsPush(deps.boss, { id_orden_trabajo: idOrden, key: request.id, body }, undefined, options);
  if (!jobId) throw new CommandRejected(MSG_MATERIALS_PUSH_IN_PROGRESS, {}, 409);
  return { jobId };
}

export type MaterialsPushOutcome = 'sent' | 'failed' | 'skipped';

/** One attempt of a push job. SICAM accepted: MaterialCreationSentToSicam (command id from the
 * key: recorded once however often the reply arrives). SICAM refused (4xx): MaterialCreationSicamFailed
 * with SICAM's reason, and the job ends. SICAM unavailable: thrown, pg-boss retries; the last
 * attempt records the failure with the client's reason. An order already sent is not pushed. */
export async function runMaterialsPush(deps: Omit<SicamMaterialsDeps, 'boss'>, job: Pick<JobWithMetadata<PushJobData>, 'data' | 'retryCount' | 'retryLimit'>): Promise<MaterialsPushOutcome> {
  const { id_orden_trabajo: id, key, body, series } = job.data;
  const { state, events } = await loadOrder(deps.store, id);
  if (state.status === 'absent' || !state.materiales || state.materiales.estado === 'enviado') {
    deps.log?.info('SICAM materials push skipped', { id, reason: !state.materiales ? 'nothing requested' : 'already sent' });
    return 'skipped';
  }
  const correlationId = lastRequest(events)?.metadata.correlationId;
  const reply = await attemptSicam(job, () => deps.sicam.pushMaterials(key, body), async (error, attempts) => {
    await recordFailure(deps, id, series, error.message, attempts, { correlationId, causationId: key });
    deps.log?.warn('SICAM materials push failed', { id, attempts, reason: error.message, status: error.status });
  });
  if (!reply) return 'failed';
  const idSicam = String(reply.id_sicam);
  await executeOn(deps.store, workOrders, id, { type: 'RecordMaterialsSent', idSicam }, {
    commandId: `sicam-materials-sent:${key}`,
    metadata: { correlationId, causationId: key },
    within: async (tx) => {
      await tx`UPDATE sicam_material_pushes SET id_sicam = ${idSicam}, updated_at = now() WHERE id_orden_trabajo = ${id}`;
    },
  });
  return 'sent';
}

async function recordFailure(deps: Pick<SicamMaterialsDeps, 'store' | 'log'>, id: number, series: string, reason: string, attempts: number, metadata: { correlationId?: string; causationId: string }) {
  try {
    await executeOn(deps.store, workOrders, id, { type: 'RecordMaterialsFailed', reason, attempts }, { commandId: `sicam-materials-failed:${series}`, metadata });
  } catch (error) {
    if (!(error instanceof CommandRejected)) throw error;
    deps.log?.warn('SICAM materials failure not recorded', { id, reason: error.message });
  }
}

/** The dead-letter handler: a push whose last attempt ended without an outcome. */
export async function recordInterruptedMaterialsPush(deps: Pick<SicamMaterialsDeps, 'store' | 'log'>, job: Pick<JobWithMetadata<PushJobData>, 'data' | 'sourceRetryCount'>) {
  const { id_orden_trabajo: id, key, series } = job.data;
  await recordFailure(deps, id, series, MSG_MATERIALS_PUSH_INTERRUPTED, (job.sourceRetryCount ?? 0) + 1, { causationId: key });
}

type CreatedLine = SicamMaterialStatus['materiales'][number] & { codigo: string };

/** One line SICAM reports created, in one transaction: the catalogue's material (the `material`
 * record stream the /materiales CRUD writes, `type_generation` 2, SICAM's code and name, the
 * line's type and unit), or the catalogue's material of that code when one exists already, and
 * RequestedMaterialCreated on the order. The command id is the order's line: two pullers store
 * it once. Answers the events written (0 when it was done already). */
async function createLineMaterial(deps: Pick<SicamMaterialsDeps, 'store' | 'log'>, idOrden: number, line: MaterialCreationLine, created: CreatedLine, idSicam: string): Promise<number> {
  const idMaterialTipo = created.id_material_tipo ?? line.id_material_tipo;
  if (idMaterialTipo === null) {
    deps.log?.warn('SICAM material not created', { id: idOrden, line: line.line_id, reason: MSG_MATERIALS_NO_TYPE });
    return 0;
  }
  const nombre = (created.nombre ?? '').trim() || line.descripcion;
  const r = await execute(deps.store, async (c) => {
    const order = await c.load(workOrders, idOrden);
    const current = order.state.lines.productos_solicitados[String(line.line_id)];
    if (!current || current.id_material) return;
    const [existing] = await c.tx<{ id: number }[]>`SELECT id::int FROM rm_materiales WHERE lower(codigo) = lower(${created.codigo}) ORDER BY id LIMIT 1`;
    let idMaterial = existing?.id;
    if (!idMaterial) {
      idMaterial = await c.nextId('material');
      c.start(recordAggregate('material'), idMaterial).decide({
        type: 'CreateRecord',
        id: idMaterial,
        fields: {
          id_material_tipo: idMaterialTipo, codigo: created.codigo, nombre, id_unidad: line.id_unidad, type_generation: 2,
          fecha_creado: new Date().toISOString(), estado: 1,
        },
      });
    }
    order.decide({ type: 'LinkCreatedMaterial', lineId: line.line_id, idMaterial, codigo: created.codigo, descripcion: nombre, idMaterialTipo });
  }, { commandId: `sicam-material-created:${idOrden}:${line.line_id}:${idSicam}`, metadata: { causationId: `sicam-materials:${idSicam}` } });
  return r.idempotent ? 0 : r.events.length;
}

/** Reads one order's material request in SICAM and creates what SICAM created since. */
async function pullOne(deps: Pick<SicamMaterialsDeps, 'store' | 'sicam' | 'log'>, idOrden: number): Promise<number> {
  const { state } = await loadOrder(deps.store, idOrden);
  const m = state.materiales;
  if (state.status === 'absent' || !m || m.estado !== 'enviado' || !m.id_sicam) return 0;
  const pending = m.lineas.filter((l) => {
    const line = state.lines.productos_solicitados[String(l.line_id)];
    return line && !line.id_material;
  });
  if (!pending.length) return 0;
  const status = await deps.sicam.materialsStatus(Number(m.id_sicam));
  const byLine = new Map(status.materiales.filter((x): x is CreatedLine => Boolean(x.codigo)).map((x) => [Number(x.id_linea), x]));
  let written = 0;
  for (const line of pending) {
    const created = byLine.get(line.line_id);
    if (created) written += await createLineMaterial(deps, idOrden, line, created, m.id_sicam);
  }
  return written;
}

export type MaterialsPullResult = { polled: number; events: number; failed: number };

/** The material part of the status pull. With `idOrden`: that order (SICAM's failures come back
 * as a CommandRejected with the client's message, 502). Without: every order whose request was
 * sent and whose lines are not all created, a few at a time; one order's failure is logged and
 * the rest go on. A pull that finds nothing new writes nothing. */
export async function pullMaterialsStatus(deps: Pick<SicamMaterialsDeps, 'store' | 'sicam' | 'log'>, idOrden?: number): Promise<MaterialsPullResult> {
  if (idOrden !== undefined) {
    try {
      return { polled: 1, events: await pullOne(deps, idOrden), failed: 0 };
    } catch (error) {
      if (error instanceof SicamError) throw new CommandRejected(error.message, {}, 502);
      throw error;
    }
  }
  const rows = await deps.store.sql<{ id: number }[]>`
    SELECT id::int FROM rm_ordenes_trabajo WHERE materiales_estado = 'enviado' AND creacion_materiales_atendidos = 0 ORDER BY id`;
  const result: MaterialsPullResult = { polled: 0, events: 0, failed: 0 };
  let next = 0;
  const lane = async () => {
    while (next < rows.length) {
      const id = rows[next++].id;
      try {
        const written = await pullOne(deps, id);
        result.events += written; // after the await: `x += await …` would add to a stale total
        result.polled += 1;
      } catch (error) {
        result.failed += 1;
        deps.log?.warn('SICAM materials pull failed', { id, error: (error as Error).message });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(8, rows.length) }, lane));
  return result;
}

/** Registers the material push and dead-letter handlers (the pull runs in the SICAM pull job). */
export async function startSicamMaterialsWorker(boss: PgBoss, deps: Omit<SicamMaterialsDeps, 'boss'> & { log: Logger }, options: { batchSize?: number; localConcurrency?: number } = {}) {
  const log = deps.log;
  await boss.work(
    SICAM_MATERIALS_PUSH_QUEUE,
    { includeMetadata: true, perJobResults: true, batchSize: options.batchSize ?? 10, localConcurrency: options.localConcurrency ?? 1, pollingIntervalSeconds: 0.5 },
    async (jobs: JobWithMetadata<PushJobData>[]) =>
      Promise.all(
        jobs.map(async (job) => {
          try {
            return { id: job.id, status: 'completed' as const, output: { outcome: await runMaterialsPush(deps, job) } };
          } catch (error) {
            log.info('SICAM materials push will be retried', { id: job.data.id_orden_trabajo, attempt: job.retryCount + 1, error: (error as Error).message });
            return { id: job.id, status: 'failed' as const, output: { message: (error as Error).message } };
          }
        }),
      ),
  );
  await boss.work(SICAM_MATERIALS_PUSH_FAILED_QUEUE, { includeMetadata: true, pollingIntervalSeconds: 2 }, async ([job]: JobWithMetadata<PushJobData>[]) => {
    await recordInterruptedMaterialsPush(deps, job);
  });
}
