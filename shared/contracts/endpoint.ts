import type * as v from 'valibot';

// The calls of the API as the web makes them: one descriptor per call, with its method, its full
// literal path (so `git grep '/solicitudes_compras/aprobar'` finds it), what it sends (the query of
// a GET, the JSON body of a POST) and the payload its reply carries beside ok/msg/errors. Each
// feature's contract lists its calls (`purchaseRequestEndpoints`…); the web's typed client
// (web/src/api/typed.ts) takes its types from them and tests/contract/endpoints.unit.test.ts checks
// that the API mounts every one with that method and path.

export type Method = 'GET' | 'POST';

/** One call of the API. */
export type Endpoint<M extends Method = Method, P extends string = string, I extends v.GenericSchema = v.GenericSchema, R extends v.GenericSchema = v.GenericSchema> = {
  readonly method: M;
  readonly path: P;
  /** The query (GET) or body (POST) the client sends: the fields the web uses, as the API reads them. */
  readonly input: I;
  /** The reply's payload: the schema the API's route answers with. */
  readonly reply: R;
};

/** A GET call: `input` is its query. */
export const getEndpoint = <P extends string, I extends v.GenericSchema, R extends v.GenericSchema>(path: P, input: I, reply: R): Endpoint<'GET', P, I, R> => ({
  method: 'GET',
  path,
  input,
  reply,
});

/** A POST call: `input` is its JSON body. */
export const postEndpoint = <P extends string, I extends v.GenericSchema, R extends v.GenericSchema>(path: P, input: I, reply: R): Endpoint<'POST', P, I, R> => ({
  method: 'POST',
  path,
  input,
  reply,
});

/** The query or body of a call as the client writes it. */
export type EndpointInput<E extends Endpoint> = v.InferInput<E['input']>;

/** The payload of a call's ok reply. */
export type EndpointReply<E extends Endpoint> = v.InferOutput<E['reply']>;
