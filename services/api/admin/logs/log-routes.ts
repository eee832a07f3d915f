import * as v from 'valibot';
import { defineList, type ListFilter, idFilter } from '../../platform/define-list';
import { positiveId } from '../../platform/fields';
import { defineRoute, moduleAccess, type AnyRoute } from '../../platform/route';
import { logItem } from './log-item';
import { logSql } from './log-sql';
import { logTargets } from './log-targets';
import { typeLogs } from './type-logs';
import { logSqlRow, logsReply, typeLogsReply } from '@shared/contracts/admin';
import { options } from '@shared/contracts/platform';

const MODULE = '/logs';
/** Seed 000: the log shows 15 entries per page when the client does not ask for another size. */
export const LOG_PAGE_SIZE = 15;

const filters: Record<string, ListFilter> = {
  type_log: {
    schema: v.pipe(v.string('Tipo de evento no válido'), v.regex(/^[A-Za-z]{1,60}$/, 'Tipo de evento no válido')),
    where: (sql, value: string) => sql`l.event_type = ${value}`,
  },
  target: {
    schema: v.pipe(v.string('Objetivo no válido'), v.regex(/^[a-z_]{1,40}$/, 'Objetivo no válido')),
    where: (sql, value: string) => sql`l.stream_type = ${value}`,
  },
  id_target: idFilter('l.target_id'),
  /** Acting or original user. */
  id_user: { schema: positiveId(), where: (sql, value: number) => sql`(l.id_user = ${value} OR l.id_user_original = ${value})` },
  /** 1: only what was done through a 'login as' (with type_log=SessionOpened: those sign-ins). */
  login_as: {
    schema: v.pipe(v.picklist(['0', '1', 0, 1], 'Debe ser 0 o 1'), v.transform(Number)),
    where: (sql, value: number) => (value ? sql`l.id_user_original IS NOT NULL` : sql`l.id_user_original IS NULL`),
  },
};

/** An activity-log list: /logs, or a module's own view of it limited to some targets
 * (/solicitud_compra_logs: requests and work orders). 15 entries a page unless asked otherwise. */
export function defineLogList(opts: { path: string; module: string; title: string; fileBase: string; summary: string; targets?: string[] }): AnyRoute[] {
  const [list, ...exports] = defineList({
    row: logSqlRow,
    path: opts.path,
    module: opts.module,
    title: opts.title,
    fileBase: opts.fileBase,
    from: logSql.from,
    columns: [
      { key: 'date_created', label: 'Fecha', kind: 'datetime', sql: 'l.date_created', sortable: true },
      { key: 'type_user', label: 'Tipo de usuario', sql: logSql.typeUser },
      { key: 'user_name', label: 'Usuario', sql: logSql.userName, sortable: true },
      { key: 'type_log_name', label: 'Acción', sql: logSql.typeLogName, sortable: true },
      { key: 'target_name', label: 'Objetivo', sql: logSql.targetName, sortable: true },
      { key: 'target_item_name', label: 'Registro', sql: logSql.targetItemName },
      { key: 'type_log_suffix', label: 'Detalle', sql: logSql.typeLogSuffix },
    ],
    extra: {
      id: 'l.global_position',
      type_log_prefix: logSql.typeLogPrefix,
      event_type: 'l.event_type',
      target: 'l.stream_type',
      id_target: 'l.target_id',
      id_user: 'l.id_user',
      id_user_original: 'l.id_user_original',
      id_session: 'l.id_session',
      changes: 'l.changes',
      acting_name: logSql.actingName,
      original_name: logSql.originalName,
      target_found: logSql.targetItemFound,
      event_data: logSql.eventData,
    },
    search: ["concat_ws(' ', u.name, u.surname)", "concat_ws(' ', uo.name, uo.surname)", logSql.targetItemName, logSql.targetName, logSql.typeLogLabel],
    dateColumn: 'l.date_created',
    key: 'l.global_position',
    defaultOrder: { col: 'date_created', dir: 'desc' },
    filters,
    ...(opts.targets ? { scope: (sql) => sql`l.stream_type IN ${sql(opts.targets!)}` } : {}),
  });

  const logList: AnyRoute = {
    ...list,
    summary: opts.summary,
    output: logsReply,
    async handler(ctx) {
      const input = ctx.input as { limit: number };
      if (!ctx.c.req.query('limit')) input.limit = LOG_PAGE_SIZE;
      const reply = (await list.handler(ctx)) as { items: Record<string, unknown>[]; total: number };
      const now = ctx.deps.now();
      return { ...reply, items: reply.items.map((row) => logItem(row, now)) };
    },
  };

  return [logList, ...exports];
}

/** /logs (seed 000): the activity log, an async projection of the event log (rm_activity_log),
 * in the spec's display form; filters by event type, target (stream type) and target id. */
export function logRoutes(): AnyRoute[] {
  return [
    ...defineLogList({
      path: '/logs', module: MODULE, title: 'Registros', fileBase: 'registros',
      summary: 'Registros de actividad (15 por página): quién hizo qué, sobre qué registro y cuándo; filtros type_log, target, id_target, id_user, login_as',
    }),
    defineRoute({
      method: 'GET',
      path: '/logs/type_logs',
      access: moduleAccess(MODULE, 'see'),
      summary: 'Tipos de evento para el filtro de registros',
      output: typeLogsReply,
      async handler() {
        return { items: Object.entries(typeLogs).map(([value, t]) => ({ value, label: t.label, icon: t.icon, color: t.color })) };
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/logs/targets',
      access: moduleAccess(MODULE, 'see'),
      summary: 'Objetivos (tipos de registro) para el filtro de registros',
      output: options({}, v.string()),
      async handler() {
        return { items: Object.entries(logTargets).map(([value, t]) => ({ value, label: t.name })) };
      },
    }),
  ];
}
