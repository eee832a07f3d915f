// The material-creation link with SICAM (issue 16; docs/modules/sicam.md, "Material creation"):
// when the site warehouse attends a Pedido with lines asking for a new material, the decider
// records MaterialCreationRequested and the push is queued in the same transaction; this worker
// sends it exactly once (the event's id is SICAM's idempotency key), records the outcome on the
// work order, and the periodic status pull creates each material SICAM reports created in the
// catalogue (`type_generation` 2) and links it to its line, both in one transaction. The same
// kind of push as the purchase request's (./sicam.ts), declared for the one pusher (./sicam-push.ts)
// with its own queues and bookkeeping table.
import type { JobWithMetadata, PgBoss, Queue, SendOptions } from 'pg-boss';
import type { Sql, TransactionSql } from 'postgres';
import { SicamUnavailable } from '../../../events/errors';
import { execute, executeOn } from '../../../events/execute';
import { recordAggregate } from '../../../events/record/commands';
import { streamIdOf, type EventStore } from '../../../events/store';
import type { RecordedEvent } from '../../../events/types';
import { refuseMaterialsPushRunning, refuseMaterialsResend, workOrders } from '../../../events/work-order/decider';
import type { MaterialCreationLine } from '../../../events/work-order/types';
import type { Logger } from '../../shared/logger';
import { SicamError, type SicamMaterialStatus } from '../../shared/sicam-client';
import {
  enqueueWithBody, keptBody, loadPushed, pullEach, pushQueues, pushRetries, recordInterrupted, recordOutcome, runPush, startPushWorker,
  type PushAttempt, type PushKind, type PullResult, type PushRow, type SicamJobDeps,
} from './sicam-push';

/** Pushes of material-creation requests: one live job per work order (queue policy `exclusive`). */
export const SICAM_MATERIALS_PUSH_QUEUE = 'sicam-materials-push';
/** Material pushes pg-boss gave up on without an outcome: their handler records the failure. */
export const SICAM_MATERIALS_PUSH_FAILED_QUEUE = 'sicam-materials-push-failed';

export const MSG_MATERIALS_PUSH_INTERRUPTED = 'El envío a SICAM se interrumpió sin respuesta; reenvíe la solicitud de materiales';
export const MSG_MATERIALS_NO_TYPE = 'SICAM creó el material sin tipo de material y la fila tampoco lo tiene';

/** Retries as the purchase-request push (SICAM_PUSH_OPTIONS): 9 attempts over about six minutes. */
export const SICAM_MATERIALS_PUSH_OPTIONS: SendOptions = pushRetries(SICAM_MATERIALS_PUSH_FAILED_QUEUE);

/** What a push job carries: the order, the key (the MaterialCreationRequested event id, the same
 * for every retry and resend) and the body. */
export type MaterialsPushJob = { id_orden_trabajo: number; key: string; body: Record<string, unknown> };
/** `series`: one id per enqueue; the failure it ends with is recorded once under it. */
type PushJobData = MaterialsPushJob & { series: string };

export type SicamMaterialsDeps = SicamJobDeps;

const PUSH_ROW: PushRow = { table: 'sicam_material_pushes', column: 'id_orden_trabajo' };

/** The order's stream, with its last material request (the push's key). */
function loadOrder(store: EventStore, id: number) {
  return loadPushed(store, workOrders, id, 'MaterialCreationRequested');
}

/** The push of a material-creation request (./sicam-push.ts). SICAM accepted:
 * MaterialCreationSentToSicam (command id from the key: recorded once however often the reply
 * arrives). A failure: MaterialCreationSicamFailed, once per series. An order already sent is not
 * pushed. */
export const materialsPush: PushKind<PushJobData, { id_sicam: number | string }> = {
  label: 'SICAM materials push',
  queue: SICAM_MATERIALS_PUSH_QUEUE,
  failedQueue: SICAM_MATERIALS_PUSH_FAILED_QUEUE,
  interrupted: MSG_MATERIALS_PUSH_INTERRUPTED,
  singletonKey: (job) => `materials-${job.id_orden_trabajo}`,
  logFields: (job) => ({ id: job.id_orden_trabajo }),
  streamOf: (job) => streamIdOf(workOrders.streamType, job.id_orden_trabajo),
  async prepare(deps, job) {
    const { state, request } = await loadOrder(deps.store, job.id_orden_trabajo);
    if (state.status === 'absent' || !state.materiales || state.materiales.estado === 'enviado') return { skip: !state.materiales ? 'nothing requested' : 'already sent' };
    return { correlationId: request?.metadata.correlationId };
  },
  call: (sicam, job) => sicam.pushMaterials(job.key, job.body),
  async recordSent(deps, job, reply, metadata) {
    const id = job.id_orden_trabajo;
    const idSicam = String(reply.id_sicam);
    await executeOn(deps.store, workOrders, id, { type: 'RecordMaterialsSent', idSicam }, {
      commandId: `sicam-materials-sent:${job.key}`,
      metadata,
      within: async (tx) => {
        await tx`UPDATE sicam_material_pushes SET id_sicam = ${idSicam}, updated_at = now() WHERE id_orden_trabajo = ${id}`;
      },
    });
    return 'sent';
  },
  recordFailed: (deps, job, reason, attempts, metadata) =>
    recordOutcome(deps, 'SICAM materials push', { id: job.id_orden_trabajo }, () =>
      executeOn(deps.store, workOrders, job.id_orden_trabajo, { type: 'RecordMaterialsFailed', reason, attempts }, { commandId: `sicam-materials-failed:${job.series}`, metadata }),
    ),
};

/** The queues and their policies, in creation order (the dead-letter queue before its source). */
export const SICAM_MATERIALS_QUEUE_OPTIONS: [string, Omit<Queue, 'name'>][] = pushQueues(materialsPush);

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
export function enqueueMaterialsPush(boss: PgBoss, job: MaterialsPushJob, tx?: TransactionSql, options: SendOptions = {}): Promise<string | null> {
  return enqueueWithBody(boss, materialsPush, PUSH_ROW, job.id_orden_trabajo, job, tx, options);
}

/** The whole step for a command's `within`: when its events asked for materials, the body is
 * built and the push queued in the same transaction (the Pedido's "Atendido"). */
export async function enqueueRequestedMaterials(boss: PgBoss, tx: TransactionSql, events: readonly RecordedEvent[], options: SendOptions = {}): Promise<string | null> {
  const requested = materialsRequestOf(events);
  if (!requested) return null;
  const data = requested.data as { id: number; lineas: MaterialCreationLine[] };
  return enqueueMaterialsPush(boss, { id_orden_trabajo: Number(data.id), key: requested.id, body: await materialsBody(tx, Number(data.id), data.lineas) }, tx, options);
}

/** Queues the push again with the same key and body (the resend of a failed push). Refused by
 * the decider (refuseMaterialsResend: none asked, or already sent; refuseMaterialsPushRunning: a
 * push of the order is queued or running). An order whose row is missing (attended before the
 * push was queued) gets its body built now, under the request's key. */
export async function resendMaterials(deps: Pick<SicamMaterialsDeps, 'store' | 'boss'>, idOrden: number, options: SendOptions = {}): Promise<{ jobId: string }> {
  const { state, request } = await loadOrder(deps.store, idOrden);
  const { key, lineas } = refuseMaterialsResend(state, request?.id ?? null);
  const body = (await keptBody(deps.store.sql, PUSH_ROW, idOrden)) ?? (await materialsBody(deps.store.sql, idOrden, lineas));
  const jobId = refuseMaterialsPushRunning(await enqueueMaterialsPush(deps.boss, { id_orden_trabajo: idOrden, key, body }, undefined, options));
  return { jobId };
}

export type MaterialsPushOutcome = 'sent' | 'failed' | 'skipped';

/** One attempt of a push job (runPush with `materialsPush`). */
export function runMaterialsPush(deps: Omit<SicamMaterialsDeps, 'boss'>, job: PushAttempt<PushJobData>): Promise<MaterialsPushOutcome> {
  return runPush(deps, materialsPush, job) as Promise<MaterialsPushOutcome>;
}

/** The dead-letter handler: a push whose last attempt ended without an outcome. */
export function recordInterruptedMaterialsPush(deps: Pick<SicamMaterialsDeps, 'store' | 'log'>, job: Pick<JobWithMetadata<PushJobData>, 'data' | 'sourceRetryCount'>) {
  return recordInterrupted(deps, materialsPush, job);
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

export type MaterialsPullResult = PullResult;

/** The material part of the status pull. With `idOrden`: that order (SICAM's failures come back
 * as a CommandRejected with the client's message, 502). Without: every order whose request was
 * sent and whose lines are not all created, a few at a time; one order's failure is logged and
 * the rest go on. A pull that finds nothing new writes nothing. */
export async function pullMaterialsStatus(deps: Pick<SicamMaterialsDeps, 'store' | 'sicam' | 'log'>, idOrden?: number): Promise<MaterialsPullResult> {
  if (idOrden !== undefined) {
    try {
      return { polled: 1, events: await pullOne(deps, idOrden), failed: 0 };
    } catch (error) {
      if (error instanceof SicamError) throw new SicamUnavailable(error.message);
      throw error;
    }
  }
  const rows = await deps.store.sql<{ id: number }[]>`
    SELECT id::int FROM rm_ordenes_trabajo WHERE materiales_estado = 'enviado' AND creacion_materiales_atendidos = 0 ORDER BY id`;
  return pullEach(deps, 'SICAM materials pull failed', rows.map((r) => r.id), (id) => pullOne(deps, id));
}

/** Registers the material push and dead-letter handlers (the pull runs in the SICAM pull job). */
export async function startSicamMaterialsWorker(boss: PgBoss, deps: Omit<SicamMaterialsDeps, 'boss'> & { log: Logger }, options: { batchSize?: number; localConcurrency?: number } = {}) {
  await startPushWorker(boss, deps, materialsPush, options);
}
