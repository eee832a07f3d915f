import * as v from 'valibot';
import type { ListRow } from './platform';
import { estado, flag01, instant, optText, options, ref, rowId, translations } from './platform';

// The reply schemas of the administration calls (seed 000 §2: profiles, modules, activity log,
// record history, settings, legal text) and the types the web reads.

/** A row of GET /roles. */
export const roleRow = v.object({
  name: v.string(), id_type_user: rowId(), system_user: flag01(), mo_name: optText(), num_users: v.number(), estado: estado(),
  id: rowId(), id_module: ref(), protected: flag01(),
});

/** A profile as its form reads it (perms: the rights by module). */
export const roleItem = {
  name: v.string(), id_type_user: rowId(), id_module: ref(), system_user: flag01(), admin: flag01(), menu_collapsed: flag01(), horometros: flag01(),
  protected: flag01(), perms: v.optional(v.array(v.object({ id_module: rowId(), see: flag01(), edit: flag01() }))),
};

const moduleEntries = {
  id: rowId(), id_parent: ref(), type: v.string(), name: v.string(), translate: translations(), icon: v.string(), url: optText(),
  level: v.number(), orden: v.number(), root: flag01(), estado: estado(),
};

/** GET /roles/modules: the menu with a profile's rights, in menu order; admin_only 1 on a
 * master-data module the profile may not be given (seed 001 §2). */
export const roleModulesReply = v.object({ items: v.array(v.object({ ...moduleEntries, see: flag01(), edit: flag01(), is_home: flag01(), admin_only: flag01() })) });

/** A menu module as its form reads it. */
export const moduleItem = {
  id_type_user: rowId(), id_parent: ref(), type: v.string(), name: v.string(), translate: translations(), icon: v.string(), url: optText(),
  section: v.string(), level: v.number(), orden: v.number(), root: flag01(),
};

type ModuleNode = v.InferOutput<v.ObjectSchema<typeof moduleEntries, undefined>> & { id_type_user: number; section: string; children: ModuleNode[] };

/** A module of the tree with its children (GET /modules, /modules/resort). */
export const moduleNode: v.GenericSchema<ModuleNode> = v.object({
  ...moduleEntries,
  id_type_user: rowId(),
  section: v.string(),
  children: v.array(v.lazy(() => moduleNode)),
});
export const moduleTreeReply = v.object({ items: v.array(moduleNode) });

/** The SQL row of the activity log (log-sql.ts); the reply adds links and labels (logItem). */
export const logSqlRow = v.object({
  date_created: instant(), type_user: v.string(), user_name: optText(), type_log_name: v.string(), target_name: v.string(),
  target_item_name: optText(), type_log_suffix: v.string(), id: rowId(), type_log_prefix: v.string(), event_type: v.string(), target: v.string(),
  id_target: v.nullable(v.union([rowId(), v.string()])), id_user: ref(), id_user_original: ref(), id_session: v.nullable(v.string()),
  changes: v.unknown(), acting_name: optText(), original_name: optText(), target_found: v.nullable(v.boolean()), event_data: v.unknown(),
});

const { acting_name: _acting, original_name: _original, target_found: _found, event_data: _data, ...logEntries } = logSqlRow.entries;

/** The seeds' keys of a log entry (seed 000 and 002 'Log entry'), on the activity log's rows and
 * the record history's (log-row-keys.ts): the type's catalogue name and badge, the record it
 * belongs to, and the event's data as an object and as JSON text. */
export const logRowKeys = {
  tl_name: v.pipe(v.string(), v.description("the event type's label in the catalogue")),
  tl_icon: v.pipe(v.string(), v.description("the event type's icon in the catalogue")),
  tl_color: v.pipe(v.string(), v.description("the event type's color in the catalogue")),
  id_parent: v.pipe(ref(), v.description('the record this one belongs to, from the event data')),
  data: v.pipe(v.record(v.string(), v.unknown()), v.description("the event's data, without secrets")),
  data_json: v.pipe(v.string(), v.description("the event's data as JSON text")),
};

/** One entry of GET /logs, as the screen shows it. */
export const logItem = v.object({
  ...logEntries,
  user_link: optText(),
  target_item_link: optText(),
  has_history: v.boolean(),
  ago: v.string(),
  ...logRowKeys,
});
export const logsReply = v.object({ items: v.array(logItem), total: v.number() });
export const typeLogsReply = options({ icon: v.string(), color: v.string() }, v.string());

/** GET /history: a record's events, oldest first, with who and what changed. */
const historyEntry = v.object({
  version: rowId(),
  type: v.string(),
  action: v.string(),
  restored_version: v.optional(rowId()),
  who: optText(),
  user_id: ref(),
  original_who: optText(),
  original_user_id: ref(),
  session: v.nullable(v.string()),
  when: instant(),
  ago: v.string(),
  changes: v.array(v.object({ field: v.string(), from: v.unknown(), to: v.unknown() })),
  ...logRowKeys,
});

/** GET /history: the events, and the moments the record changed at (one per transaction: the
 * instant of its last event and the version reached), the steps of the time slider. */
export const historyReply = v.object({ items: v.array(historyEntry), moments: v.array(v.object({ at: instant(), version: rowId() })) });

/** GET /history/asOf: the record as it was at `at`. `state` is the aggregate's own state folded
 * from the events up to then (a JSON object whose shape is the aggregate's: a master-data record's
 * `{ status, id, fields }`, a work order's header, signatures and lines…); `changes_since` every
 * later event as the history shows it. */
export const asOfReply = v.object({
  stream_type: v.string(),
  id: rowId(),
  at: instant(),
  version: rowId(),
  recorded_at: instant(),
  current_version: rowId(),
  state: v.pipe(v.record(v.string(), v.unknown()), v.description("the aggregate's state as a JSON object")),
  changes_since: v.array(historyEntry),
});

export const legalReply = v.object({ item: v.object({ legal: v.string() }) });

const publicSettings = {
  brand: v.string(), name: v.string(), coin: v.string(), interval: v.nullable(v.number()), pic_logo: optText(), pic_favicon: optText(),
};

/** The company settings (seed 000 §2 /settings). */
export const settingsItem = v.object({
  ...publicSettings,
  registro_horometro: v.number(), ruc: v.string(), website: v.string(), email: v.string(), phone: v.string(), country_code: v.string(), address: v.string(),
});
export const settingsReply = v.object({
  item: settingsItem,
  tiempo: v.optional(v.object({ fecha: instant(), diferencia: v.nullable(v.number()), zona_horaria: v.string() })),
});
export const publicSettingsReply = v.object({ item: v.object(publicSettings) });

export type RoleRow = ListRow<typeof roleRow>;
export type RoleModule = v.InferOutput<typeof roleModulesReply>['items'][number];
export type ModuleTreeNode = ModuleNode;
export type LogItem = v.InferOutput<typeof logItem>;
export type HistoryEntry = v.InferOutput<typeof historyReply>['items'][number];
export type RecordAsOfReply = v.InferOutput<typeof asOfReply>;
export type PublicSettings = v.InferOutput<typeof publicSettingsReply>['item'];
export type SettingsItem = v.InferOutput<typeof settingsItem>;
