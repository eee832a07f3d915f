/** Polls `check` until it holds; throws after `timeoutMs`. */
export async function waitFor(check: () => Promise<boolean>, timeoutMs = 30_000, stepMs = 25) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, stepMs));
  }
  throw new Error('timed out');
}

type SqlLike = <T>(strings: TemplateStringsArray, ...values: unknown[]) => Promise<T>;

/** Waits until every event stored so far can be read by the log readers (`readAll`: events below
 * the oldest running transaction of the whole cluster). Test files run in parallel, each on its
 * own database of one cluster, so another file's open transaction can hide this file's newest
 * events for a moment; a loop that drains a projection or a reactor "until it reads nothing" must
 * first wait for this, or it stops early. */
export async function waitForLogReadable(sql: unknown, timeoutMs = 30_000) {
  const q = sql as SqlLike;
  const [head] = await q<{ tx: string | null }[]>`SELECT max(transaction_id)::text AS tx FROM es_events`;
  if (!head?.tx) return;
  await waitFor(async () => {
    const [r] = await q<{ ok: boolean }[]>`SELECT pg_snapshot_xmin(pg_current_snapshot()) > ${head.tx}::xid8 AS ok`;
    return r.ok;
  }, timeoutMs, 10);
}
