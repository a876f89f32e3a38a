/**
 * The server page modules (server/pages/<route id>.ts), loaded once at start by the ids of shared/routes.ts — no list
 * of pages to keep here — and handed to the router runtime by its host (server/http/pages.ts). The template import is
 * resolved by Node from the sources and bundled by the server build.
 */
import { serverModuleIds } from '../../../shared/routes.ts';
import type { ServerRouteModule, ServerRoutes } from '../../render/route-module.ts';
import type { LoadContext } from './route-module.ts';

export async function loadServerRoutes(): Promise<ServerRoutes<LoadContext>> {
  const modules = await Promise.all(
    serverModuleIds.map(async (id) => {
      const module = (await import(`../${id}.ts`)) as ServerRouteModule<LoadContext>;
      if (typeof module.loader !== 'function') throw new Error(`server/pages/${id}.ts exports no loader`);
      return [id, module] as const;
    }),
  );
  return new Map(modules);
}
