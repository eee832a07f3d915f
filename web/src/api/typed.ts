import type { EndpointInput, EndpointReply, Method } from '@shared/contracts/endpoint';
import type { AnyEndpoint } from '@shared/contracts/endpoints';
import type { WriteCall } from '../ui/resource/defineResource';
import { api, fetchOk } from './client';
import type { Envelope } from './envelope';

// The typed client: a call names its path, which must be one of the contracts' endpoints
// (shared/contracts/endpoints.ts) for that method; the query or body it sends has the type of the
// endpoint's input schema and its reply the type of the endpoint's reply schema. Types only: the
// requests sent and the replies read are those of api/client.ts, and writes still go through the
// resource layer's `useWrite` (postCall builds the call it sends).

type EndpointOf<M extends Method, P extends string> = Extract<AnyEndpoint, { method: M; path: P }>;

/** The paths the contracts describe for a method. */
export type PathOf<M extends Method> = EndpointOf<M, string>['path'];

/** What a call sends: the query of a GET, the JSON body of a POST. */
export type InputOf<M extends Method, P extends PathOf<M>> = EndpointInput<EndpointOf<M, P>>;

/** The payload of a call's ok reply. */
export type ReplyOf<M extends Method, P extends PathOf<M>> = EndpointReply<EndpointOf<M, P>>;

/** A reply whose envelope, when ok, carries the call's payload. */
export type TypedReply<R> = { status: number; envelope: Envelope & Partial<R> };

/** For TanStack Query: the payload of an ok reply of GET `path`, or an ApiFailure thrown (fetchOk). */
export function read<P extends PathOf<'GET'>>(path: P, query: InputOf<'GET', P>): Promise<Envelope & ReplyOf<'GET', P>> {
  return fetchOk<ReplyOf<'GET', P> & Record<string, unknown>>('GET', path, query);
}

/** GET `path`, resolving to the reply (ok or not) as `api.get` does. */
export async function ask<P extends PathOf<'GET'>>(path: P, query: InputOf<'GET', P>): Promise<TypedReply<ReplyOf<'GET', P>>> {
  return (await api.get(path, query)) as TypedReply<ReplyOf<'GET', P>>;
}

/** A GET call written out as an object (a resource's form read, which useRecordForm loads), with
 * its path and query checked like getCall's: `{ … } satisfies GetCallOf<'/…/form'>`. A module the
 * entry chunk carries (a route's resource) uses it, so that the sign-in page does not load this
 * module's code. */
export type GetCallOf<P extends PathOf<'GET'>> = { method: 'GET'; path: P; query: InputOf<'GET', P> };

/** The call of GET `path` with its query, for a resource's form read (useRecordForm loads it). */
export function getCall<P extends PathOf<'GET'>>(path: P, query: InputOf<'GET', P>): WriteCall {
  return { method: 'GET', path, query };
}

/** The write of POST `path` with its body, for `useWrite` (and the row actions' `run`). */
export function postCall<P extends PathOf<'POST'>>(path: P, body: InputOf<'POST', P>): WriteCall {
  return { path, body };
}
