import fc from 'fast-check';
import { rebuildProjection } from '../../projections/rebuild';
import { asyncProjections, inlineProjections } from '../../projections/registry';
import { refreshPmForecasts } from '../../services/app/preventive-maintenance/pm-board-sql';
import { refreshProfitMonths } from '../../services/app/profitability/profit-query';
import type { TestApi } from '../harness/api';
import { catchUpProjections } from '../harness/catch-up';
import { checkInvariants, commandArbitraries } from './chain-model';
import { emptyModel, Violation, type Model, type World } from './chain-world';

type Cmd = fc.AsyncCommand<Model, World, false>;

/** A command followed by the invariants (the step's calls are named in a violation). */
export function checked(c: Cmd): Cmd {
  return {
    check: (m) => c.check(m),
    async run(m, w) {
      w.calls = [];
      try {
        await c.run(m, w);
        await checkInvariants(m, w);
      } catch (e) {
        if (e instanceof Violation) throw new Violation(`${c.toString()}: ${e.message}\n  calls: ${w.calls.map((x) => `${x.as} ${x.method} ${x.path} → ${x.status} ${x.msg}`).join('; ')}`);
        throw e;
      }
    },
    toString: () => c.toString(),
  };
}

/** Plays `steps` from an empty model, checking after each; a step whose precondition does not hold
 * is skipped, as fast-check does. */
export async function replay(w: World, steps: Cmd[]): Promise<Model> {
  const model = emptyModel();
  for (const s of steps) if (s.check(model)) await checked(s).run(model, w);
  return model;
}

export type SimulatedMonth = { seed: number; runs: number; steps: number; seconds: number; failure: string | null; counterexample: string | null };

/** The model run: `runs` histories of up to `perRun` commands each, from the fixed or random seed.
 * `budget`: once that many steps ran, the remaining commands are skipped (as a precondition that
 * does not hold), so CI's run has about that many steps whatever the mix of commands; a failure
 * lifts it, so the shrinking replays every step it tries. */
export async function simulateMonth(w: World, o: { seed: number; runs: number; perRun: number; budget?: number; onStep?: () => void }): Promise<SimulatedMonth> {
  let steps = 0;
  let budget = o.budget ?? Infinity;
  const started = performance.now();
  const counted = (c: Cmd): Cmd => {
    const inner = checked(c);
    return {
      check: (m) => steps < budget && c.check(m),
      toString: () => c.toString(),
      async run(m, real) {
        steps++;
        o.onStep?.();
        try {
          await inner.run(m, real);
        } catch (e) {
          budget = Infinity;
          throw e;
        }
      },
    };
  };
  const arbs = commandArbitraries().map((a) => a.map(counted));
  const result = await fc.check(
    fc.asyncProperty(fc.commands(arbs, { maxCommands: o.perRun * 3, size: 'max' }), async (cmds) => {
      await fc.asyncModelRun(() => ({ model: emptyModel(), real: w }), cmds);
    }),
    { seed: o.seed, numRuns: o.runs, endOnFailure: false, maxSkipsPerRun: 1000 },
  );
  const seconds = (performance.now() - started) / 1000;
  const counterexample = result.counterexample ? String(result.counterexample[0]) : null;
  const failure = result.failed ? String((result.errorInstance as Error | undefined)?.message ?? 'failed') : null;
  return { seed: o.seed, runs: o.runs, steps, seconds, failure, counterexample };
}

/** At the end: every projection rebuilt from the log equals the live tables. Returns the tables that differ. */
export async function rebuildDifferences(api: TestApi): Promise<string[]> {
  await catchUpProjections(api.sql, api.store, asyncProjections);
  const TIME_OF_WRITE: Record<string, string[]> = { es_checkpoints: ['updated_at'], app_settings: ['updated_at'] };
  const snapshot = async () => {
    await refreshPmForecasts(api.sql, new Date());
    await refreshProfitMonths(api.sql);
    const tables = await api.sql<{ name: string }[]>`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1`;
    const out = new Map<string, string[]>();
    for (const { name } of tables) {
      const skip = new Set(TIME_OF_WRITE[name] ?? []);
      const rows = await api.sql.unsafe<Record<string, unknown>[]>(`SELECT * FROM "${name}"`);
      out.set(name, rows.map((r) => JSON.stringify(Object.keys(r).sort().filter((k) => !skip.has(k)).map((k) => [k, r[k]]))).sort());
    }
    return out;
  };
  const live = await snapshot();
  for (const p of inlineProjections) await rebuildProjection(api.sql, api.store, p, 'inline');
  for (const p of asyncProjections) await rebuildProjection(api.sql, api.store, p, 'async');
  const rebuilt = await snapshot();
  const out: string[] = [];
  for (const [table, rows] of live) {
    const other = rebuilt.get(table) ?? [];
    if (rows.length === other.length && rows.every((row, i) => row === other[i])) continue;
    const theirs = new Set(other);
    out.push(`${table}: live ${rows.length} rows, rebuilt ${other.length}; first live row not rebuilt: ${rows.find((r) => !theirs.has(r))?.slice(0, 300) ?? '—'}`);
  }
  return out;
}

/** Every SICAM push happened exactly once: each request the model approved that Faena records as
 * sent is in SICAM once, and none is there twice. */
export async function sicamPushesOnce(api: TestApi, w: World, tag: string): Promise<string[]> {
  const sent = await api.sql<{ codigo: string; enviado: number }[]>`
    SELECT r.codigo, r.enviado_sicam::int AS enviado FROM rm_solicitudes_compras r
     WHERE EXISTS (SELECT 1 FROM rm_productos_solicitados p JOIN rm_materiales m ON m.id = p.id_material WHERE p.id_solicitud_compra = r.id AND m.codigo LIKE ${`MDL-${tag.toUpperCase()}-%`})`;
  const out: string[] = [];
  for (const r of sent) {
    const n = [...w.sim.sim.requests.values()].filter((x) => x.codigo === r.codigo).length;
    if (n > 1 || (r.enviado === 1 && n !== 1)) out.push(`${r.codigo}: enviado_sicam ${r.enviado}, in SICAM ${n} times`);
  }
  return out;
}
