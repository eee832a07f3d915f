import { randomUUID } from 'node:crypto';
import type { Context, Hono } from 'hono';
import * as v from 'valibot';
import { ApiError, FORBIDDEN, SESSION_EXPIRED, VALIDATION_FAILED } from './api-error';
import type { ApiDeps } from './deps';
import { okEnvelope } from './envelope';
import { fieldErrors } from './field-errors';
import { can, loadPrincipal, type Principal } from './principal';
import { readInput } from './read-input';
import { isFileReply, type AnyRoute } from './route';
import { toErrorReply } from './to-error-reply';

export const NOT_SIGNED_IN = 'Debe iniciar sesión';

function bearer(c: Context): string | null {
  const header = c.req.header('authorization') ?? '';
  const m = /^Bearer\s+(.+)$/i.exec(header);
  return m ? m[1].trim() : null;
}

async function authorize(route: AnyRoute, deps: ApiDeps, token: string | null): Promise<Principal | null> {
  const principal = token ? await loadPrincipal(deps.sql, token, deps.now()) : null;
  if (route.access.kind === 'public') return principal;
  // A token that no longer opens a session is 'session_expired' (the web signs the account out).
  if (!principal) throw new ApiError(401, token ? SESSION_EXPIRED : NOT_SIGNED_IN);
  if (route.access.kind === 'module' && !can(principal, route.access.module, route.access.right)) {
    throw new ApiError(403, FORBIDDEN);
  }
  // The session list shows when a session was last used: touched at most once a minute.
  deps.sql`UPDATE auth_sessions SET date_updated = now()
    WHERE id = ${principal.sessionId} AND date_updated < now() - interval '1 minute'`.catch(() => {});
  return principal;
}

/** What happens to a reply that does not match its route's output schema: nothing checked
 * (production), a warning in the log (development), or a 500 naming the mismatch (tests, so any
 * test that reaches the route fails). */
export type ReplyCheck = 'off' | 'log' | 'fail';

export function defaultReplyCheck(env: NodeJS.ProcessEnv = process.env): ReplyCheck {
  if (env.VITEST) return 'fail';
  return env.NODE_ENV === 'production' ? 'off' : 'log';
}

/** The issues of a payload against the route's output schema, as it reaches the client (JSON:
 * dates as text), one line each; empty when it matches. */
export function replyIssues(route: AnyRoute, payload: Record<string, unknown>): string[] {
  if (isFileReply(route.output)) return ['a file route replied JSON'];
  const parsed = v.safeParse(route.output, JSON.parse(JSON.stringify(payload)));
  if (parsed.success) return [];
  return parsed.issues.slice(0, 5).map((i) => `${v.getDotPath(i) ?? '(reply)'}: ${i.message}`);
}

/** Mounts the route table on the Hono app: one middleware path for every call, so access, input
 * validation and the envelope behave the same everywhere. */
export function mountRoutes(app: Hono, routes: AnyRoute[], deps: ApiDeps, replyCheck: ReplyCheck = defaultReplyCheck()) {
  for (const route of routes) {
    app.on(route.method, route.path, async (c) => {
      const requestId = c.req.header('x-request-id')?.slice(0, 64) || randomUUID();
      c.header('x-request-id', requestId);
      try {
        let token = bearer(c);
        // Exports open in a new tab through a form POST that carries the token (seed 000 §7).
        let raw = !token && route.formToken && route.method === 'POST' ? await readInput(c, route.method, route.bodyLimit) : null;
        if (!token && raw && typeof raw.data.token === 'string') token = raw.data.token;
        const principal = await authorize(route, deps, token);
        raw ??= await readInput(c, route.method, route.bodyLimit);
        delete raw.data.token;

        let input: unknown = {};
        if (route.input) {
          const parsed = v.safeParse(route.input, raw.data);
          if (!parsed.success) {
            const errors = fieldErrors(parsed.issues);
            throw new ApiError(422, VALIDATION_FAILED, errors);
          }
          input = parsed.output;
        }
        const metadata = {
          userId: principal?.userId ?? null,
          originalUserId: principal?.originalUserId ?? null,
          sessionId: principal?.sessionId ?? null,
          requestId,
          correlationId: c.req.header('x-correlation-id')?.slice(0, 64) || requestId,
        };
        const reply = await route.handler({ input: input as never, principal, deps, c, requestId, metadata, files: raw.files });
        if (reply instanceof Response) return reply;
        if (replyCheck !== 'off') {
          const issues = replyIssues(route, reply);
          if (issues.length) {
            deps.log.warn('reply does not match its output schema', { route: `${route.method} ${route.path}`, issues });
            if (replyCheck === 'fail') throw new Error(`${route.method} ${route.path}: reply does not match its output schema: ${issues.join('; ')}`);
          }
        }
        return c.json(okEnvelope(reply));
      } catch (error) {
        const { status, body } = toErrorReply(error, requestId, deps.log);
        return c.json(body, status as 400);
      }
    });
  }
}
