/**
 * The server page modules (server/pages/<route id>.ts), loaded once at start by the ids of shared/routes.ts — no list
 * of pages to keep here. The template import is resolved by Node from the sources and bundled by the server build.
 */
import { type RouteId, serverModuleIds } from '../../shared/routes.ts';
import type { ServerRouteModule } from './route-module.ts';

export type ServerRoutes = ReadonlyMap<RouteId, ServerRouteModule>;

export async function loadServerRoutes(): Promise<ServerRoutes> {
  const modules = await Promise.all(
    serverModuleIds.map(async (id) => {
      const module = (await import(`../pages/${id}.ts`)) as ServerRouteModule;
      if (typeof module.loader !== 'function') throw new Error(`server/pages/${id}.ts exports no loader`);
      return [id, module] as const;
    }),
  );
  return new Map(modules);
}
