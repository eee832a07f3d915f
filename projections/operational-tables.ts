// Every base table of the database is one of three kinds (docs/ARCHITECTURE.md, "Operational
// tables" and "Kept derived tables"):
// - a read model: written by a projection of the registry (projections/registry.ts), emptied by
//   its reset and written again, equal, by a rebuild;
// - a kept derived table: worked out from read models by its refresh (KEPT_TABLES below);
// - not a read model (OPERATIONAL_TABLES below): the log itself, what the product keeps outside
//   the log, and the reference rows the migrations write. No projection writes these and a
//   rebuild leaves them as they are.
// projections/rebuild-property.int.test.ts fails on a table of none of the kinds, or of two.

/** The tables that are not read models, each with why it is kept outside the projections. */
export const OPERATIONAL_TABLES: Readonly<Record<string, string>> = {
  // The log and its readers' positions.
  es_events: 'the log: every business fact',
  es_streams: "the log: each stream's current version, locked by appends",
  es_id_counters: 'the log: the next id of each record type, taken by the commands',
  es_checkpoints: "the async projections' and reactors' positions in the log",
  es_reactor_dead_letters: 'the commands a decider refused to a reactor, recorded once so a replay skips them',
  schema_migrations: 'the migrations applied',
  // Write-side keys the commands take in their own transaction.
  ot_site_counters: "the next OT code of each site, taken when an order opens (its code is in the order's events)",
  request_code_counters: "the next request code, taken when a request is created (its code is in the request's events)",
  stock_keys: 'the stock stream of each warehouse × material, taken by the first movement',
  // Secrets and sign-in guards, never facts of the log.
  auth_credentials: 'the password hashes: a password change is an event, the hash stays out of the log',
  auth_recovery_tokens: "password recovery tokens' hashes: single use, expiring",
  auth_recovery_requests: 'the recovery requests counted to throttle them',
  auth_login_failures: 'failed sign-ins counted to throttle them',
  auth_captcha_used: 'captcha answers already used, refused a second time',
  auth_session_use: 'when each session was last used: touched by every signed-in request, at most once a minute',
  app_secrets: 'server secrets shared by every replica (the captcha key), created on first start',
  idempotency_keys: 'the replies of idempotent calls, replayed to a retried request',
  // The jobs' own state.
  sicam_pushes: "the SICAM push ledger of each request: what was sent, SICAM's id and the order's state as the status pull last saw it",
  sicam_material_pushes: 'the SICAM push ledger of material creations',
  rentabilidad_reportes: "a generated profitability report's job: its request, progress, pages and file, which the worker writes as it draws",
  expiry_notices: 'the expiry notices sent, so the daily job sends each once',
  dev_mail_outbox: 'mails sent while no SMTP server is configured',
  // Reference rows the migrations write.
  gasto_general_conceptos: "the general-expense concepts of a site's expense sheet, by version",
};

/** The kept derived tables: worked out from read models by their refresh, marked stale by
 * triggers on their sources (the rebuild property test refreshes them before it compares). */
export const KEPT_TABLES: Readonly<Record<string, string>> = {
  pm_pronosticos: "the PM board's forecasts (refreshPmForecasts)",
  pm_pronosticos_estado: "the business day the PM board's forecasts were worked out for",
  pm_pronosticos_pendientes: "the machines whose PM forecasts are stale",
  rent_equipo_mes: "the profitability's month rows (refreshProfitMonths)",
  rent_equipo_mes_pendientes: "the profitability's stale month rows",
};
