/**
 * What the router runtime (server/render/) knows of a page: the part of the request context it fills in and reads
 * itself, the shape of a server page module, and the spec's 404. The runtime is generic over the rest of the context:
 * its host (server/http/pages.ts) adds site, session and services, and the pages' own helpers read them
 * (server/pages/helpers/route-module.ts; docs/decisions/020-route-modules.md, addendum).
 */
import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from 'react-router-dom';
import type { ActionResult } from '../../shared/contracts.ts';
import type { GuardName, RouteId } from '../../shared/routes.ts';
import type { Language } from '../../shared/sites.ts';

/** A form's outcome kept for the page a no-JavaScript post returns to (FLASH_COOKIE). */
export interface Flash {
  /** Which form it belongs to (the form's `key`, see client/route-form.tsx). */
  form: string;
  result: ActionResult;
}

/** Changes a loader or action asks the answer to carry (cookies, headers), applied by the runtime. */
export interface RouterEffects {
  /** The visitor's session changed (sign-in, sign-out): the answer sets the new session cookie. */
  session?: string;
  flash?: Flash;
  /** The visitor must wait this long before trying again (a rate limit): sent as Retry-After. */
  retryAfterSeconds?: number;
  /** The page holds something bound to this visitor (a form's stamp): never a kept page (decision 052). */
  personal?: true;
}

/** The fields of the request context the runtime fills in itself; its host's context extends it. */
export interface RouterContext {
  language: Language;
  /** The router's basename: '/' or the language prefix ('/en'). */
  basename: string;
  /** A full-document request (a page, a form posted without JavaScript), not a client navigation's data call. */
  document: boolean;
  /** The outcome of the form a no-JS post just returned from, shown once. */
  flash: Flash | null;
  effects: RouterEffects;
}

export type RouteLoaderArgs<Ctx extends RouterContext> = LoaderFunctionArgs<Ctx> & { context: Ctx };
export type RouteActionArgs<Ctx extends RouterContext> = ActionFunctionArgs<Ctx> & { context: Ctx };

/** A server page module: everything optional but the loader; the client page of the same name renders its data. */
export interface ServerRouteModule<Ctx extends RouterContext = RouterContext> {
  /** A guard of spec §6, run before any loader or action of the route (the host's guard table implements it). */
  guard?: GuardName;
  loader: (args: RouteLoaderArgs<Ctx>) => unknown;
  action?: (args: RouteActionArgs<Ctx>) => unknown;
}

/** The server page modules by route id (loaded by the host: server/pages/helpers/server-routes.ts). */
export type ServerRoutes<Ctx extends RouterContext = RouterContext> = ReadonlyMap<RouteId, ServerRouteModule<Ctx>>;

/** The spec's unknown-route error (§8): status 404, "Page not found: {fullPath}", the path in the data. */
export interface NotFoundData {
  message: string;
  path: string;
}

export function notFoundError(requestUrl: string) {
  const url = new URL(requestUrl);
  const fullPath = url.pathname + url.search;
  // statusText given explicitly: React Router's default for a thrown data() is "Internal Server Error".
  return data<NotFoundData>({ message: `Page not found: ${fullPath}`, path: fullPath }, { status: 404, statusText: 'Not Found' });
}
