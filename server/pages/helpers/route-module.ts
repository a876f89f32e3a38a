/**
 * What a server page module (server/pages/<route id>.ts) works with: the request context its loader and action
 * receive — the router runtime's own fields (server/render/route-module.ts) plus the site, session and services the
 * host adds (server/http/pages.ts) — and the helpers every page uses: zod parsing of params, query and form bodies,
 * the spec's 404, and how a mutation answers (docs/decisions/020-route-modules.md, 021-router-actions.md).
 */
import { data, redirect } from 'react-router-dom';
import type { z } from 'zod';
import type { ActionResult } from '../../../shared/contracts.ts';
import { routerPath, safeLocalPath } from '../../../shared/safe-path.ts';
import type { Site } from '../../../shared/sites.ts';
import type { ProviderUrl } from '../../checkout/index.ts';
import { notFoundError, type RouteActionArgs, type RouteLoaderArgs, type RouterContext } from '../../render/route-module.ts';
import type { Services } from '../../services/index.ts';
import type { SessionSnapshot } from '../../sessions/index.ts';

export { type NotFoundData, notFoundError } from '../../render/route-module.ts';

/** The page context: the runtime's fields (language, basename, document, flash, effects) and the host's. */
export interface LoadContext extends RouterContext {
  site: Site;
  session: { id: string; token: string; snapshot: SessionSnapshot };
  /** The visitor accepted cookies (spec §3 `cooky`): the banner is not rendered. */
  cookieConsent: boolean;
  /** The request came to a local host (localhost, *.localhost), where test notices show too. */
  localHost: boolean;
  /**
   * No SMTP server is configured and this visitor may read the demo inbox (a local host, from this computer): pages
   * that say a mail was sent link to it (docs/decisions/042-demo-inbox.md).
   */
  demoInbox: boolean;
  /**
   * This site's origin as the visitor reached it (scheme://host[:port]) — from the sites config, with the request's
   * port on local hosts (server/sites/site-address.ts): for absolute addresses given to third parties (return_url).
   */
  origin: string;
  /** The visitor's address (behind a proxy only when TRUST_PROXY allows it): rate limits key on it. */
  clientAddress: string;
  services: Services;
}

export type LoaderArgs = RouteLoaderArgs<LoadContext>;
export type ActionArgs = RouteActionArgs<LoadContext>;

/** A path inside the current language: "/personal" → "/en/personal", "/" → "/en" under the /en basename. */
export function localPath(basename: string, path: string): string {
  if (basename === '/') return path;
  return path === '/' ? basename : basename + path;
}

/**
 * The 301 from a renamed category's old address (catalog.movedCategory) to its current one: the current slug from the
 * database, then the tail that matched (a product's slug, checked by the route's schema) and the query string as the
 * URL parser encoded it; relative to the router, so the static handler adds the language prefix. Never a host.
 */
export function movedCategoryRedirect(currentSlug: string, tail: string, requestUrl: string): Response {
  return redirect(`/${currentSlug}${tail}${new URL(requestUrl).search}`, 301);
}

/** The route's params by its schema; anything that does not fit is simply not found (the 404 page). */
export function routeParams<S extends z.ZodType>(schema: S, args: { params: unknown; request: Request }): z.output<S> {
  const parsed = schema.safeParse(args.params);
  if (!parsed.success) throw notFoundError(args.request.url);
  return parsed.data;
}

/** The query string as a plain object (the first value of a repeated key, as URLSearchParams.get), for a zod schema. */
export function queryObject(request: Request): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of new URL(request.url).searchParams) values[key] ??= value;
  return values;
}

/** The hidden field naming which form on the page was sent (client/route-form.tsx), echoed in its flash. */
export const FORM_KEY_FIELD = '_form';
const FORM_KEY = /^[\w:.-]{1,100}$/;
/** A message key of shared/locales ("form.quantity"), as form schemas write their messages. */
const MESSAGE_KEY = /^[a-zA-Z]+(\.[a-zA-Z]+)+$/;

export interface SubmittedForm {
  /** The form's key ('' when it sent none or a malformed one). */
  key: string;
  /** The fields as sent, without the token and `secret` fields (passwords). */
  values: Record<string, string>;
}

/**
 * A submitted form checked by its schema. Field errors are message keys of shared/locales (zod messages are
 * written as keys, e.g. 'form.required'); the values come back as sent, without `secret` fields, so nothing typed
 * is lost when the page shows the errors.
 */
export async function readForm<S extends z.ZodType>(
  request: Request,
  schema: S,
  secret: string[] = [],
): Promise<SubmittedForm & ({ ok: true; data: z.output<S> } | { ok: false; result: ActionResult })> {
  const form = await request.formData();
  const fields: Record<string, string> = {};
  for (const [key, value] of form) if (typeof value === 'string') fields[key] ??= value;
  const values: Record<string, string> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (key !== 'token' && key !== FORM_KEY_FIELD && !secret.includes(key)) values[key] = value.slice(0, 2000);
  }
  const key = FORM_KEY.test(fields[FORM_KEY_FIELD] ?? '') ? fields[FORM_KEY_FIELD]! : '';
  const parsed = schema.safeParse(fields);
  if (parsed.success) return { ok: true, data: parsed.data, key, values };
  const errors: Record<string, string> = {};
  // A message the schema did not name (zod's own English text, e.g. for a missing field) is no key to translate.
  for (const issue of parsed.error.issues)
    errors[String(issue.path[0] ?? '')] ??= MESSAGE_KEY.test(issue.message) ? issue.message : 'form.invalid';
  return { ok: false, result: { ok: false, errors, values }, key, values };
}

/**
 * A successful mutation. Posted without JavaScript: 303 to the form's `next` (when it is a safe local path) or to
 * `fallback` — router paths, React Router adds the visitor's language prefix. From a fetcher: the result as data,
 * and the router revalidates the loaders on the page.
 */
export function mutationDone<T extends ActionResult>(args: ActionArgs, next: string | undefined, fallback: string, result: T) {
  if (args.context.document) return redirect(returnPath(args.context, next, fallback), 303);
  return result;
}

/**
 * A mutation after which the visitor goes on to another page, with or without JavaScript (signing in or out): a
 * redirect to the form's safe `next` or to `fallback`; the router follows it and revalidates the shell.
 */
export function continueTo(args: ActionArgs, next: string | undefined, fallback: string) {
  return redirect(returnPath(args.context, next, fallback), 303);
}

/**
 * Leaves the shop for the payment provider's confirmation page, with or without JavaScript: a 303 to an address that
 * only the payment service can produce (a ProviderUrl: the provider's answer, checked against the allowed hosts) —
 * never an address from input. The browser's router sees another origin and loads it as a document.
 */
export function leaveForPayment(_args: ActionArgs, url: ProviderUrl) {
  return redirect(url, 303);
}

/**
 * Where a no-JS form post returns: its `next` — a full document path, as the page wrote it (useHref) — when it is a
 * safe local path in the visitor's language, else the fallback router path.
 */
function returnPath(context: LoadContext, next: string | undefined, fallback: string): string {
  const safe = safeLocalPath(next);
  return (safe && routerPath(safe, context.basename)) ?? fallback;
}

/**
 * A refused mutation (field errors, a product not sold …) with its status. Without JavaScript: 303 back to the form's
 * page with the outcome kept for it (flash); from a fetcher: the result with the status, shown beside the fields.
 */
export function mutationFailed(
  args: ActionArgs,
  form: SubmittedForm,
  next: string | undefined,
  fallback: string,
  result: ActionResult,
  status: number,
) {
  if (args.context.document) {
    args.context.effects.flash = { form: form.key, result };
    return redirect(returnPath(args.context, next, fallback), 303);
  }
  return data(result, { status });
}
