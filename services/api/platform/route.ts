import type { Context } from 'hono';
import type { GenericSchema, InferOutput } from 'valibot';
import type { EventMetadata } from '../../../events/types';
import type { ApiDeps } from './deps';
import type { Principal } from './principal';

/** Who may call a route: anyone, any signed-in user, or users with a right on a module (its url,
 * as in the menu: '/marcas'). Every route declares one; one middleware enforces it. */
export type Access = { kind: 'public' } | { kind: 'signed_in' } | { kind: 'module'; module: string; right: 'see' | 'edit' };

/** The Hono env of the API: what the platform puts on the request context for handlers. */
export type ApiEnv = {
  Variables: {
    /** Set when the request carries an Idempotency-Key: the command id of this request (a UUID
     * kept per caller and key, the same on every retry that runs), so event ids derive from it and
     * a retried command is stored once. Undefined without the header. */
    commandId: string | undefined;
  };
};

export type RouteContext<I> = {
  input: I;
  principal: Principal | null;
  deps: ApiDeps;
  c: Context<ApiEnv>;
  requestId: string;
  /** Event metadata for commands run by this request (acting and original user, session…). */
  metadata: Partial<EventMetadata>;
  /** Uploaded files of a multipart request, by field name. */
  files: Record<string, File>;
};

export type RouteReply = Record<string, unknown> | Response;

export type RouteDef<S extends GenericSchema | undefined = GenericSchema | undefined> = {
  method: 'GET' | 'POST';
  path: string;
  access: Access;
  summary: string;
  /** Query (GET) or body (POST) schema; its inferred type is the handler's input. */
  input?: S;
  /** What the reply carries beside ok/msg/errors, for docs/API.md. */
  reply?: string;
  /** Largest accepted body in bytes (default 1 MiB; uploads raise it). */
  bodyLimit?: number;
  /** Accept the session token as a `token` form field (exports opened in a new tab). */
  formToken?: boolean;
  /** The reply carries a credential (a session token): under an Idempotency-Key it is never
   * stored for replay; a retry runs again once the first has finished. */
  replyHoldsCredential?: boolean;
  handler: (ctx: RouteContext<S extends GenericSchema ? InferOutput<S> : Record<string, never>>) => Promise<RouteReply>;
};

export type AnyRoute = RouteDef<GenericSchema | undefined>;

export function defineRoute<S extends GenericSchema | undefined = undefined>(def: RouteDef<S>): AnyRoute {
  return def as unknown as AnyRoute;
}

export function moduleAccess(module: string, right: 'see' | 'edit'): Access {
  return { kind: 'module', module, right };
}
