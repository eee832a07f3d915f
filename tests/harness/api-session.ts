import { expect } from 'vitest';
import { solveCaptcha } from '../../services/api/auth/internal/captcha';
import { DEMO_PASSWORD } from '../../services/demo/access-data';

// A session through the real API of a running server, as another user would have beside the
// browser (the captcha solved in Node): for fixtures made the way a user makes them.

/** The bearer token of `email` signed in at `baseUrl` with the demo password. */
export async function apiToken(baseUrl: string, email: string): Promise<string> {
  const challenge = (await (await fetch(`${baseUrl}/api/auth/captcha`)).json()).challenge;
  const login = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: email, password: DEMO_PASSWORD, token_captcha: await solveCaptcha(challenge), platform: 'test' }),
  });
  return ((await login.json()) as { token: string }).token;
}

/** A POST of `body` (JSON, or a FormData as is) to /api`path`, expected to answer 200. */
export type ApiPost = (path: string, body: unknown) => Promise<Record<string, unknown>>;

/** POSTs as `email` (each with its own idempotency key), each expected to answer 200. */
export async function apiAs(baseUrl: string, email: string): Promise<ApiPost> {
  const token = await apiToken(baseUrl, email);
  return async (path, body) => {
    const form = body instanceof FormData;
    const headers: Record<string, string> = { authorization: `Bearer ${token}`, 'idempotency-key': crypto.randomUUID(), ...(form ? {} : { 'content-type': 'application/json' }) };
    const res = await fetch(`${baseUrl}/api${path}`, { method: 'POST', headers, body: form ? body : JSON.stringify(body) });
    const reply = (await res.json()) as Record<string, unknown>;
    expect(res.status, `${path}: ${String(reply.msg)} ${JSON.stringify(reply)}`).toBe(200);
    return reply;
  };
}
