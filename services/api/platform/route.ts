import type { Context } from 'hono';
import * as v from 'valibot';
import type { GenericSchema, InferOutput } from 'valibot';
import type { EventMetadata } from '../../../events/types';
import type { ApiDeps } from './deps';
import { positiveId } from './fields';
import type { Principal } from './principal';

/** Who may call a route: anyone, any signed-in user, or users with a right on a module (its url,
 * as in the menu: '/marcas'). Every route declares one; one middleware enforces it. */
export type Access = { kind: 'public' } | { kind: 'signed_in' } | ModuleAccess;
export type ModuleAccess = { kind: 'module'; module: string; right: 'see' | 'edit' };

/** The caller a handler sees under an access: a signed-in or module route always has one (the
 * platform refuses the call before the handler otherwise); a public route may have none. */
export type PrincipalOf<A extends Access> = A extends { kind: 'public' } ? Principal | null : Principal;

/** The Hono env of the API: what the platform puts on the request context for handlers. */
export type ApiEnv = {
  Variables: {
    /** Set when the request carries an Idempotency-Key: the command id of this request (a UUID
     * kept per caller and key, the same on every retry that runs), so event ids derive from it and
     * a retried command is stored once. Undefined without the header. */
    commandId: string | undefined;
  };
};

/** What a handler receives. `principal` is the caller: never null but on public routes
 * (`RouteContext<I, Principal | null>`, from the route's access by `PrincipalOf`). */
export type RouteContext<I, P extends Principal | null = Principal> = {
  input: I;
  principal: P;
  deps: ApiDeps;
  c: Context<ApiEnv>;
  requestId: string;
  /** Event metadata for commands run by this request (acting and original user, session…). */
  metadata: Partial<EventMetadata>;
  /** Uploaded files of a multipart request, by field name. */
  files: Record<string, File>;
};

/** A reply that is a file, not the JSON envelope: its media types (the OpenAPI document lists them). */
export type FileReply = { kind: 'file'; media: readonly string[] };

/** The reply of a route: the payload schema (beside ok/msg/errors in the envelope) or a file. */
export type ReplySchema = GenericSchema | FileReply;

/** What a handler returns: the payload (the envelope is added around it) or a ready Response. */
export type HandlerReply = Record<string, unknown> | Response;

export type RouteDef<S extends GenericSchema | undefined = GenericSchema | undefined, O extends ReplySchema = ReplySchema, A extends Access = Access> = {
  method: 'GET' | 'POST';
  path: string;
  access: A;
  summary: string;
  /** Query (GET) or body (POST) schema; its inferred type is the handler's input. */
  input?: S;
  /** The reply's payload schema (what the envelope carries beside ok/msg/errors) or a file. The
   * OpenAPI document, docs/API.md, the contract tests and the web's reply types come from it. */
  output: O;
  /** Largest accepted body in bytes (default 1 MiB; uploads raise it). */
  bodyLimit?: number;
  /** The file fields of a multipart body (the OpenAPI document offers multipart/form-data). */
  files?: readonly string[];
  /** Accept the session token as a `token` form field (exports opened in a new tab). */
  formToken?: boolean;
  /** Accept the session token as a `token` query parameter when no bearer header comes (GET
   * /verify, seed 000 §7). */
  queryToken?: boolean;
  /** The reply carries a credential (a session token): under an Idempotency-Key it is never
   * stored for replay; a retry runs again once the first has finished. */
  replyHoldsCredential?: boolean;
  /** Returns database rows (untyped, timestamps as Dates until serialised): the payload is checked
   * against `output` at run time (platform/mount-routes.ts replyIssues), not by the compiler. */
  handler: (ctx: RouteContext<S extends GenericSchema ? InferOutput<S> : Record<string, never>, PrincipalOf<A>>) => Promise<HandlerReply>;
};

/** A route of the table, whatever its input and access: platform/mount-routes.ts calls its
 * handler with a principal whenever the access is not public. */
export type AnyRoute = Omit<RouteDef<GenericSchema | undefined, ReplySchema>, 'handler'> & {
  handler: (ctx: RouteContext<unknown, Principal | null>) => Promise<HandlerReply>;
};

/** A route that keeps its schemas' types, so `RouteReply<typeof route>` names its payload. */
export type TypedRoute<S extends GenericSchema | undefined, O extends ReplySchema> = AnyRoute & { input?: S; output: O };

/** The payload a route replies with (without the envelope's ok/msg/errors). */
export type RouteReply<R extends { output: ReplySchema }> = R['output'] extends GenericSchema ? InferOutput<R['output']> : never;

/** The input a route accepts, after its schema's transforms. */
export type RouteInput<R extends { input?: GenericSchema }> = R['input'] extends GenericSchema ? InferOutput<R['input']> : Record<string, never>;

export function defineRoute<S extends GenericSchema | undefined = undefined, O extends ReplySchema = ReplySchema, A extends Access = Access>(
  def: RouteDef<S, O, A>,
): TypedRoute<S, O> {
  return def as unknown as TypedRoute<S, O>;
}

export function moduleAccess(module: string, right: 'see' | 'edit'): ModuleAccess {
  return { kind: 'module', module, right };
}

/** The input of a read of one record: its id. */
const byId = () => v.object({ id: positiveId() });

/** A read of one record by its id under a module's `see` right (GET unless said): the dialogs of
 * a machine or a site (amortization, calendar, insurance, movements, total amount). */
export function readById<O extends ReplySchema>(
  module: string,
  def: Omit<RouteDef<ReturnType<typeof byId>, O, ModuleAccess>, 'method' | 'access' | 'input'> & { method?: 'GET' | 'POST' },
): TypedRoute<ReturnType<typeof byId>, O> {
  return defineRoute({ ...def, method: def.method ?? 'GET', access: moduleAccess(module, 'see'), input: byId() });
}

/** A file reply of these media types. */
export function fileReply(...media: string[]): FileReply {
  return { kind: 'file', media };
}

export function isFileReply(output: ReplySchema): output is FileReply {
  return (output as FileReply).kind === 'file';
}
