import type { AnyRoute, RouteContext } from '../platform/route';

export type Handler = (ctx: RouteContext<Record<string, unknown>>) => Promise<Record<string, unknown> | Response>;

/** A generic route (defineCrud's) with its handler wrapped: the module's rules run around the
 * shared mechanism (before it, after it, or instead of it) without changing the platform. */
export function withHandler(route: AnyRoute, wrap: (inner: Handler) => Handler): AnyRoute {
  return { ...route, handler: wrap(route.handler as unknown as Handler) as AnyRoute['handler'] };
}
