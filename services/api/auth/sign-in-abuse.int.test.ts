import { describe, expect, it } from 'vitest';
import { useTestApi } from '../../../tests/harness/api';
import { solveCaptcha, type CaptchaChallenge } from './internal/captcha';

// Issue 13 §4, §5 and §12 (timing): what an attacker can do to sign-in by choosing headers,
// guessing passwords, asking for recovery mails, or timing the replies.
const api = useTestApi({ demo: 'access' });
const PASSWORD = 'Faena2026!';

async function attempt(username: string, password: string, options: { address?: string; headers?: Record<string, string> } = {}) {
  return api.call('POST', '/auth/login', {
    json: { username, password, token_captcha: await api.captcha(username), platform: 'test' },
    address: options.address,
    headers: options.headers,
  });
}

async function sessionIp(token: string): Promise<string> {
  const me = await api.call('GET', '/me', { token });
  const [row] = await api.sql`SELECT ip FROM auth_sessions WHERE id_user = ${(me.body.user as { data: { id: number } }).data.id} ORDER BY date_created DESC LIMIT 1`;
  return row.ip as string;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

describe('the client address (issue 13 §4)', () => {
  it('without TRUST_PROXY, X-Forwarded-For is ignored: rotating it does not escape the per-address limit', async () => {
    const socket = '203.0.113.5';
    for (let i = 0; i < 20; i++) {
      const r = await attempt(`nadie${i}@faena.pe`, 'wrong-pass-1', { address: socket, headers: { 'x-forwarded-for': `198.18.0.${i}` } });
      expect(r.status, `attempt ${i}`).toBe(401);
    }
    const blocked = await attempt('otro@faena.pe', 'wrong-pass-1', { address: socket, headers: { 'x-forwarded-for': '198.18.1.1' } });
    expect(blocked.status).toBe(429);
    expect(blocked.body.msg).toMatch(/^Demasiados intentos fallidos/);
  });

  it('spoofing a victim’s address in the header does not block the victim', async () => {
    const victim = '198.51.100.23';
    for (let i = 0; i < 25; i++) await attempt(`x${i}@faena.pe`, 'wrong-pass-1', { address: '203.0.113.66', headers: { 'x-forwarded-for': victim } });
    const token = (await attempt('asistente@faena.pe', PASSWORD, { address: victim })).body.token as string;
    expect(token).toBeTruthy();
    expect(await sessionIp(token)).toBe(victim);
  });

  it('with TRUST_PROXY naming the proxy, the address it forwards is the client’s, and only from that proxy', async () => {
    const { parseTrustProxy } = await import('../platform/client-address');
    const before = api.deps.config.trustProxy;
    api.deps.config.trustProxy = parseTrustProxy('10.9.0.2, 10.8.0.0/16');
    try {
      // Through the proxy (and a second trusted hop): the rightmost address they did not add.
      const through = await attempt('jefe@faena.pe', PASSWORD, { address: '10.9.0.2', headers: { 'x-forwarded-for': '6.6.6.6, 192.0.2.44, 10.8.3.4' } });
      expect(await sessionIp(through.body.token as string)).toBe('192.0.2.44');
      // Straight to the API, the header is not believed.
      const direct = await attempt('jefe@faena.pe', PASSWORD, { address: '192.0.2.99', headers: { 'x-forwarded-for': '192.0.2.44' } });
      expect(await sessionIp(direct.body.token as string)).toBe('192.0.2.99');
      // The limit follows the forwarded address: 20 failures through the proxy block that client, not the proxy.
      for (let i = 0; i < 20; i++) await attempt(`y${i}@faena.pe`, 'wrong-pass-1', { address: '10.9.0.2', headers: { 'x-forwarded-for': '192.0.2.50' } });
      expect((await attempt('jefe@faena.pe', PASSWORD, { address: '10.9.0.2', headers: { 'x-forwarded-for': '192.0.2.50' } })).status).toBe(429);
      expect((await attempt('jefe@faena.pe', PASSWORD, { address: '10.9.0.2', headers: { 'x-forwarded-for': '192.0.2.51' } })).status).toBe(200);
    } finally {
      api.deps.config.trustProxy = before;
    }
  });

  it('refuses a malformed TRUST_PROXY at start', async () => {
    const { parseTrustProxy } = await import('../platform/client-address');
    expect(() => parseTrustProxy('10.0.0.1, proxy.local')).toThrow('TRUST_PROXY: entrada no válida «proxy.local»');
    expect(() => parseTrustProxy('10.0.0.0/33')).toThrow(/entrada no válida/);
    expect(parseTrustProxy('').entries).toEqual([]);
  });
});

describe('nobody can lock an account (issue 13 §5)', () => {
  it('five wrong passwords from one address refuse that address only; the owner signs in from elsewhere after a larger captcha', async () => {
    const attacker = '203.0.113.77';
    for (let i = 0; i < 5; i++) expect((await attempt('admin@faena.pe', `adivino-${i}1`, { address: attacker })).status).toBe(401);
    // The attacker's own next try, even with the right password, waits.
    const again = await attempt('admin@faena.pe', PASSWORD, { address: attacker });
    expect(again.status).toBe(429);
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(0);

    // The account's captcha costs more now: 5 recent failures, 3 past the free ones → 8 times.
    const challenge = (await api.call('GET', '/auth/captcha', { query: { username: 'admin@faena.pe' } })).body.challenge as CaptchaChallenge;
    expect(challenge.maxnumber).toBe(400_000);
    const base = (await api.call('GET', '/auth/captcha')).body.challenge as CaptchaChallenge;
    expect(base.maxnumber).toBe(50_000);
    // A cheap challenge does not do for this account, and the reply says what it costs.
    const cheap = await api.call('POST', '/auth/login', { json: { username: 'admin@faena.pe', password: PASSWORD, token_captcha: await solveCaptcha(base) }, address: '198.51.100.80' });
    expect(cheap.status).toBe(422);
    expect(cheap.body).toMatchObject({ errors: { token_captcha: 'Resuelva el captcha nuevamente' }, maxnumber: 400_000 });

    const owner = await api.call('POST', '/auth/login', { json: { username: 'admin@faena.pe', password: PASSWORD, token_captcha: await solveCaptcha(challenge) }, address: '198.51.100.80' });
    expect(owner.status).toBe(200);
    // A success clears the account's failures: the cost is back to the base.
    expect(((await api.call('GET', '/auth/captcha', { query: { username: 'admin@faena.pe' } })).body.challenge as CaptchaChallenge).maxnumber).toBe(50_000);
  });

  it('recovery requests do not count as failed sign-ins', async () => {
    const address = '203.0.113.90';
    let refused = 0;
    for (let i = 0; i < 25; i++) {
      const r = await api.call('POST', '/auth/recover', { json: { username: `buscado${i}@faena.pe` }, address });
      if (r.status === 429) refused++;
    }
    expect(refused).toBeGreaterThan(0); // recovery has limits of its own…
    // …and they are not the sign-in's: the same address and e-mail sign in at the base cost.
    expect(((await api.call('GET', '/auth/captcha', { query: { username: 'buscado0@faena.pe' } })).body.challenge as CaptchaChallenge).maxnumber).toBe(50_000);
    expect((await attempt('almacen.central@faena.pe', PASSWORD, { address })).status).toBe(200);
  });
});

describe('reply times do not tell which e-mails exist (issue 13 §12)', () => {
  it('sign-in: an unknown e-mail takes as long as a known one with a wrong password', async () => {
    const known: number[] = [];
    const unknown: number[] = [];
    const accounts = ['root@faena.pe', 'jefe@faena.pe', 'supervisor@faena.pe', 'mecanico@faena.pe', 'almacen.obra@faena.pe', 'asistente@faena.pe'];
    for (let round = 0; round < 4; round++) {
      for (const [i, email] of accounts.entries()) {
        for (const [username, times] of [[email, known], [`desconocido${i}@faena.pe`, unknown]] as const) {
          const token_captcha = await api.captcha(username);
          const started = performance.now();
          const r = await api.call('POST', '/auth/login', { json: { username, password: 'wrong-pass-1', token_captcha }, address: `192.0.2.${100 + round * 10 + i}` });
          times.push(performance.now() - started);
          expect(r.status).toBe(401);
        }
      }
    }
    const [k, u] = [median(known), median(unknown)];
    console.log(`sign-in median: known ${k.toFixed(1)} ms, unknown ${u.toFixed(1)} ms`);
    expect(Math.abs(k - u) / Math.max(k, u)).toBeLessThan(0.35);
  });

  it('recovery: an unknown e-mail takes as long as a known one', async () => {
    // Replies of a few milliseconds: a median's relative difference is noise on a busy machine, so
    // the test asks whether one kind is slower pair after pair. Each round asks for both, in
    // alternating order (the work a known e-mail starts after its reply must not always land on
    // the same kind); a server that does more for known e-mails before replying is slower in
    // nearly every pair.
    const known: number[] = [];
    const unknown: number[] = [];
    const rounds = 40;
    let now = Date.now();
    try {
      for (let i = 0; i < rounds; i++) {
        const pair = [['jefe@faena.pe', known], ['nadie.aqui@faena.pe', unknown]] as const;
        for (const [username, times] of i % 2 ? [...pair].reverse() : pair) {
          now += 20 * 60_000; // past the recovery limits' window every time
          api.clock.now = new Date(now);
          const started = performance.now();
          const r = await api.call('POST', '/auth/recover', { json: { username } });
          times.push(performance.now() - started);
          expect(r.status).toBe(200);
          await new Promise((resolve) => setTimeout(resolve, 30));
        }
      }
    } finally {
      api.clock.now = null;
    }
    const knownSlower = known.filter((k, i) => k > unknown[i]).length / rounds;
    console.log(`recovery median: known ${median(known).toFixed(1)} ms, unknown ${median(unknown).toFixed(1)} ms; known slower in ${(knownSlower * 100).toFixed(0)} % of pairs`);
    expect(knownSlower).toBeGreaterThan(0.2);
    expect(knownSlower).toBeLessThan(0.8);
  });
});
