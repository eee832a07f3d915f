import { describe, expect, it, beforeAll } from 'vitest';
import { useApiProcess } from '../../../../tests/harness/api-process';
import { DEMO_PASSWORD } from '../../../demo/access-data';
import { solveCaptcha } from '../../auth/internal/captcha';

// Issue 13 §9: three concurrent PDF exports of the hour-meter list (26,620 rows) took ~21 s each
// and pushed /api/health to p50 721 ms, max 1.8 s: the layout ran on the event loop. PDF layout
// now runs in a worker thread, and a user runs at most EXPORTS_PER_USER exports at once.
// The demo data holds the list; the exports take its newest EXPORT_LOAD_ROWS rows (default 9,000)
// through the list's date filter (docs/PERFORMANCE.md records runs over the whole list).
const ROWS = Number(process.env.EXPORT_LOAD_ROWS ?? 9000);

const api = useApiProcess();
const tokens: Record<string, string> = {};

async function login(email: string): Promise<string> {
  const challenge = await (await fetch(`${api.baseUrl}/api/auth/captcha?username=${encodeURIComponent(email)}`)).json();
  const reply = await fetch(`${api.baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: email, password: DEMO_PASSWORD, token_captcha: await solveCaptcha(challenge.challenge), platform: 'test' }),
  });
  const body = await reply.json();
  if (reply.status !== 200) throw new Error(`login ${email}: ${reply.status} ${body.msg}`);
  return body.token as string;
}

/** The date filter that selects the newest ROWS rows (whole days), and how many rows it selects. */
const range: { query: string; rows: number } = { query: '', rows: 0 };

function exportOf(token: string, kind: 'pdf' | 'csv' | 'xlsx'): Promise<Response> {
  return fetch(`${api.baseUrl}/api/horometros/export?kind=${kind}${range.query}`, { headers: { authorization: `Bearer ${token}` } });
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** Calls /api/health every 20 ms (without waiting for the previous answer) until stopped; the latencies in ms. */
function sampleHealth(): { stop(): Promise<number[]> } {
  const pending: Promise<number>[] = [];
  const timer = setInterval(() => {
    const start = performance.now();
    pending.push(fetch(`${api.baseUrl}/api/health`).then(async (r) => (await r.arrayBuffer(), performance.now() - start)));
  }, 20);
  return {
    async stop() {
      clearInterval(timer);
      return (await Promise.all(pending)).sort((a, b) => a - b);
    },
  };
}

const figures = (ms: number[]) => ({ n: ms.length, p50: Math.round(percentile(ms, 50)), p95: Math.round(percentile(ms, 95)), max: Math.round(ms[ms.length - 1]) });

beforeAll(async () => {
  for (const email of ['root@faena.pe', 'admin@faena.pe', 'jefe@faena.pe']) tokens[email] = await login(email);
  const [{ from, to }] = await api.sql<{ from: string; to: string }[]>`
    SELECT to_char(min(fecha), 'YYYY-MM-DD') AS from, to_char(max(fecha), 'YYYY-MM-DD') AS to
      FROM (SELECT fecha FROM rm_horometros ORDER BY fecha DESC LIMIT ${ROWS}) newest`;
  const [{ n }] = await api.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM rm_horometros WHERE fecha BETWEEN ${from}::date AND ${to}::date`;
  range.query = `&date_from=${from}&date_to=${to}`;
  range.rows = n;
}, 120_000);

describe('heavy exports never stall the server (issue 13 §9)', () => {
  it(`three concurrent PDF exports of about ${ROWS} rows come out whole while /api/health keeps answering`, async () => {
    const idle = sampleHealth();
    await new Promise((r) => setTimeout(r, 1000));
    const baseline = figures(await idle.stop());

    expect(range.rows).toBeGreaterThanOrEqual(ROWS);
    const sampler = sampleHealth();
    const started = performance.now();
    const exports = Promise.allSettled(
      Object.values(tokens).map(async (token) => {
        const reply = await exportOf(token, 'pdf');
        expect(reply.status).toBe(200);
        const pdf = Buffer.from(await reply.arrayBuffer());
        expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
        expect(pdf.subarray(-6).toString('latin1')).toMatch(/%%EOF/);
        // one line a row, 30 rows a page
        expect((pdf.toString('latin1').match(/\/Type \/Page(?!s)\b/g) ?? []).length).toBe(Math.ceil(range.rows / 30));
        return Math.round(performance.now() - started);
      }),
    );
    const settled = await exports;
    const health = figures(await sampler.stop());
    const durations = settled.map((r) => {
      if (r.status === 'rejected') throw r.reason;
      return r.value;
    });
    console.log(`exports of ${range.rows} rows: ${JSON.stringify({ baseline, health, durations })}`);
    expect(health.n).toBeGreaterThan(20);
    // With the layout on the event loop the median was 721 ms; off it, about 10 ms on a quiet
    // machine. The median under 100 ms tells the two apart even while other test files load the
    // machine; the p95 target (50 ms) needs a quiet machine and is recorded in docs/PERFORMANCE.md.
    expect(health.p50).toBeLessThan(100);
  }, 600_000);

  it('a user runs at most two exports at once; a finished one frees its slot', async () => {
    // Imported here so that the test above runs on its own against code without the cap.
    const { EXPORTS_PER_USER, MSG_EXPORTS_BUSY } = await import('./export-slots');
    expect(EXPORTS_PER_USER).toBe(2);
    const admin = tokens['admin@faena.pe'];
    // Two exports whose bodies are not read yet: both still running.
    const running = [await exportOf(admin, 'pdf'), await exportOf(admin, 'csv')];
    expect(running.map((r) => r.status)).toEqual([200, 200]);
    const refused = await exportOf(admin, 'xlsx');
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ ok: false, msg: MSG_EXPORTS_BUSY });
    // Another user is not held back.
    const other = await exportOf(tokens['jefe@faena.pe'], 'csv');
    expect(other.status).toBe(200);
    await other.arrayBuffer();
    // A download read to the end frees its slot.
    await running[1].arrayBuffer();
    const next = await retryWhileBusy(() => exportOf(admin, 'csv'));
    expect(next.status).toBe(200);
    expect((await exportOf(admin, 'csv')).status).toBe(429);
    // So does one the client abandons.
    await running[0].body?.cancel();
    const again = await retryWhileBusy(() => exportOf(admin, 'csv'));
    expect(again.status).toBe(200);
    await Promise.all([next.body?.cancel(), again.body?.cancel()]);
  }, 600_000);
});

/** The server learns that a download ended a moment after the client: ask again for up to 5 s. */
async function retryWhileBusy(call: () => Promise<Response>): Promise<Response> {
  for (let waited = 0; ; waited += 50) {
    const reply = await call();
    if (reply.status !== 429 || waited >= 5000) return reply;
    await reply.arrayBuffer();
    await new Promise((r) => setTimeout(r, 50));
  }
}
