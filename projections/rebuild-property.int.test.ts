import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { execute } from '../events/execute';
import { purchaseRequests } from '../events/purchase-request/decider';
import { createRecord, removeRecord, updateRecord } from '../events/record/commands';
import { refreshPmForecasts } from '../services/app/preventive-maintenance/pm-board-sql';
import { allRoutes } from '../services/api/routes';
import { refreshProfitMonths } from '../services/app/profitability/profit-query';
import { useTestApi, type Reply } from '../tests/harness/api';
import { rebuildProjection } from './rebuild';
import { KEPT_TABLES, OPERATIONAL_TABLES } from './operational-tables';
import { asyncProjections, inlineProjections } from './registry';
import { processBatch, readCheckpoint } from './runner';
import { waitForLogReadable } from '../tests/harness/wait';
import { MASTER_DATA_MODULES } from '@shared/roles';

/** The modules a new profile may be given: neither root-only nor master data (the admin's). */
const GRANTABLE_MODULES = `SELECT id FROM rm_modules WHERE root = 0 AND coalesce(url, '') NOT IN (${MASTER_DATA_MODULES.map((u) => `'${u}'`).join(', ')})`;

// Rebuild equals live, always: for several seeds, a random history of every kind of command the
// product runs (through the HTTP API; sites and companies, which have no route, through their
// record commands), then every registered projection is rebuilt from the log and every table is
// compared row by row with what the live path wrote. FAENA_PROPERTY_RUNS raises the number of
// seeds and FAENA_PROPERTY_STEPS the length of each history. It also proves its reach: every call
// of the route table that writes is driven or named in NOT_DRIVEN, and accepted at least once or
// named in ONLY_REFUSED, and every table is written by a projection or declared in
// operational-tables.ts.

// The access data only (menu, profiles, demo users): each run creates the rest through its history,
// so the log stays small enough to rebuild every projection several times.
const api = useTestApi({ demo: 'access' });
const RUNS = Number(process.env.FAENA_PROPERTY_RUNS ?? 3);
const STEPS = Number(process.env.FAENA_PROPERTY_STEPS ?? 70);

/** Columns that hold the time a row was written, not anything an event says, so a rebuild cannot
 * reproduce them: a checkpoint's last move, and a company setting's default restored by the
 * settings projection's reset (live, the migration wrote it). Everything else must be equal. */
const TIME_OF_WRITE: Record<string, string[]> = {
  es_checkpoints: ['updated_at'],
  app_settings: ['updated_at'],
};

/** The calls that write: every POST but those below, which only read, and the GET removals. */
const READ_ONLY_POST = /\/(form|export|pdf|PDF|obtenerPDF)$/;
const POST_READS: Record<string, string> = {
  '/auth/register': 'refuses every call (403): accounts are created in /users',
  '/trazabilidad/getInfoLTAll': "the traceability milestones' statistics",
  '/reportes_rentabilidad': "the profitability charts' rows",
  '/reportes_rentabilidad/amortizacion': "one profitability chart's rows",
};
const writes = (r: { method: string; path: string }) =>
  r.method === 'POST' ? !READ_ONLY_POST.test(r.path) && !(r.path in POST_READS) : /\/remove$/.test(r.path);

/** The calls that write which the random history does not drive, and why. Each still writes only
 * through the commands and tables the history covers, or only operational tables. */
const NOT_DRIVEN: Record<string, string> = {
  // Passwords, sign-in and files: operational tables, uploads, or the password the histories use.
  '/me/cambiarClave': 'changes the password the histories sign in with (auth_credentials, operational)',
  '/auth/recover': 'writes a recovery token and queues a mail (operational tables only)',
  '/recover/save': 'needs the mailed recovery token (auth_recovery_tokens, operational)',
  '/me/actualizarPerfil': "uploads the user's signature image (multipart)",
  '/ordenes_trabajo/eliminarDocumento': "removes an order's uploaded document; the histories' orders have none",
  '/reportes_generacion/generarReporte': 'writes only rentabilidad_reportes (operational) and queues the PDF job',
  // SICAM: no purchasing system answers here; the histories record its answers with the decider's commands.
  '/solicitudes_compras/enviarASicam': 'resends to SICAM',
  '/almacen_obra_ots/enviarASicamSolicitudMateriales': 'resends to SICAM',
  '/ordenes_trabajo/enviarASicamSolicitudMateriales': 'resends to SICAM',
  '/almacen_central_ots/actualizarEstados': 'asks SICAM',
  // The same command as a call the histories drive.
  '/obras/create': 'the histories create and rename sites with the record commands the call runs',
  '/empresas/create': 'the histories create and rename companies with the record commands the call runs',
  '/solicitudes_compras/crearPreSolicitudServicio': 'the same command as /ordenes_trabajo/crearPreSolicitudServicio',
  '/horometros/registrarTurno': 'a /horometros/create command per machine of the shift',
  // Records the histories leave alone: the three maintenance types every order names, the exchange
  // rates (none in the access data).
  '/tipos_mantenimiento/create': 'the maintenance types every order names (1 MP, 2 MC, 3 MCD)',
  '/tipos_mantenimiento/enable': 'the maintenance types every order names (1 MP, 2 MC, 3 MCD)',
  '/tipos_mantenimiento/disable': 'the maintenance types every order names (1 MP, 2 MC, 3 MCD)',
  '/tipos_mantenimiento/remove': 'the maintenance types every order names (1 MP, 2 MC, 3 MCD)',
  '/settings/tipos_cambio/create': 'exchange rates: none in the access data',
  '/settings/tipos_cambio/enable': 'exchange rates: none in the access data',
  '/settings/tipos_cambio/disable': 'exchange rates: none in the access data',
  '/settings/tipos_cambio/remove': 'exchange rates: none in the access data',
};

/** The driven calls that write which the histories may leave without one accepted answer at the
 * default RUNS/STEPS (what their success writes is then never compared after a rebuild), and why.
 * Every other driven call that writes must be accepted at least once. */
const ONLY_REFUSED: Record<string, string> = {
  '/sessions/remove': 'the session drawn is one of root, which only root may close (403)',
  '/unidades/remove': 'the record the draw names has records that name it (refused 409)',
  '/modelos/remove': 'the record the draw names has records that name it (refused 409)',
  '/grupos_funcionales/remove': 'the record the draw names has records that name it (refused 409)',
  '/grupo_funcional_elementos/remove': 'the record the draw names has records that name it (refused 409)',
  '/equipo_subgrupos/remove': 'the record the draw names has records that name it (refused 409)',
  '/equipo_productos/remove': 'the record the draw names has records that name it (refused 409)',
  '/materiales/remove': 'the record the draw names has records that name it (refused 409)',
  '/solicitudes_tipos/remove': 'the record the draw names has records that name it (refused 409)',
  '/centros_costo_indirectos/remove': 'the record the draw names has records that name it (refused 409)',
  '/equipos/remove': 'the record the draw names has records that name it (refused 409)',
  '/obras/remove': 'the record the draw names has records that name it (refused 409)',
  '/empresas/remove': 'the record the draw names has records that name it (refused 409)',
  '/equipo_amortizacion/create': 'no machine has the acquisition cost a plan needs first (422)',
  '/equipo_amortizacion/enable': 'no machine has an amortization plan (422)',
  '/equipo_amortizacion/disable': 'no machine has an amortization plan (422)',
  '/equipo_amortizacion/remove': 'no machine has an amortization plan (422)',
  '/modules/create': 'only root edits the menu, the histories call as the admin (403)',
  '/modules/enable': 'only root edits the menu, the histories call as the admin (403)',
  '/modules/disable': 'only root edits the menu, the histories call as the admin (403)',
  '/modules/remove': 'only root edits the menu, the histories call as the admin (403)',
  '/legal/restore': 'no earlier version of the legal text when drawn (422)',
  '/solicitudes_compras/rechazar': 'a quarter of the decisions drawn, none on a request waiting for approval at the default seeds',
  '/solicitudes_compras/crearPreSolicitud': 'the order drawn has no attended Pedido (409); the chain generates its request from the Pedido',
  '/solicitudes_compras/eliminarElementoDeDetalle': 'half the draws that remove a product of a draft, the other call the rest',
  '/mantenimiento_preventivo/planes/remove': 'the plan drawn is the unchanged one of the subgroup: nothing to remove (422)',
  '/horometros/disable': 'a quarter of the lifecycle draws of an hour-meter log',
};

type Rng = () => number;
/** mulberry32: a small seeded generator, so a failing seed replays the same history. */
function rng(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Row = Record<string, unknown>;
/** One row of the purchasing system's central-entries file: `cantidad` of `codigo` entered at site `obra` under order `orden`. */
type EntryRow = { obra: string; codigo: string; descripcion: string; albaran: string; cantidad: number; orden: string };
const metadata = { userId: 1, sessionId: 'rebuild-property' };

/** Every base table of the database, row by row (rows as canonical JSON, sorted), without the
 * time-of-write columns. */
async function snapshot(): Promise<Map<string, string[]>> {
  // The kept derived tables (the PM board's forecasts, the profitability's month rows) are brought
  // up to date first, as any read of them does: then they must match too, and no marks are left.
  await refreshPmForecasts(api.sql, api.clock.now ?? new Date());
  await refreshProfitMonths(api.sql);
  const tables = await api.sql<{ name: string }[]>`
    SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1`;
  const out = new Map<string, string[]>();
  for (const { name } of tables) {
    const rows = await api.sql.unsafe<Row[]>(`SELECT * FROM "${name}"`);
    const skip = new Set(TIME_OF_WRITE[name] ?? []);
    const lines = rows.map((r) => JSON.stringify(Object.keys(r).sort().filter((k) => !skip.has(k)).map((k) => [k, r[k]])));
    out.set(name, lines.sort());
  }
  return out;
}

/** The first difference per table, in words a failing run can act on. */
function differences(live: Map<string, string[]>, rebuilt: Map<string, string[]>): string[] {
  const out: string[] = [];
  for (const [table, rows] of live) {
    const other = rebuilt.get(table) ?? [];
    if (rows.length === other.length && rows.every((row, i) => row === other[i])) continue;
    const mine = new Set(rows);
    const theirs = new Set(other);
    const only = rows.filter((row) => !theirs.has(row));
    const extra = other.filter((row) => !mine.has(row));
    out.push(`${table}: ${only.length} live row(s) not in the rebuild, ${extra.length} rebuilt row(s) not live;\n  live:    ${only[0] ?? '—'}\n  rebuilt: ${extra[0] ?? '—'}`);
  }
  return out;
}

/** The tables a projection writes: those its reset empties (the locks its reset takes, in a
 * transaction rolled back). */
async function projectionTables(): Promise<Map<string, string>> {
  const owner = new Map<string, string>();
  for (const p of [...inlineProjections, ...asyncProjections]) {
    await api.sql
      .begin(async (tx) => {
        await p.reset(tx);
        const rows = await tx<{ name: string }[]>`
          SELECT DISTINCT c.relname AS name FROM pg_locks l JOIN pg_class c ON c.oid = l.relation JOIN pg_namespace n ON n.oid = c.relnamespace
           WHERE l.pid = pg_backend_pid() AND l.granted AND n.nspname = 'public' AND c.relkind IN ('r', 'p')
             AND l.mode IN ('RowExclusiveLock', 'ShareRowExclusiveLock', 'ExclusiveLock', 'AccessExclusiveLock')`;
        for (const r of rows) owner.set(r.name, owner.has(r.name) ? `${owner.get(r.name)}, ${p.name}` : p.name);
        throw new RolledBack();
      })
      .catch((e: unknown) => {
        if (!(e instanceof RolledBack)) throw e;
      });
  }
  return owner;
}
class RolledBack extends Error {}

/** The async projections follow the log to its end, as the projector would. */
async function catchUp() {
  await waitForLogReadable(api.sql);
  for (const p of asyncProjections) {
    for (;;) {
      const from = await readCheckpoint(api.sql, p.name);
      const r = await processBatch(api.sql, api.store, p, from);
      if (r.read === 0) break;
    }
  }
}

async function rebuildEverything() {
  for (const p of inlineProjections) await rebuildProjection(api.sql, api.store, p, 'inline');
  for (const p of asyncProjections) await rebuildProjection(api.sql, api.store, p, 'async');
}

/** A random history: each step picks one command at random, with inputs drawn from what the
 * tables hold now. Refusals (4xx) are part of the history; a 500 fails the run. */
function historyOf(seed: number, token: () => string, counts: Map<string, number>, called: Set<string>, accepted: Map<string, number>, everyCall: boolean) {
  const r = rng(seed);
  const pick = <T,>(xs: readonly T[]): T | undefined => (xs.length ? xs[Math.floor(r() * xs.length)] : undefined);
  const word = (prefix: string) => `${prefix} ${seed}-${Math.floor(r() * 1e6)}`;
  /** A person's name: letters only. */
  const personName = () => Array.from({ length: 3 }, () => pick(['ma', 'ri', 'lu', 'ca', 'ro', 'sa', 'te', 'qui', 'pe', 'do'])).join('').replace(/^./, (c) => c.toUpperCase());
  const ids = async (q: string) => (await api.sql.unsafe<{ id: number }[]>(q)).map((x) => Number(x.id));
  const one = async (q: string) => pick(await ids(q));

  const call = async (kind: string, method: 'GET' | 'POST', path: string, o: Parameters<typeof api.call>[2] = {}): Promise<Reply> => {
    called.add(path);
    const res = await api.call(method, path, { token: token(), ...o });
    expect(res.status, `${kind} ${path}: ${JSON.stringify(res.body)}`).toBeLessThan(500);
    if (res.status < 300) accepted.set(path, (accepted.get(path) ?? 0) + 1);
    const key = res.status === 200 ? kind : `${kind} → ${res.status} ${res.body.msg} ${JSON.stringify(res.body.errors ?? {})}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
    return res;
  };
  /** Loads a record's form and saves it back with `changes` (a rename, a transfer…). */
  const resave = async (kind: string, path: string, id: number | undefined, changes: Row) => {
    if (!id) return;
    const form = await call(`${kind}:form`, 'POST', `${path}/form`, { json: { id } });
    if (form.status !== 200) return;
    const item = form.body.item as Row;
    const fields = Object.fromEntries(Object.entries(item).filter(([, v]) => v !== null && typeof v !== 'object'));
    await call(kind, 'POST', `${path}/create`, { json: { ...fields, ...changes, id } });
  };
  const lifecycle = async (kind: string, path: string, table: string) => {
    const id = await one(`SELECT id FROM ${table}`);
    if (!id) return;
    const what = pick(['enable', 'disable', 'disable', 'remove'] as const)!;
    if (what === 'remove') await call(`${kind}:remove`, 'GET', `${path}/remove`, { query: { id } });
    else await call(`${kind}:${what}`, 'POST', `${path}/${what}`, { json: { id } });
  };

  /** The master catalogues: create, rename, enable/disable/remove. */
  const catalogues: { path: string; table: string; create: () => Promise<Row | null>; rename: () => Row }[] = [
    { path: '/unidades', table: 'rm_unidades', create: async () => ({ nombre: word('U').slice(0, 60), decimales: Math.floor(r() * 3) }), rename: () => ({ nombre: word('U').slice(0, 60) }) },
    { path: '/marcas', table: 'rm_marcas', create: async () => ({ nombre: word('Marca') }), rename: () => ({ nombre: word('Marca') }) },
    {
      path: '/modelos', table: 'rm_modelos',
      create: async () => { const m = await one('SELECT id FROM rm_marcas'); return m ? { id_marca: m, nombre: word('Modelo') } : null; },
      rename: () => ({ nombre: word('Modelo') }),
    },
    { path: '/material_tipos', table: 'rm_material_tipos', create: async () => ({ codigo: `T${Math.floor(r() * 1e5)}`, nombre: word('Tipo') }), rename: () => ({ nombre: word('Tipo') }) },
    {
      path: '/materiales', table: 'rm_materiales',
      create: async () => { const t = await one('SELECT id FROM rm_material_tipos'); return t ? { id_material_tipo: t, codigo: `M-${seed}-${Math.floor(r() * 1e6)}`, nombre: word('Material') } : null; },
      rename: () => ({ nombre: word('Material') }),
    },
    {
      path: '/conversion_unidades', table: 'rm_conversion_unidades',
      create: async () => {
        const t = await one('SELECT id FROM rm_material_tipos');
        const u = await one('SELECT id FROM rm_unidades');
        return t && u ? { id_material_tipo: t, id_unidad: u, valor: 1 + Math.floor(r() * 50) } : null;
      },
      rename: () => ({ valor: 1 + Math.floor(r() * 50) }),
    },
    { path: '/grupos_funcionales', table: 'rm_grupos_funcionales', create: async () => ({ sigla: `G${Math.floor(r() * 1e4)}`, nombre: word('Grupo') }), rename: () => ({ nombre: word('Grupo') }) },
    {
      path: '/grupo_funcional_elementos', table: 'rm_grupo_funcional_elementos',
      create: async () => { const g = await one('SELECT id FROM rm_grupos_funcionales'); return g ? { numero: `${Math.floor(r() * 99)}.${Math.floor(r() * 99)}`, nombre: word('Elemento'), id_grupo_funcional: g } : null; },
      rename: () => ({ nombre: word('Elemento') }),
    },
    { path: '/equipo_grupos', table: 'rm_equipo_grupos', create: async () => ({ nombre: word('Familia') }), rename: () => ({ nombre: word('Familia') }) },
    {
      path: '/equipo_subgrupos', table: 'rm_equipo_subgrupos',
      create: async () => {
        const g = await one('SELECT id FROM rm_equipo_grupos');
        const u = await one('SELECT id FROM rm_unidades');
        return g && u ? { id_equipo_grupo: g, nombre: word('Subgrupo'), id_mantenimiento_unidad: u, mantenimiento_valor: 250 } : null;
      },
      rename: () => ({ nombre: word('Subgrupo') }),
    },
    {
      path: '/equipo_productos', table: 'rm_equipo_productos',
      create: async () => {
        const s = pick(await api.sql<{ id: number; g: number }[]>`SELECT id, id_equipo_grupo AS g FROM rm_equipo_subgrupos ORDER BY 1`);
        return s ? { id_equipo_grupo: s.g, id_equipo_subgrupo: s.id, nombre: word('Producto') } : null;
      },
      rename: () => ({ nombre: word('Producto') }),
    },
    // The purchase-request catalogues (seed 002 ambiguity 8).
    { path: '/recursos', table: 'rm_recursos', create: async () => ({ codigo: `R-${seed}-${Math.floor(r() * 1e5)}`, nombre: word('Recurso') }), rename: () => ({ nombre: word('Recurso') }) },
    { path: '/solicitudes_tipos', table: 'rm_solicitudes_tipos', create: async () => ({ nombre: word('Tipo') }), rename: () => ({ nombre: word('Tipo') }) },
    { path: '/solicitudes_clasificaciones', table: 'rm_solicitudes_clasificaciones', create: async () => ({ nombre: word('Clase') }), rename: () => ({ nombre: word('Clase') }) },
    { path: '/centros_costo_indirectos', table: 'rm_centros_costo_indirectos', create: async () => ({ codigo: `C-${seed}-${Math.floor(r() * 1e5)}`, nombre: word('Centro') }), rename: () => ({ nombre: word('Centro') }) },
    {
      path: '/centro_costo_indirecto_elementos', table: 'rm_centro_costo_indirecto_elementos',
      create: async () => { const c = await one('SELECT id FROM rm_centros_costo_indirectos'); return c ? { id_centro_costo_indirecto: c, codigo: `E${Math.floor(r() * 1e5)}`, nombre: word('Elemento') } : null; },
      rename: () => ({ nombre: word('Elemento') }),
    },
    {
      path: '/frentes_obra', table: 'rm_frentes_obra',
      create: async () => { const o = await one('SELECT id FROM rm_obras'); return o ? { id_obra: o, codigo: `F${Math.floor(r() * 1e5)}`, nombre: word('Frente') } : null; },
      rename: () => ({ nombre: word('Frente') }),
    },
    { path: '/movilizacion_tipos', table: 'rm_movilizacion_tipos', create: async () => ({ nombre: word('Movilización'), codigo_recurso: '' }), rename: () => ({ nombre: word('Movilización') }) },
  ];

  /** The orders' copies come from these: rename them where an order names them, most of the time. */
  const named = (column: string, table: string) =>
    one(r() < 0.75 ? `SELECT DISTINCT o.${column} AS id FROM rm_ordenes_trabajo o JOIN ${table} t ON t.id = o.${column}` : `SELECT id FROM ${table}`);

  const workOrderFields = async (): Promise<Row | null> => {
    // People work at the order's site (the server checks it): all sites, their own, or assigned.
    const worksAt = (site: string) => `(u.all_works = 1 OR u.id_obra = ${site}
      OR EXISTS (SELECT 1 FROM rm_user_obras uo WHERE uo.id_user = u.id AND uo.id_obra = ${site} AND uo.estado = 1))`;
    const site = pick(await api.sql.unsafe<{ id: number }[]>(`
      SELECT o.id FROM rm_obras o WHERE o.estado = 1 AND EXISTS (SELECT 1 FROM rm_equipos e WHERE e.id_obra = o.id AND e.estado = 1)
         AND (SELECT count(DISTINCT u.id_role) FROM rm_users u WHERE u.estado = 1 AND u.id_role IN (11, 14, 15) AND ${worksAt('o.id')}) = 3
       ORDER BY 1`));
    if (!site) return null;
    const machine = await one(`SELECT id FROM rm_equipos WHERE id_obra = ${site.id} AND estado = 1`);
    const person = (role: number) => one(`SELECT u.id FROM rm_users u WHERE u.id_role = ${role} AND u.estado = 1 AND ${worksAt(String(site.id))}`);
    const el = pick(await api.sql<{ id: number; g: number }[]>`SELECT id, id_grupo_funcional AS g FROM rm_grupo_funcional_elementos WHERE estado = 1 ORDER BY 1`);
    const line = el ? [{ id: 0, id_grupo_funcional: el.g, id_grupo_funcional_elemento: el.id, descripcion: word('Falla'), horas: 1, minutos: 15, observacion: '' }] : [];
    const day = 1 + Math.floor(r() * 27);
    return {
      id: 0, version: 0, id_obra: site.id, id_equipo: machine, placa_equipo: '', serie_equipo: '', fecha_parada: `2026-10-${String(day).padStart(2, '0')} 08:00`,
      fecha_apertura_ot: `2026-10-${String(day).padStart(2, '0')} 08:30`, fecha_puesta_marcha: '', fecha_cierre_ot: '', horometro_parada: '1200', horometro_apertura_ot: '1200',
      horometro_puesta_marcha: '', horometro_cierre_ot: '', kilometraje: '', tercero_ruc: '', tercero_razon_social: '',
      id_operador: await person(11), id_mecanico: await person(14), id_supervisor: await person(15), firma_operador: 0, firma_mecanico: 0, firma_supervisor: 0,
      sin_productos: r() < 0.5 ? 1 : 0, terminado: 0, diagnosticos: line, intervenciones: line, productos_solicitados: [], documentos: [],
    };
  };
  /** A warehouse attends a Pedido (the site's of an order, the central's of a request), saved as
   * done or not: of each line it holds some of what is asked, from none to all. */
  const attend = (kind: string, module: string, id: number, lines: { id: number; q: number }[], field: string) =>
    call(kind, 'POST', `${module}/${pick(['create', 'save'])}`, { json: { id, terminado: r() < 0.8 ? 1 : 0, productos_solicitados: lines.map((l) => ({ id: l.id, [field]: Math.floor(r() * (l.q + 1)) })) } });
  /** A catalogue material as an order's part line (a unit its type converts), for one element. */
  const partLine = async (): Promise<Row | null> => {
    const m = pick(await api.sql<{ id: number; codigo: string; nombre: string; tipo: number; unidad: number }[]>`
      SELECT m.id::int, m.codigo, m.nombre, m.id_material_tipo::int AS tipo, c.id_unidad::int AS unidad
        FROM rm_materiales m JOIN rm_conversion_unidades c ON c.id_material_tipo = m.id_material_tipo AND c.estado = 1 WHERE m.estado = 1 ORDER BY 1, 5`);
    const el = pick(await api.sql<{ id: number; g: number }[]>`SELECT id, id_grupo_funcional AS g FROM rm_grupo_funcional_elementos WHERE estado = 1 ORDER BY 1`);
    if (!m || !el) return null;
    return { id: 0, id_grupo_funcional: el.g, id_grupo_funcional_elemento: el.id, descripcion: m.nombre, id_unidad: m.unidad, id_material: m.id, codigo_material: m.codigo,
      id_material_tipo: m.tipo, solicitud_material: 0, cantidad_solicitada_por_tecnico: 1 + Math.floor(r() * 5) };
  };
  /** An open order's form, saved back with `changes` (a new supervisor, machine, dates, closing…). */
  const saveOrder = async (kind: string, changes: (item: Row) => Row) => {
    const id = await one('SELECT id FROM rm_ordenes_trabajo WHERE estado = 1');
    if (!id) return;
    const form = await call(`${kind}:form`, 'GET', '/ordenes_trabajo/form', { query: { id } });
    if (form.status !== 200) return;
    const item = form.body.item as Row;
    const keep = ['id', 'version', 'id_obra', 'id_equipo', 'placa_equipo', 'serie_equipo', 'fecha_parada', 'fecha_puesta_marcha', 'fecha_apertura_ot', 'fecha_cierre_ot',
      'horometro_parada', 'horometro_puesta_marcha', 'horometro_apertura_ot', 'horometro_cierre_ot', 'kilometraje', 'tercero_ruc', 'tercero_razon_social',
      'id_operador', 'id_mecanico', 'id_supervisor', 'firma_operador', 'firma_mecanico', 'firma_supervisor', 'sin_productos', 'diagnosticos', 'intervenciones',
      'productos_solicitados', 'documentos'];
    const json = Object.fromEntries(keep.map((k) => [k, item[k] ?? '']));
    await call(kind, 'POST', '/ordenes_trabajo/create', { json: { ...json, ...changes(item) } });
  };

  /** Opens a site's expense sheet (its lines are created the first time) and saves one line. */
  const saveSiteExpenses = async () => {
    const id = await one('SELECT id FROM rm_obras WHERE estado = 1');
    if (!id) return;
    const g = await call('gastos:open', 'POST', '/obras/gastosGenerales', { json: { id } });
    if (g.status !== 200) return;
    const lines = ['concepto', 'gestion', 'almacen', 'tecnico'].flatMap((k) => (g.body[k] as { id: number }[]) ?? []);
    const line = pick(lines);
    if (line) await call('gastos:save', 'POST', '/obras_gastos_generales/create', { json: { id, version: g.body.version, obra_conceptos: [{ id: line.id, cantidad: 1 + Math.floor(r() * 5), monto: Math.floor(r() * 5000) }] } });
  };
  const createCatalogue = async (c: (typeof catalogues)[number]) => {
    const f = await c.create();
    if (f) await call(`catalogue:create ${c.path}`, 'POST', `${c.path}/create`, { json: { id: 0, ...f } });
  };
  const createCompany = async () => {
    await createRecord(api.store, 'empresa', { nombre: word('Empresa'), ruc: String(20100000000 + Math.floor(r() * 1e8)), estado: 1 }, { metadata });
  };
  const createSite = async () => {
    const e = await one('SELECT id FROM rm_empresas');
    if (!e) return;
    await createRecord(api.store, 'obra', { id_empresa: e, codigo: `OB${seed}${Math.floor(r() * 1e4)}`, nombre: word('Obra'), direccion: '', ciudad: 'Lima', estado: 1 }, { metadata });
    counts.set('obra:create', (counts.get('obra:create') ?? 0) + 1);
  };
  const createMachine = async () => {
    const k = pick(await api.sql<{ g: number; s: number; p: number }[]>`SELECT id_equipo_grupo AS g, id_equipo_subgrupo AS s, id AS p FROM rm_equipo_productos WHERE estado = 1 ORDER BY 1`);
    const m = pick(await api.sql<{ m: number; mo: number }[]>`SELECT id_marca AS m, id AS mo FROM rm_modelos WHERE estado = 1 ORDER BY 1`);
    const obra = await one('SELECT id FROM rm_obras WHERE estado = 1');
    if (!k || !m || !obra) return;
    const codigo = `EQ-${seed}-${Math.floor(r() * 1e6)}`;
    await call('equipo:create', 'POST', '/equipos/create', {
      json: { id: 0, id_obra: obra, codigo_sub_obra: 'SO-1', codigo, id_equipo_grupo: k.g, id_equipo_subgrupo: k.s, id_equipo_producto: k.p, id_marca: m.m, id_modelo: m.mo, id_marca_motor: m.m, id_modelo_motor: m.mo, serie: `S-${codigo}`, anio: 2020 },
    });
  };
  const createWorker = async (role: number) => {
    await call('user:create', 'POST', '/users/create', { json: { id: 0, id_role: role, name: personName(), surname: `${personName()} ${personName()}`, document: String(40000000 + Math.floor(r() * 9e6)), email: `p${seed}.${Math.floor(r() * 1e9)}@faena.pe` } });
  };
  /** What the random steps draw from: a company and sites, one row of each catalogue, machines and workers. */
  const prelude = async () => {
    await createCompany();
    for (let i = 0; i < 3; i++) await createSite();
    for (const c of catalogues) await createCatalogue(c);
    // A second request type: the requests use one other than type 1.
    await createCatalogue(catalogues.find((c) => c.path === '/solicitudes_tipos')!);
    for (let i = 0; i < 4; i++) await createMachine();
    for (const role of [11, 14, 15, 11, 14, 15]) await createWorker(role);
  };

  /** SICAM approves a request's order (the status pull's command; no worker runs here): each
   * product waiting for it at a price of 10 PEN, under order number OC-<seed>-<request>. */
  const sicamApproves = async (id: number) => {
    const products = await ids(`SELECT id FROM rm_productos_solicitados WHERE id_solicitud_compra = ${id} AND estado = 5`);
    await execute(api.store, async (c) => {
      const s = await c.load(purchaseRequests, id);
      s.decide({ type: 'RecordSicamSent', id, idSicam: `SIM-${id}` });
      s.decide({ type: 'RecordSicamStatus', id, status: { estado: 'aprobada', numero_orden: `OC-${seed}-${id}`, productos: products.map((p) => ({ id_producto_solicitado: p, precio: 10, moneda: 'PEN', anulado: false })) } });
    }, { metadata });
    counts.set('request:sicam-approved', (counts.get('request:sicam-approved') ?? 0) + 1);
  };
  /** The purchasing system's central-entries Excel of these rows (10 PEN each, unit UND), imported. */
  const importEntries = async (kind: string, rows: EntryRow[]) => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Ingresos');
    ws.addRow(['codigo_obra', 'codigo_recurso', 'descripcion_recurso', 'unidad', 'albaran', 'cantidad', 'importe', 'numero_orden_compra']);
    for (const e of rows) ws.addRow([e.obra, e.codigo, e.descripcion, 'UND', e.albaran, e.cantidad, 10, e.orden]);
    const form = new FormData();
    form.append('archivo', new File([new Uint8Array(await wb.xlsx.writeBuffer())], 'ingresos.xlsx'));
    return call(kind, 'POST', '/almacen_central_entradas_archivos', { form });
  };
  /** The central warehouse sends a product `cantidad` units (what the transfer screen offers when
   * not said) out of group `orden` (a purchase order's entries, or 'STOCK') with a waybill. */
  const transfer = async (kind: string, group: { codigo: string; orden: string }, product: number, cantidad?: number) => {
    const offered = await call(`${kind}-form`, 'GET', '/almacen_central_traslado_materiales/obtenerProductosSolicitados', { query: { codigo_recurso: group.codigo, numero_orden_compra: group.orden } });
    const row = ((offered.body.items ?? []) as { id: number; cantidad_a_salir: number }[]).find((x) => x.id === product && x.cantidad_a_salir > 0);
    if (!row) return;
    const salida = { id_producto_solicitado: row.id, cantidad_a_salir: Math.min(row.cantidad_a_salir, cantidad ?? row.cantidad_a_salir), numero_orden_compra: group.orden };
    await call(kind, 'POST', '/almacen_central_traslado_materiales/create', { json: { numero_guia: word('GR'), salidas: [salida] } });
  };

  /** Once per history, one order's part walked down the whole chain after the Pedido, each stage
   * taken when the one before was accepted: the order opened with 6 units of a part; its Pedido
   * attended with 1 in site stock, issued at once; its request (the other 5) generated, sent,
   * attended by the central warehouse with 1 in central stock, approved, and approved in SICAM
   * with an order; the order's 4 units entered from the purchasing system's Excel; their transfer
   * asked for; all 5 sent to the site with waybills (the order's and central stock's), received,
   * and 2 of them issued. So the success of every call after the Pedido is compared after a
   * rebuild, whatever the random draw. */
  const chain = async () => {
    // Three people of the order's roles at one site with a machine (new workers have no site).
    const [site] = await api.sql<{ id: number; e: number }[]>`
      SELECT o.id::int, o.id_empresa::int AS e FROM rm_obras o WHERE o.estado = 1 AND EXISTS (SELECT 1 FROM rm_equipos q WHERE q.id_obra = o.id AND q.estado = 1) ORDER BY 1 LIMIT 1`;
    if (!site) return;
    for (const role of [11, 14, 15]) {
      const id = await one(`SELECT id FROM rm_users WHERE id_role = ${role} AND estado = 1 ORDER BY id LIMIT 1`);
      if (id) await call('chain user_obra:create', 'POST', '/users/formUserObra', { json: { id_user: id, id_empresa: site.e, id_obra: site.id } });
    }
    const f = await workOrderFields();
    const part = await partLine();
    if (!f || !part) return;
    const opened = await call('chain work_order:open parts', 'POST', '/ordenes_trabajo/create', { json: { ...f, sin_productos: 0, productos_solicitados: [{ ...part, cantidad_solicitada_por_tecnico: 6 }] } });
    if (opened.status !== 200) return;
    const order = Number(opened.body.id);
    const [line] = await api.sql<{ id: number }[]>`SELECT id::int FROM rm_ot_lineas WHERE id_orden_trabajo = ${order} AND tabla = 'productos_solicitados'`;
    const issue = (cantidad: number) => call('chain site:issue', 'POST', '/almacen_obra_salidas/create', { json: { vale_salida: word('VS'), salidas: [{ id_producto_solicitado: line.id, cantidad_a_salir: cantidad }] } });
    const attended = await call('chain site:attend', 'POST', '/almacen_obra_ots/save', { json: { id: order, terminado: 1, productos_solicitados: [{ id: line.id, cantidad_en_almacen_obra: 1 }] } });
    if (attended.status !== 200) return;
    await issue(1);
    const generated = await call('chain site:request', 'POST', '/almacen_obra_ots/crearPreSolicitud', { json: { id_orden_trabajo: order } });
    if (generated.status !== 200) return;
    const id = Number(generated.body.id_solicitud_compra);
    const form = await call('chain request:form', 'GET', '/solicitudes_compras/form', { query: { id } });
    if (form.status !== 200) return;
    const item = form.body.item as Row;
    const [solicitudTipo] = await api.sql<{ id: number }[]>`SELECT id::int FROM rm_solicitudes_tipos WHERE estado = 1 AND id <> 1 ORDER BY id LIMIT 1`;
    const sent = await call('chain request:send', 'POST', '/solicitudes_compras/create', { json: {
      ...item, id_solicitudes_tipo: solicitudTipo?.id ?? 2, id_solicitudes_movilizacion_recursos: item.id_solicitudes_movilizacion_recursos ?? (await one('SELECT id FROM rm_recursos WHERE estado = 1')) ?? null, fecha_requerimiento: item.fecha_requerimiento || '2026-12-28', descripcion_trabajo: item.descripcion_trabajo || word('Trabajo'), documentos: [], terminado: 1,
    } });
    if (sent.status !== 200) return;
    const [product] = await api.sql<{ id: number; codigo: string; obra: string }[]>`
      SELECT p.id::int, upper(coalesce(nullif(p.codigo, ''), m.codigo)) AS codigo, s.codigo_obra AS obra
        FROM rm_productos_solicitados p JOIN rm_solicitudes_compras s ON s.id = p.id_solicitud_compra LEFT JOIN rm_materiales m ON m.id = p.id_material WHERE p.id_solicitud_compra = ${id}`;
    if (!product) return;
    const central = await call('chain request:attend', 'POST', '/almacen_central_ots/create', { json: { id, terminado: 1, productos_solicitados: [{ id: product.id, cantidad_en_almacen_central: 1 }] } });
    if (central.status !== 200) return;
    const approved = await call('chain request:approve', 'POST', '/solicitudes_compras/aprobar', { json: { id_solicitud_compra: id } });
    if (approved.status !== 200) return;
    await sicamApproves(id);
    const orden = `OC-${seed}-${id}`;
    const imported = await importEntries('chain central:import', [{ obra: product.obra, codigo: product.codigo, descripcion: word('Recurso'), albaran: word('ALB'), cantidad: 4, orden }]);
    if (imported.status !== 200) return;
    await call('chain central:transfer-request', 'POST', '/traslado_materiales/create', { json: { traslados: [{ codigo_recurso: product.codigo, numero_orden_compra: orden }] } });
    await transfer('chain central:transfer', { codigo: product.codigo, orden }, product.id);
    await transfer('chain central:transfer stock', { codigo: product.codigo, orden: 'STOCK' }, product.id);
    const [pending] = await api.sql<{ q: number }[]>`SELECT (cantidad_enviada_obra - cantidad_recibida_obra)::float8 AS q FROM rm_productos_solicitados WHERE id = ${product.id}`;
    if (!pending?.q) return;
    const received = await call('chain site:receive', 'POST', '/almacen_obra_entradas/create', { json: { entradas: [{ id_producto_solicitado: product.id, cantidad_entrante: pending.q }] } });
    if (received.status !== 200) return;
    if ((await issue(2)).status === 200) counts.set('chain:issued received', (counts.get('chain:issued received') ?? 0) + 1);
  };

  const steps: [number, () => Promise<void>][] = [
    // Master catalogues.
    [6, async () => createCatalogue(pick(catalogues)!)],
    [5, async () => { const c = pick(catalogues)!; await resave(`catalogue:rename ${c.path}`, c.path, await one(`SELECT id FROM ${c.table}`), c.rename()); }],
    [4, async () => { const c = pick(catalogues)!; await lifecycle(`catalogue ${c.path}`, c.path, c.table); }],
    // Sites and companies: record commands (no route creates or renames them).
    [2, createSite],
    [4, async () => {
      const id = await named('id_obra', 'rm_obras');
      if (id) { await updateRecord(api.store, 'obra', id, r() < 0.5 ? { nombre: word('Obra') } : { codigo: `OB${seed}${Math.floor(r() * 1e4)}` }, { metadata }); counts.set('obra:rename', (counts.get('obra:rename') ?? 0) + 1); }
    }],
    [1, async () => {
      const id = await one('SELECT id FROM rm_obras ORDER BY id DESC LIMIT 3');
      if (id) { await removeRecord(api.store, 'obra', id, { metadata }); counts.set('obra:remove', (counts.get('obra:remove') ?? 0) + 1); }
    }],
    [1, async () => { const e = await one('SELECT id FROM rm_empresas'); if (e) await updateRecord(api.store, 'empresa', e, { nombre: word('Empresa') }, { metadata }); }],
    [1, async () => { const id = await one('SELECT id FROM rm_obras'); if (id) await call('obra:monto', 'POST', '/obras/guardarMonto', { json: { id, monto_total: Math.floor(r() * 1e6) } }); }],
    [1, saveSiteExpenses],
    // Machines: create, rename (code), change product, transfer, lifecycle, documents, amortization.
    [3, createMachine],
    [4, async () => { await resave('equipo:rename', '/equipos', await named('id_equipo', 'rm_equipos'), { codigo: `EQ-${seed}-${Math.floor(r() * 1e6)}` }); }],
    [2, async () => {
      const p = pick(await api.sql<{ g: number; s: number; p: number }[]>`SELECT id_equipo_grupo AS g, id_equipo_subgrupo AS s, id AS p FROM rm_equipo_productos WHERE estado = 1 ORDER BY 1`);
      if (p) await resave('equipo:product', '/equipos', await named('id_equipo', 'rm_equipos'), { id_equipo_grupo: p.g, id_equipo_subgrupo: p.s, id_equipo_producto: p.p });
    }],
    [3, async () => {
      const id = await one('SELECT DISTINCT e.id_equipo_producto AS id FROM rm_ordenes_trabajo o JOIN rm_equipos e ON e.id = o.id_equipo');
      await resave('equipo_producto:rename', '/equipo_productos', id, { nombre: word('Producto') });
    }],
    [1, async () => { const obra = await one('SELECT id FROM rm_obras WHERE estado = 1'); if (obra) await resave('equipo:transfer', '/equipos', await one('SELECT id FROM rm_equipos'), { id_obra: obra }); }],
    [2, () => lifecycle('equipo', '/equipos', 'rm_equipos')],
    [1, async () => { const id = await one('SELECT id FROM rm_equipos'); if (id) await call('equipo_documento:create', 'POST', '/equipo_documentos/create', { json: { id: 0, id_equipo: id, titulo: word('Documento') } }); }],
    [1, async () => { const id = await one('SELECT id FROM rm_equipo_documentos'); if (id) await call('equipo_documento:remove', 'GET', '/equipo_documentos/remove', { query: { id } }); }],
    [1, async () => {
      const id = await one('SELECT id FROM rm_equipos');
      if (!id) return;
      await call('equipo:amortizacion', 'POST', '/equipo_amortizacion/create', { json: { id, amortizacion: Math.floor(r() * 60), amortizacion_inicio: '2026-01-01' } });
      // The tariff and insurance too (versions of the profitability's fixed inputs), drawing no
      // random number so the rest of the history stays what it was.
      await resave('equipo:tarifa', '/equipos', id, { tipo_tarifa: id % 2 ? 'MES' : 'HORA', tarifa: (id * 37) % 500, costo_anual_seguro: (id * 131) % 9000 });
    }],
    // People: create, rename, lifecycle, site assignments.
    [2, () => createWorker(pick([11, 14, 15])!)],
    [5, async () => {
      const column = pick(['id_operador', 'id_mecanico', 'id_supervisor'])!;
      await resave('user:rename', '/users', await named(column, 'rm_users'), r() < 0.5 ? { name: personName() } : { surname: personName() });
    }],
    [1, async () => {
      const id = await one('SELECT id FROM rm_users WHERE id_role IN (11, 14, 15)');
      if (!id) return;
      const what = pick(['enable', 'disable', 'remove'] as const)!;
      if (what === 'remove') await call('user:remove', 'GET', '/users/remove', { query: { id } });
      else await call(`user:${what}`, 'POST', `/users/${what}`, { json: { id } });
    }],
    [1, async () => {
      const u = pick(await api.sql<{ id: number }[]>`SELECT id FROM rm_users WHERE id_role IN (11, 14, 15) ORDER BY 1`);
      const o = pick(await api.sql<{ id: number; e: number }[]>`SELECT id, id_empresa AS e FROM rm_obras ORDER BY 1`);
      if (u && o) await call('user_obra:create', 'POST', '/users/formUserObra', { json: { id_user: u.id, id_empresa: o.e, id_obra: o.id } });
    }],
    [1, async () => { const id = await one('SELECT id FROM rm_user_obras'); if (id) await call('user_obra:remove', 'POST', '/users/removeUserObra', { json: { id } }); }],
    [1, async () => { await call('me:update', 'POST', '/me/update', { json: { settings: { theme: pick(['light', 'dark']) }, shortcuts: ['/ordenes_trabajo'] } }); }],
    [1, async () => { await call('me:language', 'POST', '/me/setLanguage', { json: { id_language: 1 + Math.floor(r() * 3) } }); }],
    // Profiles and the menu.
    [1, async () => {
      const mods = await ids(GRANTABLE_MODULES);
      const perms = mods.filter(() => r() < 0.3).map((id_module) => ({ id_module, see: 1, edit: r() < 0.5 ? 1 : 0 }));
      await call('role:create', 'POST', '/roles/create', { json: { id: 0, name: word('Perfil'), id_type_user: 1, system_user: 1, perms } });
    }],
    [1, async () => {
      const id = await one('SELECT id FROM rm_roles WHERE protected = 0 AND id > 16');
      const mods = await ids(GRANTABLE_MODULES);
      if (id) await resave('role:perms', '/roles', id, { perms: mods.filter(() => r() < 0.3).map((id_module) => ({ id_module, see: 1, edit: 0 })) });
    }],
    [1, async () => { const id = await one('SELECT id FROM rm_roles WHERE protected = 0 AND id > 16'); if (id) await call('role:remove', 'GET', '/roles/remove', { query: { id } }); }],
    [1, async () => {
      const parent = await one("SELECT id FROM rm_modules WHERE type = 'group' AND root = 0 AND id_type_user = 1");
      await call('module:create', 'POST', '/modules/create', { json: { id: 0, name: word('Módulo'), url: `/m${seed}_${Math.floor(r() * 1e6)}`, id_parent: parent ?? null } });
    }],
    [1, async () => { await resave('module:rename', '/modules', await one('SELECT id FROM rm_modules WHERE root = 0'), { name: word('Módulo') }); }],
    [1, async () => { const id = await one("SELECT id FROM rm_modules WHERE name LIKE 'Módulo %'"); if (id) await call('module:remove', 'GET', '/modules/remove', { query: { id } }); }],
    // Company settings and the legal text.
    [1, async () => { await call('settings:save', 'POST', '/settings/save', { json: { brand: word('Faena').slice(0, 100), interval: 5 + Math.floor(r() * 60), phone: String(Math.floor(r() * 1e9)) } }); }],
    [1, async () => { await call('legal:save', 'POST', '/legal/save', { json: { legal: `<p>${word('Términos')}</p>` } }); }],
    [1, async () => { await call('legal:restore', 'POST', '/legal/restore', { json: {} }); }],
    // Hour-meter logs.
    [2, async () => {
      const id = await one('SELECT id FROM rm_equipos WHERE estado = 1');
      const start = 1000 + Math.floor(r() * 5000);
      if (id) await call('horometro:create', 'POST', '/horometros/create', { json: { id: 0, id_equipo: id, fecha: `2026-09-${String(1 + Math.floor(r() * 28)).padStart(2, '0')}`, id_tipo_turno: 1 + Math.floor(r() * 2), h_inicio: start, h_fin: start + Math.floor(r() * 12), confirmar_horometro: 1 } });
    }],
    [1, () => lifecycle('horometro', '/horometros', 'rm_horometros')],
    // Work orders: open, change (people, machine), close, cancel, replicate, service request, lines.
    [6, async () => { const f = await workOrderFields(); if (f) await call('work_order:open', 'POST', '/ordenes_trabajo/create', { json: f }); }],
    [4, async () => {
      const f = await workOrderFields();
      const part = await partLine();
      if (f && part) await call('work_order:open parts', 'POST', '/ordenes_trabajo/create', { json: { ...f, sin_productos: 0, productos_solicitados: [part] } });
    }],
    [3, async () => {
      const f = await workOrderFields();
      if (f) await saveOrder('work_order:people', () => ({ id_operador: f.id_operador, id_mecanico: f.id_mecanico, id_supervisor: f.id_supervisor }));
    }],
    [2, async () => {
      const machines = await api.sql<{ id: number; o: number }[]>`SELECT id, id_obra AS o FROM rm_equipos WHERE estado = 1`;
      await saveOrder('work_order:machine', (item) => ({ id_equipo: pick(machines.filter((m) => m.o === item.id_obra).map((m) => m.id)) ?? item.id_equipo }));
    }],
    [2, async () => saveOrder('work_order:close', (item) => ({ terminado: 1, fecha_puesta_marcha: `${String(item.fecha_apertura_ot).slice(0, 10)} 17:00`, fecha_cierre_ot: `${String(item.fecha_apertura_ot).slice(0, 10)} 18:00`, horometro_puesta_marcha: '1210', horometro_cierre_ot: '1210' }))],
    [1, async () => { const id = await one('SELECT id FROM rm_ordenes_trabajo WHERE estado = 1'); if (id) await call('work_order:cancel', 'POST', '/ordenes_trabajo/disable', { json: { id } }); }],
    [1, async () => {
      const id = await one('SELECT id FROM rm_ordenes_trabajo WHERE estado <> 1 AND id_replica IS NULL');
      if (!id) return;
      const form = await call('work_order:replica-form', 'GET', '/ordenes_trabajo/form', { query: { id, replicar: 'true' } });
      const f = await workOrderFields();
      if (form.status === 200 && f) await call('work_order:replicate', 'POST', '/ordenes_trabajo/create', { json: { ...f, id_obra: (form.body.item as Row).id_obra ?? f.id_obra, rechazado_id: id } });
    }],
    [1, async () => { const id = await one('SELECT id FROM rm_ordenes_trabajo WHERE estado = 1 AND sin_productos = 1 AND id_solicitud_compra = 0'); if (id) await call('work_order:service-request', 'POST', '/ordenes_trabajo/crearPreSolicitudServicio', { json: { id_orden_trabajo: id } }); }],
    [1, async () => {
      const l = pick(await api.sql<{ id: number; tabla: string }[]>`SELECT l.id, l.tabla FROM rm_ot_lineas l JOIN rm_ordenes_trabajo o ON o.id = l.id_orden_trabajo WHERE o.estado = 1 AND l.tabla <> 'documentos' ORDER BY 1`);
      if (l) await call('work_order:remove-line', 'POST', '/ordenes_trabajo/eliminarElementoDeDetalle', { json: { tabla: l.tabla, id: l.id } });
    }],
    // Purchase requests: create (with or without an OT), edit, send, the central Pedido, observe,
    // approve (the SICAM push queued), reject, annul, annul or remove a product, from an OT.
    [4, async () => {
      const obra = await one('SELECT id FROM rm_obras WHERE estado = 1');
      const unidad = await one('SELECT id FROM rm_unidades');
      const material = await one('SELECT id FROM rm_materiales');
      if (!obra || !unidad) return;
      const tipo = pick(['compra', 'servicio', 'despacho'] as const)!;
      const productos = Array.from({ length: 1 + Math.floor(r() * 3) }, () => ({ id: 0, id_material: r() < 0.5 ? material ?? null : null, descripcion: word('Repuesto'), id_unidad: unidad, cantidad_solicitada_por_almacen_obra: 1 + Math.floor(r() * 9) }));
      // An active request type other than 1 (type 1 also asks for the cost-centre type).
      const [solicitudTipo] = await api.sql<{ id: number }[]>`SELECT id::int FROM rm_solicitudes_tipos WHERE estado = 1 AND id <> 1 ORDER BY id LIMIT 1`;
      await call(`request:create ${tipo}`, 'POST', '/solicitudes_compras/create_not_ot', { json: { id: 0, tipo, id_obra: obra, id_solicitudes_tipo: solicitudTipo?.id ?? 2, fecha_requerimiento: '2026-12-01', descripcion_trabajo: word('Trabajo'), productos_solicitados: productos, terminado: r() < 0.5 ? 1 : 0 } });
    }],
    [2, async () => {
      const id = await one('SELECT id FROM rm_solicitudes_compras WHERE estado IN (1, 8)');
      if (!id) return;
      const form = await call('request:form', 'GET', '/solicitudes_compras/form', { query: { id } });
      if (form.status !== 200) return;
      const item = form.body.item as Row & { productos_solicitados: Row[] };
      const productos = item.productos_solicitados.filter(() => r() < 0.8).map((p) => ({ ...p, cantidad_solicitada_por_almacen_obra: 1 + Math.floor(r() * 9) }));
      await call('request:edit', 'POST', '/solicitudes_compras/create', { json: { ...item, productos_solicitados: productos, descripcion_trabajo: word('Trabajo'), terminado: r() < 0.5 ? 1 : 0 } });
    }],
    [3, async () => {
      const id = await one('SELECT id FROM rm_solicitudes_compras WHERE estado = 3 AND atendido_por_almacen_central = 0');
      if (!id) return;
      const products = await api.sql<{ id: number; q: number }[]>`SELECT id::int, cantidad_solicitada_por_almacen_obra::float8 AS q FROM rm_productos_solicitados WHERE id_solicitud_compra = ${id} AND estado NOT IN (2, 13)`;
      if (r() < 0.2) {
        await call('request:observe', 'POST', '/solicitudes_compras/observar', { json: { id_solicitud_compra: id, motivo_observado: word('Motivo') } });
        return;
      }
      await attend('request:attend', '/almacen_central_ots', id, products, 'cantidad_en_almacen_central');
    }],
    [3, async () => {
      const id = await one('SELECT id FROM rm_solicitudes_compras WHERE estado = 4');
      if (!id) return;
      if (r() < 0.75) await call('request:approve', 'POST', '/solicitudes_compras/aprobar', { json: { id_solicitud_compra: id } });
      else await call('request:reject', 'POST', '/solicitudes_compras/rechazar', { json: { id_solicitud_compra: id, motivo_rechazo: word('Motivo') } });
    }],
    [1, async () => { const id = await one('SELECT id FROM rm_solicitudes_compras WHERE estado = 5 AND enviado_sicam = 0'); if (id) await call('request:annul', 'POST', '/solicitudes_compras/anular_sicoe', { json: { id_solicitud_compra: id } }); }],
    [1, async () => { const id = await one('SELECT id FROM rm_productos_solicitados WHERE estado IN (1, 3, 4, 5)'); if (id) await call('request:annul-product', 'POST', '/solicitudes_compras/anular_sicoe_material', { json: { id_gestion_ot: id } }); }],
    [1, async () => { const id = await one('SELECT p.id FROM rm_productos_solicitados p JOIN rm_solicitudes_compras s ON s.id = p.id_solicitud_compra WHERE s.estado = 1 AND s.creado_desde_ot = 0'); if (!id) return;
      if (r() < 0.5) await call('request:remove-product', 'POST', '/solicitudes_compras/eliminarProducto', { json: { id } });
      else await call('request:remove-product', 'POST', '/solicitudes_compras/eliminarElementoDeDetalle', { json: { tabla: 'productos_solicitados', id } });
    }],
    [1, async () => {
      const id = await one("SELECT o.id FROM rm_ordenes_trabajo o WHERE o.estado = 1 AND o.id_solicitud_compra = 0 AND EXISTS (SELECT 1 FROM rm_ot_lineas l WHERE l.id_orden_trabajo = o.id AND l.tabla = 'productos_solicitados')");
      if (id) await call('request:from-ot', 'POST', '/solicitudes_compras/crearPreSolicitud', { json: { id_orden_trabajo: id } });
    }],
    // SICAM approves an order (the status pull's command; no worker runs here), then central
    // entries from Excel bring its products in, whole or in part, repeated rows and unknown orders
    // included.
    [3, async () => {
      const id = await one('SELECT id FROM rm_solicitudes_compras WHERE estado = 5 AND enviado_sicam = 0 AND tipo = 1');
      if (id) await sicamApproves(id);
    }],
    [4, async () => {
      const site = pick(await api.sql<{ codigo: string }[]>`SELECT codigo FROM rm_obras WHERE codigo IS NOT NULL AND codigo <> ''`) ?? { codigo: 'SIN-OBRA' };
      const lines = await api.sql<{ orden: string; codigo: string }[]>`SELECT p.numero_orden AS orden, coalesce(nullif(p.codigo, ''), m.codigo, 'SIN-CODIGO') AS codigo
        FROM rm_productos_solicitados p LEFT JOIN rm_materiales m ON m.id = p.id_material WHERE p.numero_orden IS NOT NULL`;
      const rows: EntryRow[] = [];
      for (let i = 0; i < 1 + Math.floor(r() * 4); i++) {
        const l = r() < 0.85 ? pick(lines) : undefined;
        rows.push({ obra: site.codigo, codigo: l?.codigo ?? 'SIN-CODIGO', descripcion: word('Recurso'), albaran: `ALB-${Math.floor(r() * 3)}`, cantidad: 1 + Math.floor(r() * 4), orden: l?.orden ?? 'OC-NO-EXISTE' });
      }
      await importEntries('central:import', rows);
    }],
    // The warehouses after the Pedido: the site attends an order's Pedido and generates its request,
    // the central warehouse transfers (from its stock or a purchase order's entries) and is asked
    // for transfers, the site receives and issues.
    [4, async () => {
      const id = await one("SELECT o.id FROM rm_ordenes_trabajo o WHERE o.estado = 1 AND o.atendido_por_almacen_obra = 0 AND EXISTS (SELECT 1 FROM rm_ot_lineas l WHERE l.id_orden_trabajo = o.id AND l.tabla = 'productos_solicitados')");
      if (!id) return;
      const lines = await api.sql<{ id: number; q: number }[]>`SELECT id::int, (line->>'cantidad_solicitada_por_tecnico')::float8 AS q FROM rm_ot_lineas WHERE id_orden_trabajo = ${id} AND tabla = 'productos_solicitados' ORDER BY id`;
      await attend('site:attend', '/almacen_obra_ots', id, lines, 'cantidad_en_almacen_obra');
    }],
    [3, async () => { const id = await one('SELECT id FROM rm_ordenes_trabajo WHERE estado = 1 AND atendido_por_almacen_obra = 1 AND id_solicitud_compra = 0'); if (id) await call('site:request', 'POST', '/almacen_obra_ots/crearPreSolicitud', { json: { id_orden_trabajo: id } }); }],
    [3, async () => {
      // A group with units left to send (central stock, 'STOCK', or a purchase order's entries), and
      // a product of it the transfer screen offers.
      const g = pick(await api.sql<{ codigo: string; orden: string }[]>`
        SELECT codigo, CASE WHEN numero_orden = '' THEN 'STOCK' ELSE numero_orden END AS orden FROM v_almacen_central_grupos WHERE cantidad_disponible > 0 ORDER BY 1, 2`);
      if (!g) return;
      const offered = await call('central:transfer-form', 'GET', '/almacen_central_traslado_materiales/obtenerProductosSolicitados', { query: { codigo_recurso: g.codigo, numero_orden_compra: g.orden } });
      const row = pick(((offered.body.items ?? []) as { id: number; cantidad_a_salir: number }[]).filter((x) => x.cantidad_a_salir > 0));
      if (!row) return;
      const salida = { id_producto_solicitado: row.id, cantidad_a_salir: Math.min(row.cantidad_a_salir, 1 + Math.floor(r() * row.cantidad_a_salir)), numero_orden_compra: g.orden };
      await call('central:transfer', 'POST', '/almacen_central_traslado_materiales/create', { json: { numero_guia: word('GR'), salidas: [salida] } });
    }],
    [1, async () => {
      const g = pick(await api.sql<{ codigo: string; orden: string }[]>`SELECT DISTINCT codigo_recurso AS codigo, numero_orden_compra AS orden FROM rm_almacen_central_entradas ORDER BY 1, 2`);
      if (g) await call('central:transfer-request', 'POST', '/traslado_materiales/create', { json: { traslados: [{ codigo_recurso: g.codigo, numero_orden_compra: g.orden }] } });
    }],
    [2, async () => {
      const p = pick(await api.sql<{ id: number; q: number }[]>`SELECT id::int, (cantidad_enviada_obra - cantidad_recibida_obra)::float8 AS q FROM rm_productos_solicitados WHERE cantidad_enviada_obra > cantidad_recibida_obra ORDER BY 1`);
      if (p) await call('site:receive', 'POST', '/almacen_obra_entradas/create', { json: { entradas: [{ id_producto_solicitado: p.id, cantidad_entrante: Math.min(p.q, 1 + Math.floor(r() * p.q)) }] } });
    }],
    [2, async () => {
      const l = pick(await api.sql<{ id: number; q: number }[]>`SELECT l.id::int, (l.line->>'cantidad_solicitada_por_tecnico')::float8 AS q FROM rm_ot_lineas l JOIN rm_ordenes_trabajo o ON o.id = l.id_orden_trabajo
        WHERE l.tabla = 'productos_solicitados' AND o.estado = 1 AND o.atendido_por_almacen_obra = 1 ORDER BY 1`);
      if (l) await call('site:issue', 'POST', '/almacen_obra_salidas/create', { json: { vale_salida: word('VS'), salidas: [{ id_producto_solicitado: l.id, cantidad_a_salir: 1 + Math.floor(r() * l.q) }] } });
    }],
    // Preventive maintenance: a site's automatic opening, a machine's plans saved, changed, removed.
    [1, async () => {
      const id = await one('SELECT id FROM rm_obras WHERE estado = 1');
      if (id) await call('pm:settings', 'POST', '/mantenimiento_preventivo/configuracion/create', { json: { id_obra: id, auto_abrir: r() < 0.5, dias_anticipacion: 1 + Math.floor(r() * 60) } });
    }],
    [2, async () => {
      const id = await one('SELECT id FROM rm_equipos WHERE estado = 1');
      if (!id) return;
      const plans = await call('pm:plans', 'GET', '/mantenimiento_preventivo/planes', { query: { id_equipo: id } });
      // Plan 0 is the subgroup's (changed, or removed back to the subgroup's); 1, 2… the machine's own.
      const plan = pick(((plans.body.items ?? []) as { id_plan: number }[]).map((p) => p.id_plan).filter((p) => p > 0 || r() < 0.3));
      if (plan !== undefined && r() < 0.4) {
        await call('pm:plan-remove', 'POST', '/mantenimiento_preventivo/planes/remove', { json: { id_equipo: id, id_plan: plan } });
        return;
      }
      const codigo = pick(await api.sql<{ codigo: string }[]>`SELECT codigo FROM rm_materiales ORDER BY 1`)?.codigo;
      const hours = r() < 0.5;
      await call('pm:plan', 'POST', '/mantenimiento_preventivo/planes/create', { json: {
        id_equipo: id, id_plan: r() < 0.5 ? plan ?? null : null, nombre: word('Plan'), unidad: hours ? 'horas' : 'dias', intervalo: hours ? 250 * (1 + Math.floor(r() * 4)) : 30 * (1 + Math.floor(r() * 3)),
        intervenciones: [word('Cambio')], productos: codigo ? [{ codigo, cantidad: 1 + Math.floor(r() * 3) }] : [], activo: r() < 0.8 ? 1 : 0,
        ultimo_valor: hours ? Math.floor(r() * 3000) : null, ...(hours ? {} : { ultima_fecha: `2026-${String(1 + Math.floor(r() * 11)).padStart(2, '0')}-15` }),
      } });
    }],
    // The menu's order: a module moved to another place among its siblings.
    [1, async () => {
      const m = pick(await api.sql<{ id: number; p: number | null }[]>`SELECT id::int, id_parent::int AS p FROM rm_modules WHERE root = 0 AND id_type_user = 1 ORDER BY 1`);
      // The menu is root's to order (the access data's admin does not edit it).
      if (m) await call('module:resort', 'POST', '/modules/resort', { token: await api.login('root@faena.pe'), json: { items: [{ id: m.id, id_parent: m.p, orden: Math.floor(r() * 8) }] } });
    }],
    // Sessions and notifications.
    [1, async () => {
      const t = await api.login(pick(['jefe@faena.pe', 'supervisor@faena.pe', 'mecanico@faena.pe'])!);
      called.add('/auth/login');
      counts.set('session:open', (counts.get('session:open') ?? 0) + 1);
      if (r() < 0.5) await call('session:close', 'POST', '/login/logout', { token: t });
    }],
    [1, async () => {
      const s = pick(await api.sql<{ id: string }[]>`SELECT id::text FROM auth_sessions WHERE date_deleted IS NULL AND id_user <> (SELECT id FROM rm_users WHERE email = 'admin@faena.pe') ORDER BY 1`);
      if (s) await call('session:remove', 'GET', '/sessions/remove', { query: { id: s.id } });
    }],
    [1, async () => { const id = await one("SELECT id FROM rm_users WHERE id_role IN (11, 14, 15) AND estado = 1"); if (id) await call('session:login-as', 'POST', '/users/loginAs', { json: { id } }); }],
    [2, async () => { const me = await one("SELECT id FROM rm_users WHERE email = 'admin@faena.pe'"); if (me) await call('notification:send', 'POST', '/live/enviarNotificacion', { json: { id_user: me, contenido: word('Aviso') } }); }],
    [1, async () => { const mine = await ids("SELECT id FROM rm_notifications WHERE estado <> '0'"); if (mine.length) await call('notification:read', 'POST', '/live/leerNotificaciones', { json: { ids: mine.slice(0, 3) } }); }],
    [1, async () => { const id = await one('SELECT id FROM rm_notifications'); if (id) await call('notification:delete', 'POST', '/live/eliminarNotificacion', { json: { id } }); }],
  ];
  const total = steps.reduce((s, [w]) => s + w, 0);
  /** Whatever the draw, each history ends by renaming a site, a machine, a product and a person
   * that orders name, then removing a site and a person that orders name. */
  const removals = async () => {
    // Once in the test, the newest record of each kind is disabled, enabled and (but profiles and
    // modules) removed, refused while something names it, so each of those calls is driven
    // whatever the draw.
    if (everyCall) {
      // Every kind of step once, then the calls a step's own draw may miss, each once: on a record
      // that fits when there is one, else refused.
      for (const [, step] of steps) await step();
      const some = async (q: string) => (await one(q)) ?? 0;
      await call('every request:approve', 'POST', '/solicitudes_compras/aprobar', { json: { id_solicitud_compra: await some('SELECT id FROM rm_solicitudes_compras WHERE estado = 4') } });
      await call('every request:attend', 'POST', '/almacen_central_ots/create', {
        json: { id: await some('SELECT id FROM rm_solicitudes_compras WHERE estado = 3 AND atendido_por_almacen_central = 0'), terminado: 0, productos_solicitados: [] },
      });
      await call('every session:close', 'POST', '/login/logout', { token: await api.login('jefe@faena.pe') });
      await call('every request:reject', 'POST', '/solicitudes_compras/rechazar', { json: { id_solicitud_compra: await some('SELECT id FROM rm_solicitudes_compras WHERE estado = 4'), motivo_rechazo: word('Motivo') } });
      await call('every request:observe', 'POST', '/solicitudes_compras/observar', {
        json: { id_solicitud_compra: await some('SELECT id FROM rm_solicitudes_compras WHERE estado = 3 AND atendido_por_almacen_central = 0'), motivo_observado: word('Motivo') },
      });
      await call('every request:from-ot', 'POST', '/solicitudes_compras/crearPreSolicitud', { json: { id_orden_trabajo: await some('SELECT id FROM rm_ordenes_trabajo WHERE estado = 1 AND id_solicitud_compra = 0') } });
      const line = pick(await api.sql<{ id: number; tabla: string }[]>`SELECT l.id, l.tabla FROM rm_ot_lineas l JOIN rm_ordenes_trabajo o ON o.id = l.id_orden_trabajo WHERE o.estado = 1 AND l.tabla <> 'documentos' ORDER BY 1`);
      await call('every work_order:remove-line', 'POST', '/ordenes_trabajo/eliminarElementoDeDetalle', { json: { tabla: line?.tabla ?? 'diagnosticos', id: line?.id ?? 0 } });
      const draftProduct = await some('SELECT p.id FROM rm_productos_solicitados p JOIN rm_solicitudes_compras s ON s.id = p.id_solicitud_compra WHERE s.estado = 1 AND s.creado_desde_ot = 0');
      await call('every request:remove-product', 'POST', '/solicitudes_compras/eliminarElementoDeDetalle', { json: { tabla: 'productos_solicitados', id: draftProduct } });
      await call('every pm:plan-remove', 'POST', '/mantenimiento_preventivo/planes/remove', { json: { id_equipo: await some('SELECT id FROM rm_equipos WHERE estado = 1'), id_plan: 0 } });
      await call('every module:remove', 'GET', '/modules/remove', { query: { id: await some("SELECT id FROM rm_modules WHERE name LIKE 'Módulo %'") } });
      const machine = await one('SELECT id FROM rm_equipos');
      if (machine) await call('every equipo_documento:create', 'POST', '/equipo_documentos/create', { json: { id: 0, id_equipo: machine, titulo: word('Documento') } });
      const kinds: [string, string, boolean][] = [
        ...catalogues.map((c): [string, string, boolean] => [c.path, c.table, true]),
        ['/equipos', 'rm_equipos', true], ['/horometros', 'rm_horometros', true], ['/equipo_amortizacion', 'rm_equipo_amortizaciones', true],
        ['/equipo_documentos', 'rm_equipo_documentos', true], ['/obras', 'rm_obras', true], ['/empresas', 'rm_empresas', true],
        ['/users', 'rm_users', true], ['/roles', 'rm_roles', false], ['/modules', 'rm_modules', false],
      ];
      for (const [path, table, remove] of kinds) {
        // None left of a kind (the draw removed them all): the calls are refused.
        const id = await some(`SELECT id FROM ${table} ORDER BY id DESC LIMIT 1`);
        for (const what of ['disable', 'enable'] as const) await call(`every ${path}:${what}`, 'POST', `${path}/${what}`, { json: { id } });
        if (remove) await call(`every ${path}:remove`, 'GET', `${path}/remove`, { query: { id } });
      }
      const [serviceOrder] = await api.sql<{ id: number }[]>`SELECT id::int FROM rm_ordenes_trabajo WHERE estado = 1 AND sin_productos = 1 AND id_solicitud_compra = 0 ORDER BY id LIMIT 1`;
      await call('every work_order:service-request', 'POST', '/ordenes_trabajo/crearPreSolicitudServicio', { json: { id_orden_trabajo: serviceOrder?.id ?? 0 } });
      // Both calls of each warehouse's Pedido, and the request of an attended one.
      const pedidos: [string, string][] = [
        ['/almacen_obra_ots', "SELECT o.id FROM rm_ordenes_trabajo o WHERE o.estado = 1 AND o.atendido_por_almacen_obra = 0 AND EXISTS (SELECT 1 FROM rm_ot_lineas l WHERE l.id_orden_trabajo = o.id AND l.tabla = 'productos_solicitados')"],
        ['/almacen_central_ots', 'SELECT id FROM rm_solicitudes_compras WHERE estado = 3 AND atendido_por_almacen_central = 0'],
      ];
      for (const [module, q] of pedidos) for (const verb of ['create', 'save']) await call(`every ${module}/${verb}`, 'POST', `${module}/${verb}`, { json: { id: await some(q), terminado: 0, productos_solicitados: [] } });
      await call('every site:request', 'POST', '/almacen_obra_ots/crearPreSolicitud', { json: { id_orden_trabajo: await some('SELECT id FROM rm_ordenes_trabajo WHERE estado = 1 AND atendido_por_almacen_obra = 1 AND id_solicitud_compra = 0') } });
      // The moves after it, each once: of a product or line that may move when there is one, else refused.
      const salida = { id_producto_solicitado: await some('SELECT id FROM rm_productos_solicitados WHERE cantidad_en_almacen_central > 0'), cantidad_a_salir: 1, numero_orden_compra: 'STOCK' };
      await call('every central:transfer', 'POST', '/almacen_central_traslado_materiales/create', { json: { numero_guia: word('GR'), salidas: [salida] } });
      await call('every central:transfer-request', 'POST', '/traslado_materiales/create', { json: { traslados: [{ codigo_recurso: 'SIN-CODIGO', numero_orden_compra: 'OC-NO-EXISTE' }] } });
      const entrada = { id_producto_solicitado: await some('SELECT id FROM rm_productos_solicitados WHERE cantidad_enviada_obra > cantidad_recibida_obra'), cantidad_entrante: 1 };
      await call('every site:receive', 'POST', '/almacen_obra_entradas/create', { json: { entradas: [entrada] } });
      const issued = { id_producto_solicitado: await some("SELECT l.id FROM rm_ot_lineas l JOIN rm_ordenes_trabajo o ON o.id = l.id_orden_trabajo WHERE l.tabla = 'productos_solicitados' AND o.atendido_por_almacen_obra = 1"), cantidad_a_salir: 1 };
      await call('every site:issue', 'POST', '/almacen_obra_salidas/create', { json: { vale_salida: word('VS'), salidas: [issued] } });
    }
    const obra = await named('id_obra', 'rm_obras');
    if (obra) {
      await updateRecord(api.store, 'obra', obra, { nombre: word('Obra') }, { metadata });
      counts.set('obra:rename', (counts.get('obra:rename') ?? 0) + 1);
    }
    await resave('equipo:rename', '/equipos', await named('id_equipo', 'rm_equipos'), { codigo: `EQ-${seed}-${Math.floor(r() * 1e6)}` });
    await resave('equipo_producto:rename', '/equipo_productos',
      await one('SELECT DISTINCT e.id_equipo_producto AS id FROM rm_ordenes_trabajo o JOIN rm_equipos e ON e.id = o.id_equipo'), { nombre: word('Producto') });
    await resave('user:rename', '/users', await one("SELECT DISTINCT o.id_mecanico AS id FROM rm_ordenes_trabajo o JOIN rm_users u ON u.id = o.id_mecanico WHERE u.id_role <> 1"), { name: personName() });
    const site = await named('id_obra', 'rm_obras');
    if (site) {
      await removeRecord(api.store, 'obra', site, { metadata });
      counts.set('obra:remove', (counts.get('obra:remove') ?? 0) + 1);
    }
    const person =
      (await one("SELECT DISTINCT o.id_supervisor AS id FROM rm_ordenes_trabajo o JOIN rm_users u ON u.id = o.id_supervisor WHERE u.email <> 'supervisor@faena.pe'")) ??
      (await one('SELECT DISTINCT o.id_operador AS id FROM rm_ordenes_trabajo o JOIN rm_users u ON u.id = o.id_operador'));
    if (person) {
      // The API refuses to remove a person orders name (disable instead); older logs hold such
      // removals, so the projections must still follow one: written as the domain function does.
      await call('user:disable named', 'POST', '/users/disable', { json: { id: person } });
      await removeRecord(api.store, 'user', person, { metadata });
      counts.set('user:remove named', (counts.get('user:remove named') ?? 0) + 1);
    }
  };
  return async (n: number) => {
    await prelude();
    await chain();
    for (let i = 0; i < n; i++) {
      let x = r() * total;
      const step = steps.find(([w]) => (x -= w) < 0) ?? steps[steps.length - 1];
      await step[1]();
    }
    await removals();
  };
}

describe('rebuild equals live', () => {
  it(`after random histories (${RUNS} seeds × ${STEPS} commands), every registered projection rebuilt from the log equals the live tables, row by row`, async () => {
    let admin = await api.login('admin@faena.pe');
    const counts = new Map<string, number>();
    const called = new Set<string>(['/auth/login']);
    /** Per call, how many times it answered 2xx (a call only ever refused writes nothing a rebuild is compared on). */
    const accepted = new Map<string, number>([['/auth/login', 1]]);
    for (let run = 0; run < RUNS; run++) {
      const seed = 1000 + run * 7919;
      // A command may close the admin's own session (another admin's 'remove'): sign in again then.
      const token = () => admin;
      await historyOf(seed, token, counts, called, accepted, run === 0)(STEPS);
      if ((await api.call('GET', '/me', { token: admin })).status !== 200) admin = await api.login('admin@faena.pe');
      await catchUp();
      const live = await snapshot();
      await rebuildEverything();
      const rebuilt = await snapshot();
      expect(differences(live, rebuilt), `seed ${seed}`).toEqual([]);
      // Each history's chain went all the way: its every call after the Pedido was accepted.
      expect(counts.get('chain:issued received') ?? 0, `seed ${seed}: the chain stopped before the site issue of what it received: ${JSON.stringify([...counts].filter(([k]) => k.startsWith('chain')))}`).toBe(run + 1);
    }
    // The histories were not vacuous: renames of every record the orders copy reached the orders.
    const [{ types }] = await api.sql<{ types: string[] }[]>`SELECT array_agg(DISTINCT stream_type || ':' || event_type) AS types FROM es_events`;
    for (const kind of ['work_order:open', 'obra:rename', 'obra:remove', 'equipo:rename', 'equipo:tarifa', 'equipo_producto:rename', 'user:rename', 'user:remove named']) {
      expect(counts.get(kind) ?? 0, `${kind} never succeeded: ${JSON.stringify([...counts])}`).toBeGreaterThan(0);
    }
    expect(types).toEqual(expect.arrayContaining(['obra:RecordUpdated', 'obra:RecordRemoved', 'user:RecordUpdated', 'user:RecordRemoved', 'work_order:WorkOrderOpened', 'session:SessionOpened',
      'purchase_request:PurchaseRequestCreated', 'purchase_request:PurchaseRequestEdited', 'purchase_request:PurchaseRequestSent',
      'purchase_request:PurchaseRequestAttendedByCentral', 'purchase_request:PurchaseRequestApproved', 'central_entry_file:CentralEntriesImported']));

    // Every call that writes was driven by the histories, or is named in NOT_DRIVEN with why.
    const writing = allRoutes().filter(writes).map((r) => r.path);
    expect(writing.filter((p) => !called.has(p) && !(p in NOT_DRIVEN)), 'calls that write, neither driven nor in NOT_DRIVEN').toEqual([]);
    expect(Object.keys(NOT_DRIVEN).filter((p) => called.has(p) || !writing.includes(p)), 'NOT_DRIVEN names a call the histories drive, or none that writes').toEqual([]);
    // And each driven one was accepted at least once: one only ever refused leaves nothing to compare.
    const neverAccepted = writing.filter((p) => called.has(p) && !accepted.get(p));
    expect(neverAccepted.filter((p) => !(p in ONLY_REFUSED)), 'calls that write, driven but never accepted').toEqual([]);
    expect(Object.keys(ONLY_REFUSED).filter((p) => !writing.includes(p) || p in NOT_DRIVEN), 'ONLY_REFUSED names a call that does not write, or one not driven').toEqual([]);

    // Every table is a read model a projection writes (so compared above after its rebuild), a
    // kept derived table, or an operational one; never two of these.
    const owned = await projectionTables();
    const tables = (await api.sql<{ name: string }[]>`
      SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1`).map((t) => t.name);
    // A kept table's triggers mark it stale when a reset empties its sources: that is no second kind.
    const kinds = (t: string) => (t in KEPT_TABLES ? ['kept'] : [owned.has(t) && `projection ${owned.get(t)}`, t in OPERATIONAL_TABLES && 'operational'].filter(Boolean));
    expect(tables.filter((t) => kinds(t).length !== 1).map((t) => `${t}: ${kinds(t).join(' and ') || 'none'}`), 'tables of no kind or of two').toEqual([]);
    expect([...Object.keys(OPERATIONAL_TABLES), ...Object.keys(KEPT_TABLES)].filter((t) => !tables.includes(t)), 'declared tables that do not exist').toEqual([]);
  }, 600_000);
});
