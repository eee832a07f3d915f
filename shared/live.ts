// What the server pushes to the browser over socket.io, as both ends read it.

/** One live push. `topic` names a socket.io room (`marca`, `marca:12`, `access`). A push caused
 * by an event also carries the stream `version` that event reached and the `correlationId` of the
 * request that wrote it (the `x-correlation-id` header): a client knows its own echo by it, and an
 * open editor compares versions instead of reading the record again. */
export type LivePush = { topic: string; version?: number; correlationId?: string };
