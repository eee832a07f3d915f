import { randomUUID } from 'node:crypto';
import type { Context, Hono } from 'hono';
import * as v from 'valibot';
import { withCommandIds } from '../../../events/execute';
import { ApiError, FORBIDDEN, SESSION_EXPIRED, VALIDATION_FAILED } from './api-error';
import type { ApiDeps } from './deps';
import { okEnvelope } from './envelope';
import { fieldErrors } from './field-errors';
import { HEADLINES } from './fields';
import { can, loadPrincipal, type Principal } from './principal';
import { idempotencyKeyOf, idempotencyScope, requestHash, runOnce, type RouteResponse } from './idempotency';
import { bufferBody, readInput } from './read-input';
import { isFileReply, type AnyRoute, type ApiEnv } from './route';
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
  // The session list shows when a session was last used: touched at most once a minute, in a
  // table of its own (not a fact of the log, so no projection owns it and a rebuild keeps it).
  deps.sql`INSERT INTO auth_session_use AS u (id_session, date_used) VALUES (${principal.sessionId}, now())
    ON CONFLICT (id_session) DO UPDATE SET date_used = now()
    WHERE u.date_used < now() - interval '1 minute'`.catch(() => {});
  return principal;
}

/** What happens to a reply that does not match its route's output schema: nothing checked
 * (`npm start`, production: the check costs a parse of every reply), a warning in the log
 * (`NODE_ENV=development`), or a 500 naming the mismatch (tests, so any test that reaches the
 * route fails). */
export type ReplyCheck = 'off' | 'log' | 'fail';

export function defaultReplyCheck(env: NodeJS.ProcessEnv = process.env): ReplyCheck {
  if (env.VITEST) return 'fail';
  return env.NODE_ENV === 'development' ? 'log' : 'off';
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
 * validation, the envelope and the Idempotency-Key behave the same everywhere. */
export function mountRoutes(app: Hono, routes: AnyRoute[], deps: ApiDeps, replyCheck: ReplyCheck = defaultReplyCheck()) {
  for (const route of routes) {
    app.on(route.method, route.path, async (c) => {
      const requestId = c.req.header('x-request-id')?.slice(0, 64) || randomUUID();
      c.header('x-request-id', requestId);
      const fail = (error: unknown) => {
        const { status, body } = toErrorReply(error, requestId, deps.log);
        return c.json(body, status as 400);
      };
      try {
        // Writes (every POST) may carry an Idempotency-Key; the body is then read first, within
        // the route's limit, for the request hash (GET calls ignore the header).
        const key = route.method === 'POST' ? idempotencyKeyOf(c) : null;
        const body = key ? await bufferBody(c, route.bodyLimit) : null;
        let token = bearer(c);
        // Exports open in a new tab through a form POST that carries the token (seed 000 §7).
        let raw = !token && route.formToken && route.method === 'POST' ? await readInput(c, route.method, route.bodyLimit) : null;
        if (!token && raw && typeof raw.data.token === 'string') token = raw.data.token;
        // GET /verify names the token to check as a query parameter (seed 000 §7).
        if (!token && route.queryToken && route.method === 'GET') token = c.req.query('token') || null;
        const principal = await authorize(route, deps, token);

        const run = async (): Promise<RouteResponse> => {
          try {
            raw ??= await readInput(c, route.method, route.bodyLimit);
            // A form POST's token is the credential, not input; a queryToken route declares its
            // `token` parameter in its input, so a malformed one is a field error like any other.
            if (!route.queryToken) delete raw.data.token;
            let input: unknown = {};
            if (route.input) {
              const parsed = v.safeParse(route.input, raw.data);
              if (!parsed.success) {
                const errors = fieldErrors(parsed.issues);
                // A rule of the schema may name its refusal's message as the reply's (fields.ts withRules).
                const headlines = (v.getMetadata(route.input) as { [HEADLINES]?: string[] })[HEADLINES] ?? [];
                throw new ApiError(422, Object.values(errors).find((m) => headlines.includes(m)) ?? VALIDATION_FAILED, errors);
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
            const reply = await route.handler({ input: input, principal, deps, c: c as unknown as Context<ApiEnv>, requestId, metadata, files: raw.files });
            if (reply instanceof Response) return { response: reply, storable: false };
            if (replyCheck !== 'off') {
              const issues = replyIssues(route, reply);
              if (issues.length) {
                deps.log.warn('reply does not match its output schema', { route: `${route.method} ${route.path}`, issues });
                if (replyCheck === 'fail') throw new Error(`${route.method} ${route.path}: reply does not match its output schema: ${issues.join('; ')}`);
              }
            }
            return { response: c.json(okEnvelope(reply)), storable: !route.replyHoldsCredential };
          } catch (error) {
            return { response: fail(error), storable: true };
          }
        };
        if (!key) return (await run()).response;
        const url = new URL(c.req.url);
        const claim = {
          scope: idempotencyScope(principal?.userId ?? null, route.method, url.pathname),
          key,
          hash: requestHash(route.method, url.pathname + url.search, c.req.header('content-type') ?? '', body!),
          requestId,
        };
        return await runOnce(deps.sql, deps.now, claim, (commandId) => {
          (c as unknown as Context<ApiEnv>).set('commandId', commandId);
          // Every execute of the request derives its command id from the key's (events/execute.ts).
          return withCommandIds(commandId, run);
        });
      } catch (error) {
        return fail(error);
      }
    });
  }
}
