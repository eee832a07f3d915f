import { MSG_ACTIVATED as ENABLED, MSG_DEACTIVATED as DISABLED, MSG_DELETED as REMOVED, MSG_SAVED as SAVED } from '@shared/messages';
import * as v from 'valibot';
import { createRecord, removeRecord, setRecordEnabled, updateRecord } from '../../../events/record/commands';
import type { Fields } from '../../../events/record/record';
import { ApiError, NOT_FOUND, VALIDATION_FAILED } from './api-error';
import type { ApiDeps } from './deps';
import { id, positiveId } from './fields';
import { crudItem, crudReplies, noPayload } from '@shared/contracts/platform';
import { defineRoute, moduleAccess, type AnyRoute, type RouteContext } from './route';
import { checkUpload } from './upload/checkUpload';
import { storeUpload } from './upload/storeUpload';
import type { UploadPolicy } from './upload/types';

// The replies of the record actions (shared/messages.ts).
export { DISABLED, ENABLED, REMOVED, SAVED };

export type CrudConfig<F extends v.ObjectEntries, I extends v.ObjectEntries = v.ObjectEntries> = {
  /** e.g. '/marcas': routes `/marcas/form`, `/create`, `/remove`, `/enable`, `/disable`. */
  endpoint: string;
  module: string;
  /** Record stream type: `marca` → streams `marca-{id}`. */
  entity: string;
  title: string;
  /** Read-model table the form reads (kept by the inline record projection). */
  table: string;
  /** The item's editable fields (without id). Required fields carry the spec's messages. */
  fields: F;
  /** The record as the form and the save reply it, without id and the bookkeeping (estado,
   * version, dates: recordMeta); `crudItem` builds the whole schema. */
  item: I;
  /** Values of a new item's form (id 0). */
  defaults: Fields;
  /** Business rules over several fields or other records: field → message. */
  validate?: (fields: v.InferOutput<v.ObjectSchema<F, undefined>>, ctx: { id: number; deps: ApiDeps }) => Promise<Partial<Record<string, string>>>;
  /** File fields: stored outside the web root, the generated name saved in the field. */
  uploads?: UploadPolicy[];
  /** Checked before a removal: a message refuses it (409, nothing stored), e.g. while other
   * records still reference this one; null lets it go ahead. Absent: removals are not checked. */
  beforeRemove?: (id: number, ctx: { deps: ApiDeps }) => Promise<string | null>;
};

/** The record a CRUD's form and save reply: id, the module's fields, the bookkeeping. */
export { crudItem, crudReplies };

async function loadItem(deps: ApiDeps, table: string, itemId: number) {
  const [item] = await deps.sql`SELECT * FROM ${deps.sql(table)} WHERE id = ${itemId}`;
  return item ?? null;
}

function commandOptions(ctx: RouteContext<unknown>) {
  return { metadata: ctx.metadata };
}

/** Generic modal CRUD (seed 000 §7) on generic record streams: one mechanism configured per
 * module. Every write is an event with the changed fields; protected rows are refused by the
 * record decider; replies carry the spec's toasts. */
export function defineCrud<F extends v.ObjectEntries, I extends v.ObjectEntries>(cfg: CrudConfig<F, I>): AnyRoute[] {
  // Generic over the module's fields inside: the handlers return read-model rows.
  const replies = crudReplies(crudItem(cfg.item as v.ObjectEntries));
  const idInput = v.object({ id: id() });
  const positiveIdInput = v.object({ id: positiveId() });
  const createInput = v.object({ id: v.optional(id(), 0), ...cfg.fields });
  const itemFields = Object.keys(cfg.fields);

  const form = defineRoute({
    method: 'POST',
    path: `${cfg.endpoint}/form`,
    access: moduleAccess(cfg.module, 'see'),
    summary: `Formulario de ${cfg.title}: el registro (id 0: valores iniciales)`,
    input: idInput,
    output: replies.form,
    async handler({ input, deps }) {
      if (input.id === 0) return { item: { id: 0, ...cfg.defaults } };
      const item = await loadItem(deps, cfg.table, input.id);
      if (!item) throw new ApiError(404, NOT_FOUND);
      return { item };
    },
  });

  const create = defineRoute({
    method: 'POST',
    path: `${cfg.endpoint}/create`,
    access: moduleAccess(cfg.module, 'edit'),
    summary: `Crear (id 0) o guardar ${cfg.title}; JSON o multipart con archivos`,
    input: createInput,
    bodyLimit: Math.max(1024 * 1024, ...(cfg.uploads ?? []).map((u) => (u.maxKb + 64) * 1024)),
    files: cfg.uploads?.map((u) => u.field),
    output: replies.save,
    async handler(ctx) {
      const { deps } = ctx;
      const { id: itemId, ...values } = ctx.input as { id: number } & Record<string, unknown>;
      const fields: Fields = {};
      for (const k of itemFields) if (values[k] !== undefined) fields[k] = values[k];
      if (cfg.validate) {
        const found = await cfg.validate(fields as never, { id: itemId, deps });
        const errors = Object.fromEntries(Object.entries(found).filter((e): e is [string, string] => typeof e[1] === 'string'));
        if (Object.keys(errors).length) throw new ApiError(422, VALIDATION_FAILED, errors);
      }
      for (const policy of cfg.uploads ?? []) {
        const file = ctx.files[policy.field];
        if (!file) continue;
        const checked = await checkUpload(file, policy);
        if (!checked.ok) throw new ApiError(checked.status, checked.msg, checked.errors);
        fields[policy.field] = await storeUpload(deps.config.uploadsDir, checked.file);
      }
      const isNew = itemId === 0;
      let savedId = itemId;
      if (isNew) {
        savedId = (await createRecord(deps.store, cfg.entity, { ...cfg.defaults, ...fields, estado: 1 }, commandOptions(ctx))).id;
      } else {
        await updateRecord(deps.store, cfg.entity, itemId, fields, commandOptions(ctx));
      }
      return Object.assign(await loadItemReply(deps, cfg.table, savedId), { is_new: isNew, msg: SAVED });
    },
  });

  const remove = defineRoute({
    method: 'GET',
    path: `${cfg.endpoint}/remove`,
    access: moduleAccess(cfg.module, 'edit'),
    summary: `Eliminar ${cfg.title}`,
    input: positiveIdInput,
    output: noPayload(),
    async handler(ctx) {
      const refused = cfg.beforeRemove ? await cfg.beforeRemove(ctx.input.id, { deps: ctx.deps }) : null;
      if (refused) throw new ApiError(409, refused);
      await removeRecord(ctx.deps.store, cfg.entity, ctx.input.id, commandOptions(ctx));
      return { msg: REMOVED };
    },
  });

  const toggle = (enabled: boolean) =>
    defineRoute({
      method: 'POST',
      path: `${cfg.endpoint}/${enabled ? 'enable' : 'disable'}`,
      access: moduleAccess(cfg.module, 'edit'),
      summary: `${enabled ? 'Activar' : 'Desactivar'} ${cfg.title}`,
      input: positiveIdInput,
      output: noPayload(),
      async handler(ctx) {
        await setRecordEnabled(ctx.deps.store, cfg.entity, ctx.input.id, enabled, commandOptions(ctx));
        return { msg: enabled ? ENABLED : DISABLED };
      },
    });

  return [form, create, remove, toggle(true), toggle(false)];
}

async function loadItemReply(deps: ApiDeps, table: string, itemId: number) {
  return { item: await loadItem(deps, table, itemId) };
}
